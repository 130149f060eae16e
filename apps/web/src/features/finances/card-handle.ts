import type { CardError, ConfirmResult, IntentRef } from './payment-client';

/**
 * What the Add Funds modal asks of its card form, whichever provider is behind it: check the card is
 * complete (errors shown inline), create the payment method, confirm the payment, and show a card error.
 */
export interface CardHandle {
  /** True when the card is complete; otherwise its errors are shown under the fields. */
  validate(): boolean;
  createPaymentMethod(): Promise<string>;
  confirmCardPayment(intent: IntentRef, paymentMethodId: string): Promise<ConfirmResult>;
  showError(error: CardError): void;
}
