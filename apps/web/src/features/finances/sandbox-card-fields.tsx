import Box from '@mui/material/Box';
import FormHelperText from '@mui/material/FormHelperText';
import { type Ref, useImperativeHandle, useState } from 'react';
import type { FieldErrors } from 'react-hook-form';
import { useInvalidSubmitSnackbar } from '../../components/form-fields';
import { AppTextField } from '../../components/text-field';
import type { CardHandle } from './card-handle';
import {
  CARD_LABELS,
  type CardErrors,
  type CardField,
  type CardInput,
  formatCardNumber,
  formatExpiry,
  toSandboxCard,
  validateCard,
} from './card-validation';
import { sandboxPaymentClient } from './payment-client';

const FIELDS: readonly CardField[] = ['number', 'expiry', 'cvc'];

/** The sandbox's card form: number, expiry and CVC fields of our own, checked for completeness. */
export function SandboxCardFields({ ref, disabled }: { ref: Ref<CardHandle>; disabled: boolean }) {
  const [card, setCard] = useState<CardInput>({ number: '', expiry: '', cvc: '' });
  const [errors, setErrors] = useState<CardErrors>({});
  const [general, setGeneral] = useState<string | null>(null);
  const invalid = useInvalidSubmitSnackbar<CardInput>(CARD_LABELS);

  useImperativeHandle(
    ref,
    () => ({
      validate() {
        const found = validateCard(card);
        setErrors(found);
        setGeneral(null);
        // "[label] - [message]" at the bottom left, like every form's failed check.
        invalid(
          Object.fromEntries(
            FIELDS.filter((f) => found[f]).map((f) => [f, { type: 'validate', message: found[f] }]),
          ) as FieldErrors<CardInput>,
        );
        return Object.keys(found).length === 0;
      },
      createPaymentMethod: () => sandboxPaymentClient.createPaymentMethod(toSandboxCard(card)),
      confirmCardPayment: (intent, paymentMethodId) => sandboxPaymentClient.confirmCardPayment(intent, paymentMethodId),
      showError(error) {
        if (error.field) setErrors({ [error.field]: error.message });
        else setGeneral(error.message);
      },
    }),
    [card, invalid],
  );

  const change = (field: CardField, value: string) => {
    setCard((c) => ({ ...c, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
    setGeneral(null);
  };

  return (
    <Box>
      <AppTextField
        label={CARD_LABELS.number}
        name="cardnumber"
        autoComplete="cc-number"
        inputMode="numeric"
        required
        value={card.number}
        disabled={disabled}
        error={!!errors.number}
        helperText={errors.number}
        margin="dense"
        onChange={(e) => change('number', formatCardNumber(e.target.value))}
      />
      <Box sx={{ display: 'flex', gap: 2, flexWrap: { xs: 'wrap', sm: 'nowrap' } }}>
        <AppTextField
          label={CARD_LABELS.expiry}
          name="cc-exp"
          autoComplete="cc-exp"
          inputMode="numeric"
          placeholder="MM/YY"
          required
          value={card.expiry}
          disabled={disabled}
          error={!!errors.expiry}
          helperText={errors.expiry}
          margin="dense"
          onChange={(e) => change('expiry', formatExpiry(e.target.value))}
        />
        <AppTextField
          label={CARD_LABELS.cvc}
          name="cvc"
          autoComplete="cc-csc"
          inputMode="numeric"
          required
          value={card.cvc}
          disabled={disabled}
          error={!!errors.cvc}
          helperText={errors.cvc}
          margin="dense"
          onChange={(e) => change('cvc', e.target.value.replace(/\D/g, '').slice(0, 4))}
        />
      </Box>
      {general ? (
        <FormHelperText error role="alert">
          {general}
        </FormHelperText>
      ) : null}
    </Box>
  );
}
