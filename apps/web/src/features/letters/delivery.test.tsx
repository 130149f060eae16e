import { ALL_PERMISSIONS, DELIVERY_MESSAGES, LETTER_STATUS, SCHEDULED_PREFIX } from '@lp/domain';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import axe from 'axe-core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetCsrfToken } from '../../lib/api';
import { formatDisplayDate, toDateTimeLocal } from '../../lib/dates';
import { notify } from '../../lib/notify';
import type { Letter } from './api';
import type { DeliveryQuote, LetterDelivery } from './delivery-api';
import { CONFIRM_TEXT } from './delivery-confirm';
import { DeliveryForm } from './delivery-form';
import { ANALYSED_LETTER } from './letter-fixture';
import { LetterPanel } from './letter-panel';

vi.mock('../../lib/notify', () => ({ notify: vi.fn() }));
// pdf.js does not run in jsdom: the viewer shows what it was asked to open.
vi.mock('./pdf-viewer-dialog', () => ({
  default: ({ url, title }: { url: string; title: string }) => (
    <div role="dialog" aria-label={title}>
      {url}
    </div>
  ),
}));

function letter(over: Partial<Letter> = {}): Letter {
  return {
    ...ANALYSED_LETTER,
    num_pages: 2,
    has_thumbnail: false,
    ...over,
  };
}

const QUOTE: DeliveryQuote = {
  channels: [
    {
      channel: 'mail',
      pence: 185,
      lines: [
        { label: 'Standard (2nd class), black and white, 2 pages', pence: 160 },
        { label: 'Envelope', pence: 25 },
      ],
    },
  ],
  total_pence: 185,
  available_pence: 1000,
  available_after_pence: 815,
  mail: {
    disabled: false,
    reason: null,
    is_premium: false,
    is_colour: false,
    mail_service: 'second_class',
    is_double_sided: true,
    country: null,
    country_name: null,
    zone: null,
    services: ['first_class', 'second_class', 'signed_for_first', 'signed_for_second', 'special_delivery'],
  },
  email_kind: 'link',
  customer: null,
  sms_parts: null,
  sms_link_prefix: 'https://app.letterpost.co.uk/cloud#',
  template_values: { recipient: 'Mr John Smith', company: 'Ó Briain & Co', letter: 'Invoice 4471' },
};

function json(status: number, body?: unknown) {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

type Handler = (body: unknown) => Response | Promise<Response>;
let calls: { method: string; url: string; body: unknown }[] = [];
let routes: Record<string, Handler> = {};

function startServer(over: Record<string, Handler> = {}) {
  calls = [];
  routes = {
    'POST /api/letters/deliver/quote': () => json(200, QUOTE),
    'POST /api/letters/deliver': () =>
      json(201, {
        uuid: 'l1',
        delivery_id: 'd1',
        state: 'sending',
        status: 'Delivering',
        message: 'OK',
        total_pence: 185,
        scheduled_for: null,
      }),
    ...over,
  };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      const method = init?.method ?? 'GET';
      const body = init?.body ? JSON.parse(String(init.body)) : null;
      calls.push({ method, url: url.pathname, body });
      if (url.pathname === '/api/csrf') return json(200, { token: 't' });
      const route = routes[`${method} ${url.pathname}`];
      if (route) return route(body);
      return json(404, { code: 'NOT_FOUND', message: 'Not found' });
    }),
  );
}

const sent = (path: string) => calls.filter((c) => c.method === 'POST' && c.url === path);

/** Deliver, then Yes in the "Are you sure" confirmation that shows the total (issue 27 item 3). */
async function deliverAndConfirm() {
  fireEvent.click(screen.getByRole('button', { name: 'Deliver' }));
  const confirm = await screen.findByRole('dialog', { name: 'Are you sure?' });
  fireEvent.click(within(confirm).getByRole('button', { name: 'Yes' }));
}

function wrap(ui: React.ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(<QueryClientProvider client={client}>{ui}</QueryClientProvider>);
}

function renderForm(over: Partial<Letter> = {}, mailDisabled = false) {
  return wrap(<DeliveryForm letter={letter(over)} mailDisabled={mailDisabled} canDeliver />);
}

beforeEach(() => {
  resetCsrfToken();
  startServer();
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.mocked(notify).mockClear();
});

describe('the delivery form', () => {
  it('starts at the time "Now" (delay 0): no date to choose until Scheduled is picked', () => {
    renderForm();
    expect(screen.getByRole('radio', { name: 'Now' })).toHaveProperty('checked', true);
    expect(screen.getByRole('radio', { name: 'Scheduled' })).toHaveProperty('checked', false);
    expect(screen.queryByLabelText(/^Delivery date and time/)).toBeNull();
    fireEvent.click(screen.getByRole('radio', { name: 'Scheduled' }));
    expect(screen.getByLabelText(/^Delivery date and time/)).toBeTruthy();
  });

  it('prices the choices before confirming, with the company defaults and the balance after', async () => {
    renderForm();
    const price = screen.getByTestId('delivery-price');
    await waitFor(() => expect(within(price).getByText('Total')).toBeTruthy());
    expect(sent('/api/letters/deliver/quote')[0]?.body).toEqual({ uuid: 'l1', preference_overrides: ['mail'] });
    expect(within(price).getByText('Mail')).toBeTruthy();
    expect(within(price).getByText('Envelope')).toBeTruthy();
    expect(within(price).getByText('£0.25')).toBeTruthy();
    expect(within(price).getAllByText('£1.85')).toHaveLength(2);
    expect(within(price).getByText('Balance after')).toBeTruthy();
    expect(within(price).getByText('£8.15')).toBeTruthy();
    // The company prefers standard, black and white; email as a link.
    expect(screen.getByRole('radio', { name: 'Standard (2nd class)' })).toHaveProperty('checked', true);
    expect(screen.getByRole('radio', { name: 'Black and white' })).toHaveProperty('checked', true);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Email' }));
    expect(screen.getByRole('switch', { name: 'Send a link instead of attaching the letter' })).toHaveProperty(
      'checked',
      true,
    );
    // Cloud storage files the letter in its customer's folder: off, with the reason, for a letter without one.
    expect(screen.getByRole('checkbox', { name: 'Cloud storage' })).toHaveProperty('disabled', true);
    expect(screen.getByText(DELIVERY_MESSAGES.cloudStorageNeedsCustomer)).toBeTruthy();
  });

  it('asks again (debounced) when a choice changes, and hides the balance when it may not be seen', async () => {
    routes['POST /api/letters/deliver/quote'] = (body) =>
      json(200, {
        ...QUOTE,
        total_pence: (body as { is_premium?: boolean }).is_premium ? 250 : 185,
        available_after_pence: null,
      });
    renderForm();
    const price = screen.getByTestId('delivery-price');
    await within(price).findByText('Total');
    expect(within(price).queryByText('Balance after')).toBeNull();
    fireEvent.click(screen.getByRole('radio', { name: 'Premium (1st class)' }));
    fireEvent.click(screen.getByRole('radio', { name: 'Colour' }));
    await within(price).findByText('£2.50');
    const quotes = sent('/api/letters/deliver/quote');
    expect(quotes).toHaveLength(2);
    expect(quotes[1]?.body).toEqual({
      uuid: 'l1',
      preference_overrides: ['mail'],
      is_premium: true,
      is_colour: true,
    });
  });

  it('a quote refused with 422 shows no price and nothing alarming', async () => {
    routes['POST /api/letters/deliver/quote'] = () =>
      json(422, { code: 'VALIDATION_FAILED', message: 'Some fields are not valid.', fields: [] });
    renderForm();
    await waitFor(() => expect(sent('/api/letters/deliver/quote')).toHaveLength(1));
    const price = screen.getByTestId('delivery-price');
    await within(price).findByText('The price shows once the choices above are complete.');
    expect(within(price).queryByText('Total')).toBeNull();
    expect(vi.mocked(notify)).not.toHaveBeenCalled();
  });

  it('is not priced while incomplete; counts the text message as sent, link included', async () => {
    renderForm();
    await waitFor(() => expect(within(screen.getByTestId('delivery-price')).getByText('Total')).toBeTruthy());
    fireEvent.click(screen.getByRole('checkbox', { name: 'Mail' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Text message' }));
    const text = screen.getByRole('textbox', { name: /^Text message/ });
    fireEvent.change(text, { target: { value: 'x'.repeat(100) } });
    // 100 typed, a new line and the 78-character link (https://app.letterpost.co.uk/cloud# and its token).
    expect(screen.getByText('179 characters with the link, 2 parts of 153')).toBeTruthy();
    fireEvent.change(text, { target: { value: 'x'.repeat(81) } });
    expect(screen.getByText('160 of 160 characters with the link, 1 part')).toBeTruthy();
    fireEvent.change(text, { target: { value: 'x'.repeat(161) } });
    await new Promise((r) => setTimeout(r, 400));
    const channelsAsked = sent('/api/letters/deliver/quote').map(
      (c) => (c.body as { preference_overrides: string[] }).preference_overrides,
    );
    expect(channelsAsked.some((c) => c.includes('sms'))).toBe(false);
    fireEvent.change(screen.getByRole('textbox', { name: /mobile number/ }), { target: { value: '07700 900123' } });
    await waitFor(() =>
      expect(sent('/api/letters/deliver/quote').at(-1)?.body).toEqual({
        uuid: 'l1',
        preference_overrides: ['sms'],
        recipient_phone_number: '07700 900123',
        sms_text: 'x'.repeat(161),
      }),
    );
  });

  it('counts a curly quote from Word as UCS-2, fills the variables and adds the reply number', async () => {
    renderForm();
    await waitFor(() => expect(within(screen.getByTestId('delivery-price')).getByText('Total')).toBeTruthy());
    fireEvent.click(screen.getByRole('checkbox', { name: 'Mail' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Text message' }));
    fireEvent.change(screen.getByRole('textbox', { name: /^Text message/ }), {
      target: { value: 'Hi {recipient}, we’ve posted {letter}' },
    });
    // "Hi Mr John Smith, we’ve posted Invoice 4471" is 43 characters, with the link 122: UCS-2, 2 parts of 67.
    expect(screen.getByText('122 characters with the link, 2 parts of 67 (Unicode because of ’)')).toBeTruthy();
    expect(screen.getByTestId('sms-preview').textContent).toBe(
      'As sentHi Mr John Smith, we’ve posted Invoice 4471\nhttps://app.letterpost.co.uk/cloud#…',
    );
    fireEvent.change(screen.getByRole('textbox', { name: /Number to reply to/ }), {
      target: { value: '020 7946 0000' },
    });
    expect(screen.getByTestId('sms-preview').textContent).toContain('Invoice 4471\nReply to +442079460000\nhttps://');
    expect(screen.getByText('145 characters with the link, 3 parts of 67 (Unicode because of ’)')).toBeTruthy();
    fireEvent.change(screen.getByRole('textbox', { name: /mobile number/ }), { target: { value: '07700 900123' } });
    await waitFor(() =>
      expect(sent('/api/letters/deliver/quote').at(-1)?.body).toMatchObject({
        sms_text: 'Hi {recipient}, we’ve posted {letter}',
        sender_phone_number: '020 7946 0000',
      }),
    );
  });

  it('shows why mail is refused (by the letter, or by the quote)', async () => {
    renderForm({ num_pages: 51 }, true);
    expect(screen.getByRole('checkbox', { name: 'Mail' })).toHaveProperty('disabled', true);
    expect(screen.getByText(DELIVERY_MESSAGES.mailTooManyPages)).toBeTruthy();
    cleanup();

    routes['POST /api/letters/deliver/quote'] = () =>
      json(200, { ...QUOTE, mail: { ...QUOTE.mail, disabled: true, reason: DELIVERY_MESSAGES.mailOmitted } });
    renderForm();
    await screen.findByText(DELIVERY_MESSAGES.mailOmitted);
    expect(screen.getByRole('checkbox', { name: 'Mail' })).toHaveProperty('checked', false);
    expect(screen.getByRole('checkbox', { name: 'Mail' })).toHaveProperty('disabled', true);
  });

  it('checks the fields on Deliver with the domain texts and sends nothing', async () => {
    renderForm();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Email' }));
    fireEvent.click(screen.getByRole('button', { name: 'Deliver' }));
    expect(await screen.findByText(DELIVERY_MESSAGES.recipientEmailRequired)).toBeTruthy();
    expect(vi.mocked(notify)).toHaveBeenCalledWith(
      `Recipient's email - ${DELIVERY_MESSAGES.recipientEmailRequired}`,
      expect.objectContaining({ variant: 'error' }),
    );
    fireEvent.change(screen.getByRole('textbox', { name: /Recipient's email/ }), { target: { value: 'nope' } });
    fireEvent.click(screen.getByRole('button', { name: 'Deliver' }));
    expect(await screen.findByText(DELIVERY_MESSAGES.recipientEmailInvalid)).toBeTruthy();

    fireEvent.click(screen.getByRole('checkbox', { name: 'Mail' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Email' }));
    fireEvent.click(screen.getByRole('button', { name: 'Deliver' }));
    expect(await screen.findByText(DELIVERY_MESSAGES.noChannel)).toBeTruthy();

    fireEvent.click(screen.getByRole('checkbox', { name: 'Mail' }));
    fireEvent.click(screen.getByRole('radio', { name: 'Scheduled' }));
    fireEvent.change(screen.getByLabelText(/Delivery date and time/), {
      target: { value: toDateTimeLocal(new Date(Date.now() - 60 * 60 * 1000)) },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Deliver' }));
    expect(await screen.findByText(DELIVERY_MESSAGES.scheduleInPast)).toBeTruthy();
    fireEvent.change(screen.getByLabelText(/Delivery date and time/), {
      target: { value: toDateTimeLocal(new Date(Date.now() + 40 * 24 * 60 * 60 * 1000)) },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Deliver' }));
    expect(await screen.findByText(DELIVERY_MESSAGES.scheduleTooLate)).toBeTruthy();
    expect(sent('/api/letters/deliver')).toHaveLength(0);
  });

  it('delivers now: the progress message, the body, and no message for OK', async () => {
    renderForm();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Cloud link' }));
    fireEvent.change(screen.getByRole('spinbutton', { name: /Link expires after/ }), { target: { value: '14' } });
    await deliverAndConfirm();
    await waitFor(() => expect(sent('/api/letters/deliver')).toHaveLength(1));
    expect(sent('/api/letters/deliver')[0]?.body).toEqual({
      uuid: 'l1',
      preference_overrides: ['mail', 'cloud_link'],
      cloud_link_expiry_days: 14,
    });
    expect(vi.mocked(notify)).toHaveBeenCalledWith(DELIVERY_MESSAGES.delivering, { variant: 'info' });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Deliver' })).toHaveProperty('disabled', false));
    expect(vi.mocked(notify)).toHaveBeenCalledTimes(1);
  });

  it('shows the server message unless OK, and the In Review text', async () => {
    routes['POST /api/letters/deliver'] = () =>
      json(201, { uuid: 'l1', delivery_id: 'd1', state: 'in_review', status: 'In Review', message: 'OK' });
    renderForm();
    await deliverAndConfirm();
    await waitFor(() =>
      expect(vi.mocked(notify)).toHaveBeenCalledWith(DELIVERY_MESSAGES.inReview, { variant: 'info' }),
    );
    cleanup();
    routes['POST /api/letters/deliver'] = () =>
      json(201, { uuid: 'l1', delivery_id: 'd1', state: 'sending', status: 'Delivering', message: 'Queued behind 3' });
    renderForm();
    await deliverAndConfirm();
    await waitFor(() => expect(vi.mocked(notify)).toHaveBeenCalledWith('Queued behind 3', { variant: 'success' }));
  });

  it('schedules: the time in epoch seconds, and the failure with the server message', async () => {
    routes['POST /api/letters/deliver'] = () =>
      json(402, { code: 'INSUFFICIENT_FUNDS', message: 'Insufficient funds. Top up to continue.' });
    renderForm();
    fireEvent.click(screen.getByRole('radio', { name: 'Scheduled' }));
    const at = new Date(Date.now() + 2 * 60 * 60 * 1000);
    fireEvent.change(screen.getByLabelText(/Delivery date and time/), { target: { value: toDateTimeLocal(at) } });
    await deliverAndConfirm();
    await waitFor(() =>
      expect(vi.mocked(notify)).toHaveBeenCalledWith(
        `${DELIVERY_MESSAGES.scheduleFailed} Insufficient funds. Top up to continue.`,
        { variant: 'error' },
      ),
    );
    expect(vi.mocked(notify)).toHaveBeenCalledWith(DELIVERY_MESSAGES.scheduling, { variant: 'info' });
    const body = sent('/api/letters/deliver')[0]?.body as { scheduled_delivery_date_time: number };
    expect(body.scheduled_delivery_date_time).toBe(Math.floor(new Date(toDateTimeLocal(at)).getTime() / 1000));
  });

  it("puts a 422's fields on the form", async () => {
    routes['POST /api/letters/deliver'] = () =>
      json(422, {
        code: 'VALIDATION_FAILED',
        message: 'Some fields are not valid.',
        fields: [{ path: 'recipient_email', message: 'This address bounced last time.' }],
      });
    renderForm();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Email' }));
    fireEvent.change(screen.getByRole('textbox', { name: /Recipient's email/ }), { target: { value: 'a@b.co' } });
    await deliverAndConfirm();
    expect(await screen.findByText('This address bounced last time.')).toBeTruthy();
    expect(vi.mocked(notify)).toHaveBeenCalledWith(`${DELIVERY_MESSAGES.deliverFailed} Some fields are not valid.`, {
      variant: 'error',
    });
  });

  it('asks "Are you sure?" with the total and the balance after before charging; No sends nothing', async () => {
    const view = renderForm({ name: "Siân's invoice" });
    fireEvent.click(screen.getByRole('button', { name: 'Deliver' }));
    const confirm = await screen.findByRole('dialog', { name: 'Are you sure?' });
    expect(within(confirm).getByText("Deliver “Siân's invoice” by Mail?")).toBeTruthy();
    expect(within(confirm).getByTestId('confirm-total').textContent).toBe('£1.85');
    expect(within(confirm).getByTestId('confirm-balance-after').textContent).toBe('£8.15');
    // The price asked is exactly what Deliver sends.
    expect(sent('/api/letters/deliver/quote').at(-1)?.body).toEqual({ uuid: 'l1', preference_overrides: ['mail'] });
    expect(sent('/api/letters/deliver')).toHaveLength(0);
    const result = await axe.run(confirm, { rules: { 'color-contrast': { enabled: false } } });
    expect(result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' | ')}`)).toEqual([]);
    // No focuses first and sends nothing.
    expect(document.activeElement?.textContent).toBe('No');
    fireEvent.click(within(confirm).getByRole('button', { name: 'No' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Are you sure?' })).toBeNull());
    expect(sent('/api/letters/deliver')).toHaveLength(0);
    // Yes charges.
    await deliverAndConfirm();
    await waitFor(() => expect(sent('/api/letters/deliver')).toHaveLength(1));
    view.unmount();
  });

  it('shows the total without the balance to a member who may not see it, and warns when the balance is short', async () => {
    routes['POST /api/letters/deliver/quote'] = () =>
      json(200, { ...QUOTE, available_pence: null, available_after_pence: null });
    renderForm();
    fireEvent.click(screen.getByRole('button', { name: 'Deliver' }));
    let confirm = await screen.findByRole('dialog', { name: 'Are you sure?' });
    expect(within(confirm).getByTestId('confirm-total').textContent).toBe('£1.85');
    expect(within(confirm).queryByTestId('confirm-balance-after')).toBeNull();
    expect(within(confirm).queryByText('Balance after')).toBeNull();
    fireEvent.click(within(confirm).getByRole('button', { name: 'No' }));
    cleanup();
    routes['POST /api/letters/deliver/quote'] = () =>
      json(200, { ...QUOTE, available_pence: 100, available_after_pence: -85 });
    renderForm();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Cloud link' }));
    fireEvent.click(screen.getByRole('button', { name: 'Deliver' }));
    confirm = await screen.findByRole('dialog', { name: 'Are you sure?' });
    expect(within(confirm).getByText('Deliver “invoice.pdf” by Mail and Cloud link?')).toBeTruthy();
    expect(within(confirm).getByTestId('confirm-balance-after').textContent).toBe('-£0.85');
    expect(within(confirm).getByRole('alert').textContent).toBe(CONFIRM_TEXT.notEnough);
  });

  it('opens the print proof in the PDF viewer', async () => {
    renderForm();
    fireEvent.click(screen.getByRole('button', { name: 'Print proof' }));
    const viewer = await screen.findByRole('dialog', { name: 'Print proof: invoice.pdf' });
    expect(viewer.textContent).toBe('/api/letters/l1/proof');
  });
});

describe('the letter panel: delivery, cancel, history', () => {
  const SCHEDULED = letter({
    uuid: 's1',
    name: 'later.pdf',
    status: `${SCHEDULED_PREFIX}24.11.26 | 09:30 AM`,
    display_status: 'Scheduled',
  });
  const DELIVERY: LetterDelivery = {
    delivery_channels: ['mail', 'email', 'cloud_link'],
    successful_delivery_channels: [],
    unsuccessful_delivery_channels: ['email'],
    delivered_on: null,
    has_been_posted: false,
    delivery: {
      id: 'd1',
      state: 'scheduled',
      scheduled_for: '2026-11-24T09:30:00.000Z',
      total_pence: 320,
      created_at: '2026-11-21T14:05:00.000Z',
      requested_by: { name: 'Ada Lovelace', email: 'ada@example.com' },
      options: {
        mail: {
          is_premium: false,
          is_colour: false,
          posted_at: null,
          expected_delivery: null,
          mail_service: 'second_class',
          is_double_sided: true,
          country: null,
          zone: null,
          insert: null,
        },
        email: { subject: 'Your letter', message: '', is_cloud_link: false },
        sms: null,
      },
      channels: [
        {
          channel: 'mail',
          state: 'queued',
          price_pence: 185,
          reason: null,
          provider_status: null,
          recipient: null,
          tracking: null,
          cloud_link: null,
        },
        {
          channel: 'email',
          state: 'failed',
          price_pence: 10,
          reason: 'The mailbox does not exist.',
          provider_status: null,
          recipient: 'bob@example.com',
          tracking: null,
          cloud_link: null,
        },
        {
          channel: 'cloud_link',
          state: 'succeeded',
          price_pence: 5,
          reason: null,
          provider_status: null,
          recipient: null,
          tracking: null,
          cloud_link: {
            // A link sent before links were kept sealed: no URL to copy.
            url: null,
            expires_at: '2026-12-21T14:05:00.000Z',
            first_opened_at: null,
            open_count: 0,
            revoked_at: null,
          },
        },
      ],
    },
  };

  function renderPanel(row: Letter, abilities: readonly string[] = ALL_PERMISSIONS) {
    routes[`GET /api/letters/${row.uuid}`] = () => json(200, row);
    return wrap(<LetterPanel letterId={row.uuid} row={row} abilities={abilities} onClose={() => {}} />);
  }

  it('Cancel Delivery asks "Are you sure?", then cancels', async () => {
    routes['POST /api/letters/cancel'] = () => json(200, { uuid: 's1', status: 'Analysis Complete' });
    renderPanel(SCHEDULED);
    const panel = await screen.findByRole('dialog', { name: 'later.pdf' });
    expect(within(panel).queryByRole('button', { name: 'Delete' })).toBeNull();
    fireEvent.click(within(panel).getByRole('button', { name: 'Cancel Delivery' }));
    const confirm = await screen.findByRole('dialog', { name: 'Are you sure?' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'No' }));
    expect(sent('/api/letters/cancel')).toHaveLength(0);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Are you sure?' })).toBeNull());
    fireEvent.click(within(panel).getByRole('button', { name: 'Cancel Delivery' }));
    fireEvent.click(
      within(await screen.findByRole('dialog', { name: 'Are you sure?' })).getByRole('button', { name: 'Yes' }),
    );
    await waitFor(() =>
      expect(vi.mocked(notify)).toHaveBeenCalledWith(DELIVERY_MESSAGES.cancelled, { variant: 'success' }),
    );
    expect(sent('/api/letters/cancel')[0]?.body).toEqual({ document_uuid: 's1' });
  });

  it('a refused cancel says why, and an In Review letter can be cancelled too', async () => {
    routes['POST /api/letters/cancel'] = () =>
      json(409, { code: 'CONFLICT', message: DELIVERY_MESSAGES.tooLateToCancel });
    renderPanel(
      letter({ uuid: 'r1', name: 'review.pdf', status: LETTER_STATUS.inReview, display_status: 'In Review' }),
    );
    const panel = await screen.findByRole('dialog', { name: 'review.pdf' });
    fireEvent.click(within(panel).getByRole('button', { name: 'Cancel Delivery' }));
    fireEvent.click(
      within(await screen.findByRole('dialog', { name: 'Are you sure?' })).getByRole('button', { name: 'Yes' }),
    );
    await waitFor(() =>
      expect(vi.mocked(notify)).toHaveBeenCalledWith(
        `${DELIVERY_MESSAGES.cancelFailed} ${DELIVERY_MESSAGES.tooLateToCancel}`,
        { variant: 'error' },
      ),
    );
    expect(sent('/api/letters/cancel')[0]?.body).toEqual({ document_uuid: 'r1' });
  });

  it('shows the delivery per channel and the history, and has no serious accessibility violations', async () => {
    routes['GET /api/letters/s1/delivery'] = () => json(200, DELIVERY);
    routes['GET /api/letters/s1/history'] = () =>
      json(200, {
        rows: [
          { status: 'Analysing', reason: null, at: '2026-11-21T14:05:00.000Z' },
          { status: 'Analysis Complete', reason: null, at: '2026-11-21T14:06:00.000Z' },
          {
            status: `${SCHEDULED_PREFIX}24.11.26 | 09:30 AM`,
            reason: 'Scheduled by Ada Lovelace',
            at: '2026-11-21T14:07:00.000Z',
          },
        ],
      });
    const view = renderPanel(SCHEDULED);
    const details = await screen.findByTestId('delivery-details');
    expect(
      within(details).getByText(`Scheduled for ${formatDisplayDate('2026-11-24T09:30:00.000Z')} · £3.20`),
    ).toBeTruthy();
    const channels = within(details).getAllByTestId('delivery-channel');
    expect(channels.map((c) => c.textContent)).toEqual([
      'MailWaiting£1.852nd class, black and white',
      'EmailFailed£0.10To bob@example.comThe mailbox does not exist.',
      `Cloud linkDelivered£0.05Not opened yet · expires ${formatDisplayDate('2026-12-21T14:05:00.000Z')}`,
    ]);
    const timeline = await screen.findByTestId('letter-timeline');
    const items = within(timeline).getAllByRole('listitem');
    expect(items).toHaveLength(3);
    expect(items[2]?.textContent).toBe(
      `${formatDisplayDate('2026-11-21T14:07:00.000Z')}${SCHEDULED_PREFIX}24.11.26 | 09:30 AMScheduled by Ada Lovelace`,
    );
    // A scheduled letter is not priced again: Deliver is disabled and says why (decision 0016).
    expect(await screen.findByTestId('deliver-refusal')).toHaveProperty('textContent', DELIVERY_MESSAGES.alreadyOpen);
    expect(screen.getByRole('button', { name: 'Deliver' })).toHaveProperty('disabled', true);
    expect(sent('/api/letters/deliver/quote')).toHaveLength(0);
    const result = await axe.run(view.baseElement, { rules: { 'color-contrast': { enabled: false } } });
    const serious = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' | ')}`)).toEqual([]);
  });

  describe('Revoke link (issue 24 item 12)', () => {
    const SENT = letter({ uuid: 'c1', name: 'shared.pdf', status: LETTER_STATUS.delivered, display_status: 'Sent' });
    const LIVE = structuredClone(DELIVERY);
    LIVE.delivery!.state = 'done';
    LIVE.delivery!.channels = [
      {
        ...DELIVERY.delivery!.channels[2]!,
        cloud_link: {
          url: 'http://localhost:3000/cloud#token',
          expires_at: '2999-12-21T14:05:00.000Z',
          first_opened_at: null,
          open_count: 0,
          revoked_at: null,
        },
      },
    ];
    const REVOKED = structuredClone(LIVE);
    REVOKED.delivery!.channels[0]!.cloud_link = {
      url: null,
      expires_at: '2999-12-21T14:05:00.000Z',
      first_opened_at: null,
      open_count: 0,
      revoked_at: '2026-11-26T10:00:00.000Z',
    };
    const revokes = () => calls.filter((c) => c.method === 'DELETE' && c.url === '/api/letters/c1/cloud-link');

    it('asks "Are you sure?", revokes, and the panel then shows the link revoked', async () => {
      let delivery = LIVE;
      routes['GET /api/letters/c1/delivery'] = () => json(200, delivery);
      routes['DELETE /api/letters/c1/cloud-link'] = () => {
        delivery = REVOKED;
        return json(200, { uuid: 'c1', revoked: 1, message: DELIVERY_MESSAGES.cloudLinkRevoked });
      };
      renderPanel(SENT);
      const details = await screen.findByTestId('delivery-details');
      expect(within(details).getByTestId('cloud-link-url').textContent).toBe('http://localhost:3000/cloud#token');
      const button = within(details).getByRole('button', { name: 'Revoke link' });
      // A real button: reached with Tab, pressed with Enter or Space.
      button.focus();
      expect(document.activeElement).toBe(button);

      fireEvent.click(button);
      fireEvent.click(
        within(await screen.findByRole('dialog', { name: 'Are you sure?' })).getByRole('button', { name: 'No' }),
      );
      await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Are you sure?' })).toBeNull());
      expect(revokes()).toHaveLength(0);

      fireEvent.click(button);
      fireEvent.click(
        within(await screen.findByRole('dialog', { name: 'Are you sure?' })).getByRole('button', { name: 'Yes' }),
      );
      await waitFor(() =>
        expect(vi.mocked(notify)).toHaveBeenCalledWith(DELIVERY_MESSAGES.cloudLinkRevoked, { variant: 'success' }),
      );
      expect(revokes()).toHaveLength(1);
      // The refetched delivery shows the link revoked: no link to copy, nothing left to revoke.
      await waitFor(() =>
        expect(within(details).getByTestId('delivery-channel').textContent).toContain(
          `Not opened yet · revoked ${formatDisplayDate('2026-11-26T10:00:00.000Z')}`,
        ),
      );
      expect(within(details).queryByTestId('cloud-link-url')).toBeNull();
      expect(within(details).queryByRole('button', { name: 'Revoke link' })).toBeNull();
    });

    it('a refused revoke says why', async () => {
      routes['GET /api/letters/c1/delivery'] = () => json(200, LIVE);
      routes['DELETE /api/letters/c1/cloud-link'] = () => json(404, { code: 'NOT_FOUND', message: 'Not found' });
      renderPanel(SENT);
      fireEvent.click(await screen.findByRole('button', { name: 'Revoke link' }));
      fireEvent.click(
        within(await screen.findByRole('dialog', { name: 'Are you sure?' })).getByRole('button', { name: 'Yes' }),
      );
      await waitFor(() =>
        expect(vi.mocked(notify)).toHaveBeenCalledWith(`${DELIVERY_MESSAGES.revokeFailed} Not found`, {
          variant: 'error',
        }),
      );
    });

    it('is offered only with send_letter, and only while a link still opens', async () => {
      routes['GET /api/letters/c1/delivery'] = () => json(200, LIVE);
      renderPanel(SENT, ['see_letters']);
      const details = await screen.findByTestId('delivery-details');
      expect(within(details).getByTestId('cloud-link-url')).toBeTruthy();
      expect(within(details).queryByRole('button', { name: 'Revoke link' })).toBeNull();
      cleanup();

      const expired = structuredClone(LIVE);
      expired.delivery!.channels[0]!.cloud_link!.expires_at = '2020-01-01T00:00:00.000Z';
      routes['GET /api/letters/c1/delivery'] = () => json(200, expired);
      renderPanel(SENT);
      await screen.findByTestId('delivery-details');
      expect(screen.queryByRole('button', { name: 'Revoke link' })).toBeNull();
    });
  });

  it('shows what was sent after a delivery, and Posted with the expected day instead of Delivered on', async () => {
    const POSTED = letter({ uuid: 'p1', name: 'posted.pdf', status: LETTER_STATUS.posted, display_status: 'Sent' });
    const posted = structuredClone(DELIVERY);
    posted.delivered_on = '2026-03-12T16:00:00.000Z';
    posted.has_been_posted = true;
    posted.delivery!.state = 'done';
    posted.delivery!.options = {
      mail: {
        is_premium: false,
        is_colour: false,
        posted_at: '2026-03-12T16:00:00.000Z',
        expected_delivery: '2026-03-17',
        mail_service: 'second_class',
        is_double_sided: true,
        country: null,
        zone: null,
        insert: null,
      },
      email: null,
      sms: null,
    };
    posted.delivery!.channels = [{ ...DELIVERY.delivery!.channels[0]!, state: 'succeeded' }];
    routes['GET /api/letters/p1/delivery'] = () => json(200, posted);
    const view = renderPanel(POSTED);
    const details = await screen.findByTestId('delivery-details');
    const mail = within(details).getByTestId('delivery-channel');
    expect(mail.textContent).toContain('MailPosted£1.852nd class, black and white');
    expect(within(details).getByTestId('mail-posted').textContent).toBe(
      `Posted ${formatDisplayDate('2026-03-12T16:00:00.000Z')} · expected by Tuesday 17 March 2026`,
    );
    expect(within(details).queryByText(/Delivered on/)).toBeNull();
    // The form shows the options it went with (2nd class, black and white), not the defaults.
    await screen.findByTestId('delivery-as-sent');
    await waitFor(() =>
      expect(screen.getByRole('radio', { name: 'Standard (2nd class)' })).toHaveProperty('checked', true),
    );
    expect(screen.getByRole('radio', { name: 'Premium (1st class)' })).toHaveProperty('checked', false);
    expect(screen.getByRole('radio', { name: 'Black and white' })).toHaveProperty('checked', true);
    // Read-only: the options are in a disabled fieldset.
    expect(screen.getByRole('radio', { name: 'Premium (1st class)' }).matches(':disabled')).toBe(true);
    expect(sent('/api/letters/deliver/quote')).toHaveLength(0);
    const result = await axe.run(view.baseElement, { rules: { 'color-contrast': { enabled: false } } });
    const serious = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' | ')}`)).toEqual([]);
  });

  it('a cloud link that was opened says when', async () => {
    const opened = structuredClone(DELIVERY);
    opened.delivery!.state = 'done';
    opened.delivery!.channels = [
      {
        ...DELIVERY.delivery!.channels[2]!,
        cloud_link: {
          url: null,
          expires_at: '2026-12-21T14:05:00.000Z',
          first_opened_at: '2026-11-22T08:00:00.000Z',
          open_count: 2,
          revoked_at: null,
        },
      },
    ];
    routes['GET /api/letters/s1/delivery'] = () => json(200, opened);
    renderPanel(SCHEDULED);
    const details = await screen.findByTestId('delivery-details');
    expect(
      within(details).getByText(
        new RegExp(`First opened ${formatDisplayDate('2026-11-22T08:00:00.000Z').replace(/[|.]/g, '\\$&')}`),
      ),
    ).toBeTruthy();
  });
});
