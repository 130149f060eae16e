import { DELIVERY_MESSAGES, MESSAGES } from '@lp/domain';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import axe from 'axe-core';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetCsrfToken } from '../../lib/api';
import { notify } from '../../lib/notify';
import { type Me, meQueryKey } from '../../lib/session';
import { testMe } from '../../test/me';
import type { DigitalChannelsAnswer, LetterPostageAnswer } from './api';
import { COMMS_TEXT } from './section';
import { TestCommsPage } from './test-comms-page';

vi.mock('../../lib/notify', () => ({ notify: vi.fn() }));
const notified = () => vi.mocked(notify).mock.calls.map(([message, options]) => [message, options?.variant]);

function json(status: number, body?: unknown) {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

let calls: Array<{ method: string; path: string; body: unknown }>;
let digitalAnswer: (body: Record<string, unknown>) => Response;
let letterAnswer: (body: Record<string, unknown>) => Response;

beforeEach(() => {
  resetCsrfToken();
  vi.mocked(notify).mockClear();
  calls = [];
  digitalAnswer = (body) =>
    json(200, {
      message: 'OK',
      email: !!(body.subject || body.message_to_recipient),
      sms: !!body.sms_text,
      charged_pence: (body.subject || body.message_to_recipient ? 5 : 0) + (body.sms_text ? 6 : 0),
    } satisfies DigitalChannelsAnswer);
  letterAnswer = () =>
    json(201, {
      uuid: 'l-1',
      status: 'Delivering',
      state: 'sending',
      message: DELIVERY_MESSAGES.testLetterPosted,
    } satisfies LetterPostageAnswer);
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const path = String(input);
      const method = init.method ?? 'GET';
      const body = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
      calls.push({ method, path, body });
      switch (`${method} ${path}`) {
        case 'GET /api/csrf':
          return json(200, { token: 't' });
        case 'POST /api/comms/digitalchannels':
          return digitalAnswer(body);
        case 'POST /api/comms/letterpostage':
          return letterAnswer(body);
        default:
          return json(404, { statusCode: 404, code: 'NOT_FOUND', message: 'Not found' });
      }
    }),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderPage(session: Me = testMe()) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(meQueryKey, session);
  const view = render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/testComms']}>
        <Routes>
          <Route path="/testComms" element={<TestCommsPage />} />
          <Route path="/letters" element={<h1>Letters page</h1>} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return view;
}

const posts = (path: string) => calls.filter((c) => c.method === 'POST' && c.path === path).map((c) => c.body);
const digital = () => screen.getByRole('region', { name: 'Send yourself an email/SMS' });
const letter = () => screen.getByRole('region', { name: 'Post Letter' });
const type = (scope: HTMLElement, label: RegExp, value: string) =>
  fireEvent.change(within(scope).getByLabelText(label), { target: { value } });
const settle = () => new Promise((r) => setTimeout(r, 20));

describe('/testComms', () => {
  it("shows both forms under their headings, with the user's own address read-only, accessibly", async () => {
    const view = renderPage();
    expect(screen.getByRole('heading', { level: 1, name: COMMS_TEXT.title })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Send yourself an email/SMS' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Post Letter' })).toBeTruthy();
    const own = within(digital()).getByLabelText(COMMS_TEXT.yourEmail) as HTMLInputElement;
    expect(own.value).toBe('ada@example.com');
    expect(own.readOnly).toBe(true);
    expect((within(letter()).getByRole('radio', { name: COMMS_TEXT.standard }) as HTMLInputElement).checked).toBe(true);
    expect((within(letter()).getByRole('radio', { name: COMMS_TEXT.blackAndWhite }) as HTMLInputElement).checked).toBe(
      true,
    );
    const result = await axe.run(view.container, { rules: { 'color-contrast': { enabled: false } } });
    expect(result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' | ')}`)).toEqual([]);
  });

  it('asks for the email or the text message when both are empty, sending nothing', async () => {
    renderPage();
    fireEvent.click(within(digital()).getByRole('button', { name: COMMS_TEXT.send }));
    expect(await within(digital()).findByText(DELIVERY_MESSAGES.nothingToSend)).toBeTruthy();
    expect(notified()).toEqual([[DELIVERY_MESSAGES.nothingToSend, 'error']]);
    expect(posts('/api/comms/digitalchannels')).toEqual([]);
  });

  it('checks the mobile number with the UK phone rule, and asks for the text and the number together', async () => {
    renderPage();
    const d = digital();
    type(d, /^Mobile number/, '12345');
    fireEvent.click(within(d).getByRole('button', { name: COMMS_TEXT.send }));
    expect(await within(d).findByText('Must be a valid UK phone number')).toBeTruthy();
    expect(within(d).getByText(DELIVERY_MESSAGES.smsTextRequired)).toBeTruthy();
    expect(notified()).toContainEqual(['Mobile number - Must be a valid UK phone number', 'error']);
    type(d, /^Mobile number/, '020 7946 0000');
    fireEvent.click(within(d).getByRole('button', { name: COMMS_TEXT.send }));
    expect(await within(d).findByText(DELIVERY_MESSAGES.phoneNotMobile)).toBeTruthy();
    type(d, /^Mobile number/, '');
    type(d, /^Text message/, 'Hello');
    fireEvent.click(within(d).getByRole('button', { name: COMMS_TEXT.send }));
    expect(await within(d).findByText(DELIVERY_MESSAGES.phoneRequired)).toBeTruthy();
    await settle();
    expect(posts('/api/comms/digitalchannels')).toEqual([]);
  });

  it('sends the email only, with only its fields, and says so with the price charged', async () => {
    renderPage();
    const d = digital();
    type(d, /^Subject/, '  Hello  ');
    type(d, /^Message/, 'A test');
    expect(within(d).getByTestId('digital-test-price').textContent).toBe('Price: £0.05');
    fireEvent.click(within(d).getByRole('button', { name: COMMS_TEXT.send }));
    expect(await within(d).findByTestId('digital-test-result')).toBeTruthy();
    expect(posts('/api/comms/digitalchannels')).toEqual([{ subject: 'Hello', message_to_recipient: 'A test' }]);
    expect(within(d).getByTestId('digital-test-result').textContent).toBe(
      `${DELIVERY_MESSAGES.testEmailSent} Charged: £0.05.`,
    );
    expect(notified()).toEqual([[DELIVERY_MESSAGES.testEmailSent, 'success']]);
    expect((within(d).getByLabelText(/^Subject/) as HTMLInputElement).value).toBe('');
  });

  it('sends the email and the text message together', async () => {
    renderPage();
    const d = digital();
    type(d, /^Message/, 'Body');
    type(d, /^Mobile number/, '07700 900123');
    type(d, /^Text message/, 'Hi there');
    expect(within(d).getByTestId('digital-test-price').textContent).toBe('Price: £0.11');
    fireEvent.click(within(d).getByRole('button', { name: COMMS_TEXT.send }));
    await within(d).findByTestId('digital-test-result');
    expect(posts('/api/comms/digitalchannels')).toEqual([
      { message_to_recipient: 'Body', recipient_phone_number: '07700 900123', sms_text: 'Hi there' },
    ]);
    expect(within(d).getByTestId('digital-test-result').textContent).toBe(
      `${DELIVERY_MESSAGES.testEmailSent} ${DELIVERY_MESSAGES.testSmsSent} Charged: £0.11.`,
    );
    expect(notified()).toEqual([
      [DELIVERY_MESSAGES.testEmailSent, 'success'],
      [DELIVERY_MESSAGES.testSmsSent, 'success'],
    ]);
  });

  it("shows the server's message when it refuses (402 insufficient funds), and its field errors on the fields", async () => {
    const funds = 'Insufficient funds: this costs £0.06 and the available balance is £0.00. Top up to continue.';
    digitalAnswer = () => json(402, { statusCode: 402, code: 'INSUFFICIENT_FUNDS', message: funds });
    renderPage();
    const d = digital();
    type(d, /^Mobile number/, '07700900123');
    type(d, /^Text message/, 'Hi');
    fireEvent.click(within(d).getByRole('button', { name: COMMS_TEXT.send }));
    expect(await within(d).findByText(funds)).toBeTruthy();
    expect(notified()).toEqual([[funds, 'error']]);

    vi.mocked(notify).mockClear();
    digitalAnswer = () =>
      json(422, {
        statusCode: 422,
        code: 'VALIDATION_FAILED',
        message: DELIVERY_MESSAGES.phoneNotMobile,
        fields: [{ path: 'recipient_phone_number', message: DELIVERY_MESSAGES.phoneNotMobile }],
      });
    fireEvent.click(within(d).getByRole('button', { name: COMMS_TEXT.send }));
    expect(await within(d).findByText(DELIVERY_MESSAGES.phoneNotMobile)).toBeTruthy();
    expect(notified()).toEqual([[`Mobile number - ${DELIVERY_MESSAGES.phoneNotMobile}`, 'error']]);

    vi.mocked(notify).mockClear();
    digitalAnswer = () => json(500, { statusCode: 500, code: 'INTERNAL', message: 'boom' });
    fireEvent.click(within(d).getByRole('button', { name: COMMS_TEXT.send }));
    await waitFor(() => expect(notified()).toEqual([[MESSAGES.genericError, 'error']]));
  });

  it('checks the letter form: name, first address line and a UK postcode', async () => {
    renderPage();
    const l = letter();
    fireEvent.click(within(l).getByRole('button', { name: COMMS_TEXT.post }));
    expect(await within(l).findAllByText(MESSAGES.required)).toHaveLength(3);
    expect(notified()).toEqual([
      ['Name - This field is required', 'error'],
      ['Address line 1 - This field is required', 'error'],
      ['Postcode - This field is required', 'error'],
    ]);
    type(l, /^Postcode/, 'NOT A CODE');
    fireEvent.click(within(l).getByRole('button', { name: COMMS_TEXT.post }));
    expect(await within(l).findByText('Must be a valid UK postcode')).toBeTruthy();
    await settle();
    expect(posts('/api/comms/letterpostage')).toEqual([]);
  });

  it('posts the test letter with the chosen service and print, then links to the letters', async () => {
    renderPage();
    const l = letter();
    expect(within(l).getByTestId('letter-test-price').textContent).toBe('Price: £0.79');
    type(l, /^Name/, 'Ada Lovelace');
    type(l, /^Address line 1/, '1 High Street');
    type(l, /^Address line 3/, 'London');
    type(l, /^Postcode/, 'sw1a1aa');
    fireEvent.click(within(l).getByRole('radio', { name: COMMS_TEXT.premium }));
    fireEvent.click(within(l).getByRole('radio', { name: COMMS_TEXT.colour }));
    expect(within(l).getByTestId('letter-test-price').textContent).toBe('Price: £1.71');
    fireEvent.click(within(l).getByRole('button', { name: COMMS_TEXT.post }));
    const result = await within(l).findByTestId('letter-test-result');
    expect(posts('/api/comms/letterpostage')).toEqual([
      {
        is_premium: true,
        is_colour: true,
        recipient: { name: 'Ada Lovelace', address_lines: ['1 High Street', 'London'], postcode: 'SW1A 1AA' },
      },
    ]);
    expect(result.textContent).toContain(DELIVERY_MESSAGES.testLetterPosted);
    expect(notified()).toEqual([[DELIVERY_MESSAGES.testLetterPosted, 'success']]);
    // The form is empty again, keeping the service and the print.
    expect((within(l).getByLabelText(/^Name/) as HTMLInputElement).value).toBe('');
    expect((within(l).getByRole('radio', { name: COMMS_TEXT.premium }) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(within(result).getByRole('link', { name: COMMS_TEXT.goToLetters }));
    expect(await screen.findByRole('heading', { name: 'Letters page' })).toBeTruthy();
  });

  it("shows the server's message when the letter is refused, and puts its field errors on the fields", async () => {
    letterAnswer = () =>
      json(422, {
        statusCode: 422,
        code: 'VALIDATION_FAILED',
        message: 'Invalid Postcode',
        fields: [{ path: 'recipient.postcode', message: 'Invalid Postcode' }],
      });
    renderPage();
    const l = letter();
    type(l, /^Name/, 'Ada');
    type(l, /^Address line 1/, '1 High Street');
    type(l, /^Postcode/, 'ZE9 9ZZ');
    fireEvent.click(within(l).getByRole('button', { name: COMMS_TEXT.post }));
    expect(await within(l).findByText('Invalid Postcode')).toBeTruthy();
    expect(notified()).toEqual([['Postcode - Invalid Postcode', 'error']]);

    vi.mocked(notify).mockClear();
    letterAnswer = () =>
      json(403, { statusCode: 403, code: 'SPENDING_CAP_EXCEEDED', message: 'Your monthly spending limit is reached.' });
    fireEvent.click(within(l).getByRole('button', { name: COMMS_TEXT.post }));
    expect(await within(l).findByText('Your monthly spending limit is reached.')).toBeTruthy();
    expect(notified()).toEqual([['Your monthly spending limit is reached.', 'error']]);
  });

  it('says when the test letter waits for a supervisor', async () => {
    letterAnswer = () =>
      json(201, {
        uuid: 'l-2',
        status: 'In Review',
        state: 'in_review',
        message: DELIVERY_MESSAGES.testLetterPosted,
      } satisfies LetterPostageAnswer);
    renderPage();
    const l = letter();
    type(l, /^Name/, 'Ada');
    type(l, /^Address line 1/, '1 High Street');
    type(l, /^Postcode/, 'SW1A 1AA');
    fireEvent.click(within(l).getByRole('button', { name: COMMS_TEXT.post }));
    expect((await within(l).findByTestId('letter-test-result')).textContent).toContain(DELIVERY_MESSAGES.inReview);
    expect(notified()).toEqual([[DELIVERY_MESSAGES.inReview, 'info']]);
  });

  it('switches the forms off without send_letter, saying why', async () => {
    renderPage(testMe({ roles: [], abilities: ['see_letters'] }));
    expect(screen.getByText(/Sending tests needs the permission "Create and send letters and parcels"/)).toBeTruthy();
    for (const scope of [digital(), letter()]) {
      for (const button of within(scope).getAllByRole('button'))
        expect((button as HTMLButtonElement).disabled).toBe(true);
    }
    expect((within(digital()).getByLabelText(/^Subject/) as HTMLInputElement).disabled).toBe(true);
    expect((within(letter()).getByLabelText(/^Name/) as HTMLInputElement).disabled).toBe(true);
    fireEvent.submit(within(letter()).getByRole('button', { name: COMMS_TEXT.post }).closest('form')!);
    await settle();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
  });
});
