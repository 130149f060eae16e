import { BREAKPOINTS, MESSAGES, MONEY_MESSAGES, parseTopUpPounds } from '@lp/domain';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { useInvalidSubmitSnackbar } from '../../components/form-fields';
import { Loading } from '../../components/loading';
import { MessageBanner } from '../../components/message-banner';
import { AppTextField } from '../../components/text-field';
import { isApiError } from '../../lib/api';
import { notify } from '../../lib/notify';
import { confirmTopUp, createPaymentIntent, financeKeys, serverMessage, useTopUpConfig } from './api';
import { BankDetails } from './bank-details';
import type { CardHandle } from './card-handle';
import { markCrediting } from './crediting';
import { FINANCE_TEXT } from './messages';
import { CardError } from './payment-client';
import { SandboxCardFields } from './sandbox-card-fields';
import { CARD_UNAVAILABLE, StripeCardField } from './stripe-card-field';

const FULL_SCREEN_QUERY = `(max-width:${BREAKPOINTS.tabs - 0.05}px)`;
const AMOUNT_LABELS = { amount: FINANCE_TEXT.amountLabel } as const;

/** "Payment failed {message}", without saying it twice when the provider's text already does. */
export function paymentFailedText(message: string): string {
  return /^payment failed/i.test(message) ? message : MONEY_MESSAGES.paymentFailed(message).trim();
}

/** Warns before the page is left (reloaded, closed) while a payment runs. */
function useLeaveWarning(active: boolean) {
  useEffect(() => {
    if (!active) return;
    const warn = (e: BeforeUnloadEvent) => {
      e.preventDefault();
      // Older browsers show the prompt only when returnValue is set.
      e.returnValue = MONEY_MESSAGES.processing;
      return MONEY_MESSAGES.processing;
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [active]);
}

/** The Add Funds modal: bank transfer details and a card top-up (part 2 sections 2, 4 and 5). */
export function AddFundsDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const titleId = useId();
  const fullScreen = useMediaQuery(FULL_SCREEN_QUERY);
  const config = useTopUpConfig(open);
  const [processing, setProcessing] = useState(false);
  useLeaveWarning(processing);

  return (
    <Dialog
      open={open}
      onClose={processing ? undefined : onClose}
      aria-labelledby={titleId}
      fullScreen={fullScreen}
      fullWidth
      maxWidth="sm"
    >
      <DialogTitle id={titleId}>{FINANCE_TEXT.addFunds}</DialogTitle>
      {config.isPending ? (
        <DialogContent>
          <Loading minHeight={200} />
        </DialogContent>
      ) : config.isError ? (
        <>
          <DialogContent>
            <MessageBanner kind="error">
              {isApiError(config.error, 403) ? MESSAGES.permissionDenied : MESSAGES.genericError}
            </MessageBanner>
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}>Close</Button>
          </DialogActions>
        </>
      ) : (
        <TopUpForm config={config.data} processing={processing} setProcessing={setProcessing} onClose={onClose} />
      )}
    </Dialog>
  );
}

interface TopUpFormProps {
  config: NonNullable<ReturnType<typeof useTopUpConfig>['data']>;
  processing: boolean;
  setProcessing: (on: boolean) => void;
  onClose: () => void;
}

function TopUpForm({ config, processing, setProcessing, onClose }: TopUpFormProps) {
  const queryClient = useQueryClient();
  const card = useRef<CardHandle>(null);
  const [amount, setAmount] = useState('');
  const [amountError, setAmountError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const invalid = useInvalidSubmitSnackbar<{ amount: string }>(AMOUNT_LABELS);

  const showAmountError = (message: string) => {
    setAmountError(message);
    invalid({ amount: { type: 'validate', message } });
  };
  const fail = (message: string) => {
    setFailure(message);
    notify(message, { variant: 'error' });
  };

  /** Card -> payment method -> intent -> card confirmation -> top-up, the order of part 2 section 4. */
  const pay = async () => {
    const parsed = parseTopUpPounds(amount);
    let valid = true;
    if ('error' in parsed) {
      showAmountError(parsed.error);
      valid = false;
    } else setAmountError(null);
    if (!card.current?.validate()) valid = false;
    if (!valid || 'error' in parsed || !card.current) return;

    const handle = card.current;
    setFailure(null);
    setProcessing(true);
    try {
      let paymentMethodId: string;
      try {
        paymentMethodId = await handle.createPaymentMethod();
      } catch (error) {
        if (error instanceof CardError) {
          handle.showError(error);
          return;
        }
        throw error;
      }

      let intent: Awaited<ReturnType<typeof createPaymentIntent>>;
      try {
        intent = await createPaymentIntent(parsed.pence, paymentMethodId);
      } catch (error) {
        if (isApiError(error, 422)) {
          showAmountError(error.fields[0]?.message ?? error.message);
          return;
        }
        throw error;
      }

      const confirmed = await handle.confirmCardPayment(
        { paymentIntentId: intent.payment_intent_id, clientSecret: intent.client_secret },
        paymentMethodId,
      );
      if (confirmed.status === 'requires_payment_method') {
        fail(paymentFailedText(confirmed.error ?? ''));
        return;
      }

      const answer = await confirmTopUp(intent.payment_intent_id);
      if (answer.status === 'processing') {
        markCrediting(answer.balance);
        notify(MONEY_MESSAGES.topUpCrediting, { variant: 'info' });
      } else {
        notify(answer.message || MONEY_MESSAGES.topUpCredited(parsed.pence), { variant: 'success' });
      }
      void queryClient.invalidateQueries({ queryKey: financeKeys.all });
      onClose();
    } catch (error) {
      // A 402 from the intent or the top-up is the provider's decline; anything else the server's words.
      if (isApiError(error, 402)) fail(paymentFailedText(error.message));
      else fail(isApiError(error) ? serverMessage(error) : MESSAGES.genericError);
    } finally {
      setProcessing(false);
    }
  };

  return (
    <Box
      component="form"
      noValidate
      aria-busy={processing}
      onSubmit={(e) => {
        e.preventDefault();
        if (!processing) void pay();
      }}
    >
      <DialogContent dividers>
        <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 700 }}>
          {FINANCE_TEXT.bankTitle}
        </Typography>
        <BankDetails bank={config.bank} />
        <Divider sx={{ my: 2 }} />
        <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 700 }}>
          {FINANCE_TEXT.cardTitle}
        </Typography>
        <AppTextField
          label={FINANCE_TEXT.amountLabel}
          name="amount"
          inputMode="decimal"
          required
          value={amount}
          disabled={processing}
          error={!!amountError}
          helperText={amountError ?? FINANCE_TEXT.amountHint}
          margin="dense"
          onChange={(e) => {
            setAmount(e.target.value);
            setAmountError(null);
          }}
        />
        {config.provider === 'sandbox' ? (
          <SandboxCardFields ref={card} disabled={processing} />
        ) : config.publishable_key ? (
          <StripeCardField ref={card} publishableKey={config.publishable_key} disabled={processing} />
        ) : (
          <MessageBanner kind="error">{CARD_UNAVAILABLE}</MessageBanner>
        )}
        {processing ? (
          <Box role="status" sx={{ mt: 2 }}>
            <LinearProgress aria-label="Processing transaction" />
            <Typography sx={{ mt: 1, fontWeight: 600 }}>{MONEY_MESSAGES.processing}</Typography>
          </Box>
        ) : null}
        {failure ? (
          <Box sx={{ mt: 2 }}>
            <MessageBanner kind="error">{failure}</MessageBanner>
          </Box>
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={processing}>
          Cancel
        </Button>
        <Button type="submit" variant="contained" disabled={processing}>
          {FINANCE_TEXT.pay}
        </Button>
      </DialogActions>
    </Box>
  );
}

export default AddFundsDialog;
