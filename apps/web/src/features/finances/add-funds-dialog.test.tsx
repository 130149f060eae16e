import { MONEY_MESSAGES } from '@lp/domain';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetCsrfToken } from '../../lib/api';
import { notify } from '../../lib/notify';
import { AddFundsDialog } from './add-funds-dialog';
import { financeKeys, type TopUpConfig } from './api';
import { CARD_MESSAGES } from './card-validation';
import { clearCreditingHint, creditingHintActive } from './crediting';

vi.mock('../../lib/notify', () => ({ notify: vi.fn() }));

// Stripe.js as the page would load it: a Card Element that reports itself complete once mounted.
const stripe = vi.hoisted(() => {
  const listeners: Record<string, (event: { complete: boolean; error?: { message: string } }) => void> = {};
  const element = {
    on: (name: string, fn: (event: { complete: boolean }) => void) => {
      listeners[name] = fn;
    },
    mount: () => undefined,
    update: () => undefined,
    destroy: () => undefined,
  };
  const client = {
    elements: () => ({ create: () => element }),
    createPaymentMethod: async (_: unknown) => ({ paymentMethod: { id: 'pm_stripe' } }),
    confirmCardPayment: async (_secret: string, _data: unknown) =>
      ({ paymentIntent: { status: 'succeeded', last_payment_error: null } }) as unknown,
  };
  return { listeners, element, client, loadStripe: async (_key: string) => client };
});
vi.mock('@stripe/stripe-js', () => ({ loadStripe: (key: string) => stripe.loadStripe(key) }));
const notified = () => vi.mocked(notify).mock.calls.map(([message, options]) => [message, options?.variant]);

const CONFIG: TopUpConfig = {
  provider: 'sandbox',
  publishable_key: null,
  min_amount: 30,
  max_amount: 1_000_000,
  bank: {
    account_name: 'LetterPost Ltd',
    sort_code: '04-00-04',
    account_number: '12345678',
    reference: 'LP-7K3M-9QXD-2R4',
  },
};

function json(status: number, body?: unknown) {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

interface Call {
  method: string;
  path: string;
  body: unknown;
}

let calls: Call[];
let answers: Record<string, () => Response | Promise<Response>>;

const DEFAULT_ANSWERS: Record<string, () => Response | Promise<Response>> = {
  'GET /api/csrf': () => json(200, { token: 't' }),
  'GET /api/finances/top-up': () => json(200, CONFIG),
  'POST /api/payments/sandbox/payment_methods': () => json(200, { id: 'pm_1', card: { brand: 'visa', last4: '4242' } }),
  'POST /api/finances/intent': () =>
    json(201, { payment_intent_id: 'pi_1', client_secret: 'pi_1_secret_x', amount: 2500 }),
  'POST /api/payments/sandbox/payment_intents/pi_1/confirm': () =>
    json(200, { id: 'pi_1', status: 'succeeded', last_payment_error: null }),
  'POST /api/finances/topup': () =>
    json(200, { status: 'credited', message: '£25.00 was added to your balance.', balance: 7500 }),
};

beforeEach(() => {
  resetCsrfToken();
  clearCreditingHint();
  vi.mocked(notify).mockClear();
  calls = [];
  answers = { ...DEFAULT_ANSWERS };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const path = String(input);
      const method = init.method ?? 'GET';
      calls.push({ method, path, body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined });
      const answer = answers[`${method} ${path}`];
      return answer ? answer() : json(404, { statusCode: 404, code: 'NOT_FOUND', message: 'Not found' });
    }),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderDialog() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const invalidate = vi.spyOn(client, 'invalidateQueries');
  const onClose = vi.fn();
  render(
    <QueryClientProvider client={client}>
      <AddFundsDialog open onClose={onClose} />
    </QueryClientProvider>,
  );
  return { onClose, invalidate };
}

async function fill(amount: string, card = { number: '4242424242424242', expiry: '1230', cvc: '123' }) {
  const dialog = await screen.findByRole('dialog', { name: 'Add Funds' });
  fireEvent.change(await within(dialog).findByLabelText(/^Amount \(£\)/), { target: { value: amount } });
  fireEvent.change(within(dialog).getByLabelText(/^Card number/), { target: { value: card.number } });
  fireEvent.change(within(dialog).getByLabelText(/^Expiry \(MM\/YY\)/), { target: { value: card.expiry } });
  fireEvent.change(within(dialog).getByLabelText(/^CVC/), { target: { value: card.cvc } });
  return dialog;
}

const paymentCalls = () => calls.filter((c) => c.method === 'POST' && c.path !== '/api/csrf').map((c) => c.path);

describe('Add Funds', () => {
  it('shows the bank transfer details with the account reference (the account ID) as the reference, and copies it', async () => {
    const writeText = vi.fn(async () => undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    renderDialog();
    const dialog = await screen.findByRole('dialog', { name: 'Add Funds' });
    expect(await within(dialog).findByText('LetterPost Ltd')).toBeTruthy();
    expect(within(dialog).getByText('04-00-04')).toBeTruthy();
    expect(within(dialog).getByText('12345678')).toBeTruthy();
    expect(within(dialog).getByTestId('bank-reference').textContent).toBe('LP-7K3M-9QXD-2R4');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Copy reference' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith('LP-7K3M-9QXD-2R4'));
  });

  it('refuses less than 30p under the field and as "Amount (£) - Minimum top up amount: 30p"', async () => {
    renderDialog();
    const dialog = await fill('0.29');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Pay' }));
    const amount = within(dialog).getByLabelText(/^Amount \(£\)/);
    await waitFor(() => expect(amount.getAttribute('aria-invalid')).toBe('true'));
    const helper = document.getElementById(amount.getAttribute('aria-describedby') ?? '')!;
    expect(helper.textContent).toBe(MONEY_MESSAGES.minimumTopUp);
    expect(helper.className).toContain('Mui-error');
    expect(notified()).toContainEqual([`Amount (£) - ${MONEY_MESSAGES.minimumTopUp}`, 'error']);
    expect(paymentCalls()).toEqual([]);

    fireEvent.change(amount, { target: { value: '' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Pay' }));
    await waitFor(() => expect(helper.textContent).toBe(MONEY_MESSAGES.minimumTopUp));
  });

  it('checks the sandbox card is complete, with the errors under the fields', async () => {
    renderDialog();
    const dialog = await fill('25', { number: '4242 4242 4242 4241', expiry: '0120', cvc: '12' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Pay' }));
    expect(await within(dialog).findByText(CARD_MESSAGES.numberInvalid)).toBeTruthy();
    expect(within(dialog).getByText(CARD_MESSAGES.expiryPast)).toBeTruthy();
    expect(within(dialog).getByText(CARD_MESSAGES.cvcIncomplete)).toBeTruthy();
    expect(
      within(dialog)
        .getByLabelText(/^Card number/)
        .getAttribute('aria-invalid'),
    ).toBe('true');
    expect(notified()).toContainEqual([`Card number - ${CARD_MESSAGES.numberInvalid}`, 'error']);
    expect(notified()).toContainEqual([`CVC - ${CARD_MESSAGES.cvcIncomplete}`, 'error']);

    fireEvent.change(within(dialog).getByLabelText(/^Card number/), { target: { value: '' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Pay' }));
    expect(await within(dialog).findByText(CARD_MESSAGES.numberIncomplete)).toBeTruthy();
    expect(paymentCalls()).toEqual([]);
  });

  it('pays in order (payment method, intent, card confirmation, top-up) and says to stay on the page meanwhile', async () => {
    let finish: (r: Response) => void = () => undefined;
    answers['POST /api/finances/topup'] = () => new Promise<Response>((resolve) => (finish = resolve));
    const { onClose, invalidate } = renderDialog();
    const dialog = await fill('25');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Pay' }));

    expect(await within(dialog).findByText(MONEY_MESSAGES.processing)).toBeTruthy();
    expect(within(dialog).getByRole('progressbar')).toBeTruthy();
    expect((within(dialog).getByRole('button', { name: 'Pay' }) as HTMLButtonElement).disabled).toBe(true);
    expect((within(dialog).getByLabelText(/^Amount \(£\)/) as HTMLInputElement).disabled).toBe(true);
    await waitFor(() => expect(paymentCalls()).toContain('/api/finances/topup'));
    const unload = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(unload);
    expect(unload.defaultPrevented).toBe(true);

    expect(paymentCalls()).toEqual([
      '/api/payments/sandbox/payment_methods',
      '/api/finances/intent',
      '/api/payments/sandbox/payment_intents/pi_1/confirm',
      '/api/finances/topup',
    ]);
    const body = (path: string) => calls.find((c) => c.path === path)?.body;
    expect(body('/api/payments/sandbox/payment_methods')).toEqual({
      card: { number: '4242424242424242', exp_month: 12, exp_year: 2030, cvc: '123' },
    });
    expect(body('/api/finances/intent')).toEqual({ amount: 2500, payment_method_id: 'pm_1' });
    expect(body('/api/payments/sandbox/payment_intents/pi_1/confirm')).toEqual({
      client_secret: 'pi_1_secret_x',
      payment_method: 'pm_1',
    });
    expect(body('/api/finances/topup')).toEqual({ payment_intent_id: 'pi_1' });
    const csrf = vi.mocked(fetch).mock.calls.find(([path]) => path === '/api/payments/sandbox/payment_methods')?.[1];
    expect((csrf!.headers as Record<string, string>)['x-csrf-token']).toBe('t');

    finish(json(200, { status: 'credited', message: '£25.00 was added to your balance.', balance: 7500 }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(notified()).toContainEqual(['£25.00 was added to your balance.', 'success']);
    expect(invalidate).toHaveBeenCalledWith({ queryKey: financeKeys.all });
    // The guard goes when the form re-renders after it closed (its effect's clean-up), not at onClose.
    await waitFor(() => {
      const after = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(after);
      expect(after.defaultPrevented).toBe(false);
    });
  });

  it('says "Payment failed" with the decline when the card confirmation is declined, and stops there', async () => {
    answers['POST /api/payments/sandbox/payment_intents/pi_1/confirm'] = () =>
      json(200, {
        id: 'pi_1',
        status: 'requires_payment_method',
        last_payment_error: {
          code: 'card_declined',
          decline_code: 'insufficient_funds',
          message: 'Your card has insufficient funds.',
        },
      });
    const { onClose } = renderDialog();
    const dialog = await fill('25', { number: '4000000000009995', expiry: '1230', cvc: '123' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Pay' }));
    expect(await within(dialog).findByText('Payment failed Your card has insufficient funds.')).toBeTruthy();
    expect(notified()).toContainEqual(['Payment failed Your card has insufficient funds.', 'error']);
    expect(paymentCalls()).not.toContain('/api/finances/topup');
    expect(onClose).not.toHaveBeenCalled();
    expect((within(dialog).getByRole('button', { name: 'Pay' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('says "Payment failed" when the server finds the payment declined (402)', async () => {
    answers['POST /api/finances/topup'] = () =>
      json(402, { statusCode: 402, code: 'PAYMENT_FAILED', message: 'Your card was declined.' });
    renderDialog();
    const dialog = await fill('25');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Pay' }));
    expect(await within(dialog).findByText(MONEY_MESSAGES.paymentFailed('Your card was declined.'))).toBeTruthy();
  });

  it('says "Payment failed" when the provider refuses the intent (402), and the server\'s words otherwise', async () => {
    answers['POST /api/finances/intent'] = () =>
      json(402, {
        statusCode: 402,
        code: 'PAYMENT_FAILED',
        message: 'Your card does not support this type of purchase.',
      });
    renderDialog();
    const dialog = await fill('25');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Pay' }));
    expect(
      await within(dialog).findByText('Payment failed Your card does not support this type of purchase.'),
    ).toBeTruthy();
    expect(paymentCalls()).toEqual(['/api/payments/sandbox/payment_methods', '/api/finances/intent']);

    answers['POST /api/finances/intent'] = DEFAULT_ANSWERS['POST /api/finances/intent']!;
    answers['POST /api/finances/topup'] = () =>
      json(409, {
        statusCode: 409,
        code: 'CONFLICT',
        message: 'The card has not been confirmed for this payment yet.',
      });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Pay' }));
    expect(await within(dialog).findByText('The card has not been confirmed for this payment yet.')).toBeTruthy();
  });

  it('shows a card refused by the provider under its field', async () => {
    answers['POST /api/payments/sandbox/payment_methods'] = () =>
      json(402, {
        error: {
          type: 'card_error',
          code: 'invalid_expiry_year',
          message: "Your card's expiration year is invalid.",
          param: 'exp_year',
        },
      });
    renderDialog();
    const dialog = await fill('25');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Pay' }));
    expect(await within(dialog).findByText("Your card's expiration year is invalid.")).toBeTruthy();
    expect(
      within(dialog)
        .getByLabelText(/^Expiry/)
        .getAttribute('aria-invalid'),
    ).toBe('true');
    expect(paymentCalls()).toEqual(['/api/payments/sandbox/payment_methods']);
  });

  it("shows the server's amount error of the intent under the amount", async () => {
    answers['POST /api/finances/intent'] = () =>
      json(422, {
        statusCode: 422,
        code: 'VALIDATION_FAILED',
        message: 'Invalid input',
        fields: [{ path: 'amount', message: MONEY_MESSAGES.minimumTopUp }],
      });
    renderDialog();
    const dialog = await fill('25');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Pay' }));
    await waitFor(() => expect(notified()).toContainEqual([`Amount (£) - ${MONEY_MESSAGES.minimumTopUp}`, 'error']));
    expect(within(dialog).getByText(MONEY_MESSAGES.minimumTopUp)).toBeTruthy();
  });

  it('tells the user a processing top-up will be credited, and makes the balance poll', async () => {
    answers['POST /api/finances/topup'] = () =>
      json(200, { status: 'processing', message: 'Processing', balance: 5000 });
    const { onClose } = renderDialog();
    const dialog = await fill('25');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Pay' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(notified()).toContainEqual([MONEY_MESSAGES.topUpCrediting, 'info']);
    expect(creditingHintActive()).toBe(true);
  });
});

describe('Add Funds with Stripe', () => {
  it('loads Stripe.js with the publishable key and pays through the same steps', async () => {
    answers['GET /api/finances/top-up'] = () =>
      json(200, { ...CONFIG, provider: 'stripe', publishable_key: 'pk_test_1' });
    const load = vi.spyOn(stripe, 'loadStripe');
    const create = vi.spyOn(stripe.client, 'createPaymentMethod');
    const confirm = vi.spyOn(stripe.client, 'confirmCardPayment');
    const { onClose } = renderDialog();
    const dialog = await screen.findByRole('dialog', { name: 'Add Funds' });
    const group = await within(dialog).findByRole('group', { name: 'Card' });
    await waitFor(() => expect(load).toHaveBeenCalledWith('pk_test_1'));
    fireEvent.change(within(dialog).getByLabelText(/^Amount \(£\)/), { target: { value: '25' } });

    // Incomplete card: the provider's own words, under the card.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Pay' }));
    expect(await within(group).findByText(MONEY_MESSAGES.cardIncomplete)).toBeTruthy();
    expect(create).not.toHaveBeenCalled();

    act(() => stripe.listeners.change?.({ complete: true }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Pay' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(create).toHaveBeenCalledWith({ type: 'card', card: stripe.element });
    expect(confirm).toHaveBeenCalledWith('pi_1_secret_x', { payment_method: 'pm_stripe' });
    expect(paymentCalls()).toEqual(['/api/finances/intent', '/api/finances/topup']);
    expect(calls.find((c) => c.path === '/api/finances/intent')?.body).toEqual({
      amount: 2500,
      payment_method_id: 'pm_stripe',
    });
  });

  it('says "Payment failed" when Stripe declines the card', async () => {
    answers['GET /api/finances/top-up'] = () =>
      json(200, { ...CONFIG, provider: 'stripe', publishable_key: 'pk_test_1' });
    delete stripe.listeners.change;
    vi.spyOn(stripe.client, 'confirmCardPayment').mockResolvedValue({
      error: { type: 'card_error', message: 'Your card was declined.' },
    });
    renderDialog();
    const dialog = await screen.findByRole('dialog', { name: 'Add Funds' });
    await within(dialog).findByRole('group', { name: 'Card' });
    await waitFor(() => expect(stripe.listeners.change).toBeTruthy());
    fireEvent.change(within(dialog).getByLabelText(/^Amount \(£\)/), { target: { value: '25' } });
    act(() => stripe.listeners.change?.({ complete: true }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Pay' }));
    expect(await within(dialog).findByText('Payment failed Your card was declined.')).toBeTruthy();
    expect(paymentCalls()).toEqual(['/api/finances/intent']);
  });
});
