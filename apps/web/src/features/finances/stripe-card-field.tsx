import { MONEY_MESSAGES } from '@lp/domain';
import Box from '@mui/material/Box';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import type { StripeCardElement } from '@stripe/stripe-js';
import { type Ref, useEffect, useId, useImperativeHandle, useRef, useState } from 'react';
import { notify } from '../../lib/notify';
import type { CardHandle } from './card-handle';
import { loadStripeJs, type PaymentClient, stripePaymentClient } from './payment-client';

export const CARD_LABEL = 'Card';
export const CARD_LOADING = 'Loading the card form...';
export const CARD_UNAVAILABLE = 'The card form could not be loaded. Please try again later, or pay by bank transfer.';

/** Stripe's Card Element, with Stripe.js loaded only when this form opens. */
export function StripeCardField({
  ref,
  publishableKey,
  disabled,
}: {
  ref: Ref<CardHandle>;
  publishableKey: string;
  disabled: boolean;
}) {
  const labelId = useId();
  const errorId = useId();
  const mountRef = useRef<HTMLDivElement>(null);
  const [stripe, setStripe] = useState<{ client: PaymentClient<StripeCardElement>; card: StripeCardElement } | null>(
    null,
  );
  const [failed, setFailed] = useState(false);
  const [complete, setComplete] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let card: StripeCardElement | null = null;
    let cancelled = false;
    loadStripeJs(publishableKey).then(
      (loaded) => {
        if (cancelled || !mountRef.current) return;
        card = loaded.elements().create('card', { hidePostalCode: true });
        card.on('change', (event) => {
          setComplete(event.complete);
          setError(event.error?.message ?? null);
        });
        card.mount(mountRef.current);
        setStripe({ client: stripePaymentClient(loaded), card });
      },
      () => {
        if (!cancelled) setFailed(true);
      },
    );
    return () => {
      cancelled = true;
      card?.destroy();
    };
  }, [publishableKey]);

  useEffect(() => {
    stripe?.card.update({ disabled });
  }, [stripe, disabled]);

  useImperativeHandle(
    ref,
    () => ({
      validate() {
        const message = !stripe
          ? failed
            ? CARD_UNAVAILABLE
            : CARD_LOADING
          : complete
            ? null
            : (error ?? MONEY_MESSAGES.cardIncomplete);
        setError(message);
        if (message) notify(`${CARD_LABEL} - ${message}`, { variant: 'error' });
        return message === null;
      },
      async createPaymentMethod() {
        if (!stripe) throw new Error(CARD_UNAVAILABLE);
        return stripe.client.createPaymentMethod(stripe.card);
      },
      async confirmCardPayment(intent, paymentMethodId) {
        if (!stripe) throw new Error(CARD_UNAVAILABLE);
        return stripe.client.confirmCardPayment(intent, paymentMethodId);
      },
      showError(e) {
        setError(e.message);
      },
    }),
    [stripe, failed, complete, error],
  );

  return (
    <Box role="group" aria-labelledby={labelId} aria-describedby={error ? errorId : undefined} sx={{ mt: 1 }}>
      <FormLabel id={labelId} required error={!!error}>
        {CARD_LABEL}
      </FormLabel>
      <Box
        ref={mountRef}
        sx={{
          mt: 0.5,
          px: 1.5,
          py: 1.75,
          border: 1,
          borderRadius: 1,
          borderColor: error ? 'error.main' : 'divider',
          bgcolor: disabled ? 'action.disabledBackground' : 'background.paper',
          minHeight: 48,
        }}
      />
      {!stripe && !failed ? <FormHelperText>{CARD_LOADING}</FormHelperText> : null}
      {failed && !error ? <FormHelperText error>{CARD_UNAVAILABLE}</FormHelperText> : null}
      {error ? (
        <FormHelperText id={errorId} error>
          {error}
        </FormHelperText>
      ) : null}
    </Box>
  );
}
