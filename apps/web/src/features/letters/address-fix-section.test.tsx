import { ALL_PERMISSIONS, LETTER_FIX_MESSAGES, LETTER_MESSAGES, LETTER_STATUS } from '@lp/domain';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import axe from 'axe-core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetCsrfToken } from '../../lib/api';
import { notify } from '../../lib/notify';
import { ADDRESS_FIX_TEXT, AddressFixSection } from './address-fix-section';
import type { Letter, LetterLayout } from './api';
import { ANALYSED_LETTER } from './letter-fixture';
import { recipientFormValues } from './letter-problem';

vi.mock('../../lib/notify', () => ({ notify: vi.fn() }));

const LAYOUT: LetterLayout = {
  window: { x: 20, y: 45, width: 90, height: 45 },
  address: { x: 25, y: 70, width: 60, height: 24.8 },
  lines: [{ x: 25, y: 70, width: 40, height: 4 }],
  barcode: null,
  intrusions: [],
  outside: [{ side: 'bottom', by: 4.8, line: 'SW1A 2AA' }],
  resetOffered: true,
};

function letter(over: Partial<Letter> = {}): Letter {
  return {
    ...ANALYSED_LETTER,
    uuid: 'w1',
    name: 'window.pdf',
    status: LETTER_STATUS.addressOutsideWindow,
    display_status: 'Encountered Issues',
    status_reason: 'The address runs 4.8 mm below the bottom of the envelope window.',
    num_pages: 2,
    recipient_address_snapshot: ['10 Downing Street', 'London', 'SW1A 2AA'],
    layout: LAYOUT,
    ...over,
  };
}

function json(status: number, body?: unknown) {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

let calls: { method: string; url: string; body: unknown }[] = [];
/** The answer of PUT /recipient, when a test wants another. */
let recipientAnswer: () => Response;

beforeEach(() => {
  resetCsrfToken();
  calls = [];
  recipientAnswer = () => json(202, { uuid: 'w1', status: 'Analysing', message: LETTER_FIX_MESSAGES.recipientSaved });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      const method = init?.method ?? 'GET';
      calls.push({ method, url: url.pathname, body: init?.body ? JSON.parse(String(init.body)) : null });
      if (url.pathname === '/api/csrf') return json(200, { token: 't' });
      if (url.pathname.endsWith('/recipient')) return recipientAnswer();
      if (url.pathname.endsWith('/address-reset') || url.pathname.endsWith('/address-sheet'))
        return json(202, { uuid: 'w1', status: 'Analysing', message: `${method} ${url.pathname}` });
      return json(404, { code: 'NOT_FOUND', message: 'Not found' });
    }),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.mocked(notify).mockClear();
});

function renderSection(l: Letter, abilities: readonly string[] = ALL_PERMISSIONS) {
  const onShowProblem = vi.fn();
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const view = render(
    <QueryClientProvider client={client}>
      <main>
        <AddressFixSection letter={l} abilities={abilities} onShowProblem={onShowProblem} />
      </main>
    </QueryClientProvider>,
  );
  return { onShowProblem, view };
}

const button = (name: string) => screen.queryByRole('button', { name });
const buttons = () => screen.queryAllByRole('button').map((b) => b.textContent);
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** The input labelled `name` (a required field's label ends with its asterisk). */
const field = (name: string) =>
  screen.getByLabelText(new RegExp(`^${escapeRegExp(name)}(\\s*\\*)?$`), { selector: 'input' }) as HTMLInputElement;
const type = (name: string, value: string) => fireEvent.change(field(name), { target: { value } });
const sent = (method: string, path: string) => calls.filter((c) => c.method === method && c.url === path);

describe('the address and window section: the fixes offered per status', () => {
  it('address outside the window, re-set offered: show the problem, re-set, address sheet, correct', async () => {
    const { onShowProblem, view } = renderSection(letter());
    expect(screen.getByRole('heading', { name: 'Address and window' })).toBeTruthy();
    expect(buttons()).toEqual([
      ADDRESS_FIX_TEXT.showProblem,
      ADDRESS_FIX_TEXT.reset,
      ADDRESS_FIX_TEXT.addSheet,
      ADDRESS_FIX_TEXT.correct,
    ]);
    expect(screen.getByText(LETTER_FIX_MESSAGES.resetAdvice)).toBeTruthy();
    expect(screen.getByText(LETTER_MESSAGES.addressSheetAdvice)).toBeTruthy();

    fireEvent.click(button(ADDRESS_FIX_TEXT.showProblem)!);
    expect(onShowProblem).toHaveBeenCalledTimes(1);

    fireEvent.click(button(ADDRESS_FIX_TEXT.reset)!);
    await waitFor(() => expect(sent('POST', '/api/letters/w1/address-reset')).toHaveLength(1));
    await waitFor(() =>
      expect(vi.mocked(notify)).toHaveBeenCalledWith('POST /api/letters/w1/address-reset', { variant: 'success' }),
    );

    const result = await axe.run(view.container, { rules: { 'color-contrast': { enabled: false } } });
    expect(result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);
  });

  it('offers no re-set when the layout does not (something else would be whited out)', () => {
    renderSection(letter({ layout: { ...LAYOUT, resetOffered: false } }));
    expect(button(ADDRESS_FIX_TEXT.reset)).toBeNull();
    expect(screen.queryByText(LETTER_FIX_MESSAGES.resetAdvice)).toBeNull();
    fireEvent.click(button(ADDRESS_FIX_TEXT.addSheet)!);
    return waitFor(() => expect(sent('POST', '/api/letters/w1/address-sheet')).toHaveLength(1));
  });

  it('window not clear: an address sheet and a correction, never a re-set (even when the layout offers it)', () => {
    renderSection(letter({ status: LETTER_STATUS.windowNotClear }));
    expect(buttons()).toEqual([ADDRESS_FIX_TEXT.showProblem, ADDRESS_FIX_TEXT.addSheet, ADDRESS_FIX_TEXT.correct]);
  });

  it('no room for the barcode: re-set offered when the layout allows it', () => {
    renderSection(letter({ status: LETTER_STATUS.barcodeAreaNotEmpty }));
    expect(buttons()).toEqual([
      ADDRESS_FIX_TEXT.showProblem,
      ADDRESS_FIX_TEXT.reset,
      ADDRESS_FIX_TEXT.addSheet,
      ADDRESS_FIX_TEXT.correct,
    ]);
  });

  it('without create_letter the problem can be seen but not fixed', () => {
    renderSection(letter(), ['see_letters']);
    expect(buttons()).toEqual([ADDRESS_FIX_TEXT.showProblem]);
  });

  it('a new letter can have its address corrected; one read by OCR says so with its confidence', () => {
    renderSection(
      letter({
        status: LETTER_STATUS.analysisComplete,
        display_status: 'New',
        status_reason: null,
        address_source: 'ocr',
        ocr_confidence: 91,
      }),
    );
    expect(buttons()).toEqual([ADDRESS_FIX_TEXT.correct]);
    expect(screen.getByTestId('ocr-note').textContent).toBe('Address read by OCR (91% confidence)');
  });

  it('an invalid postcode can be corrected', () => {
    renderSection(letter({ status: LETTER_STATUS.invalidPostcode, postcode: 'XX1 1XX' }));
    expect(buttons()).toEqual([ADDRESS_FIX_TEXT.correct]);
  });

  it('a letter with no address in the window: the user types it in', () => {
    renderSection(
      letter({
        status: LETTER_STATUS.failedToAnalyse,
        display_status: 'Failed',
        status_reason: 'No text was found in the address window of page 1.',
        recipient_name_snapshot: null,
        recipient_address_snapshot: null,
        postcode: null,
        layout: null,
      }),
    );
    expect(buttons()).toEqual([ADDRESS_FIX_TEXT.correct]);
    expect(screen.getByText(ADDRESS_FIX_TEXT.noAddressAdvice)).toBeTruthy();
    fireEvent.click(button(ADDRESS_FIX_TEXT.correct)!);
    expect(field('Name').value).toBe('');
    expect(field('Address line 1').value).toBe('');
    expect(field('Postcode').value).toBe('');
  });

  it('offers nothing for a letter that failed otherwise, is corrupted or is on its way', () => {
    const failed = renderSection(
      letter({ status: LETTER_STATUS.failedToAnalyse, display_status: 'Failed', status_reason: 'Timed out.' }),
    );
    expect(failed.view.container.textContent).toBe('');
    cleanup();
    const corrupted = renderSection(letter({ status: LETTER_STATUS.corrupted, display_status: 'Failed' }));
    expect(corrupted.view.container.textContent).toBe('');
    cleanup();
    const sending = renderSection(letter({ status: LETTER_STATUS.delivering, display_status: 'Sending' }));
    expect(sending.view.container.textContent).toBe('');
  });

  it('a re-set address says so and can be undone; an address sheet likewise', async () => {
    renderSection(letter({ status: LETTER_STATUS.analysisComplete, display_status: 'New', address_reset: true }));
    expect(screen.getByText(/The address on page 1 was set again inside the window/)).toBeTruthy();
    expect(button(ADDRESS_FIX_TEXT.addSheet)).toBeNull();
    fireEvent.click(button(ADDRESS_FIX_TEXT.undoReset)!);
    await waitFor(() => expect(sent('DELETE', '/api/letters/w1/address-reset')).toHaveLength(1));
    cleanup();

    renderSection(letter({ address_sheet: true }));
    expect(screen.getByText(/page 1 is the sheet with the address/)).toBeTruthy();
    // One fix at a time: no re-set or second sheet while the sheet is on.
    expect(button(ADDRESS_FIX_TEXT.reset)).toBeNull();
    expect(button(ADDRESS_FIX_TEXT.addSheet)).toBeNull();
    fireEvent.click(button(ADDRESS_FIX_TEXT.removeSheet)!);
    await waitFor(() => expect(sent('DELETE', '/api/letters/w1/address-sheet')).toHaveLength(1));
  });

  it('the undo is disabled once the letter is on its way', () => {
    renderSection(letter({ status: LETTER_STATUS.delivering, display_status: 'Sending', address_reset: true }));
    expect(button(ADDRESS_FIX_TEXT.undoReset)).toHaveProperty('disabled', true);
  });

  it('address to confirm: the OCR banner, and Confirm PUTs the address as read', async () => {
    renderSection(
      letter({
        status: LETTER_STATUS.addressToConfirm,
        address_source: 'ocr',
        ocr_confidence: 62,
        recipient_address_snapshot: ['Flat 2', '10 High Street', 'London', 'sw1a 1aa'],
        postcode: 'SW1A 1AA',
        layout: { ...LAYOUT, outside: [] },
      }),
    );
    expect(
      screen.getByText('Read by OCR with 62% confidence: check the address and confirm or correct it'),
    ).toBeTruthy();
    expect(buttons()).toEqual([ADDRESS_FIX_TEXT.confirm, ADDRESS_FIX_TEXT.correct]);
    fireEvent.click(button(ADDRESS_FIX_TEXT.confirm)!);
    await waitFor(() => expect(sent('PUT', '/api/letters/w1/recipient')).toHaveLength(1));
    expect(sent('PUT', '/api/letters/w1/recipient')[0]!.body).toEqual({
      name: 'Mr John Smith',
      lines: ['Flat 2', '10 High Street', 'London'],
      postcode: 'SW1A 1AA',
    });
    await waitFor(() =>
      expect(vi.mocked(notify)).toHaveBeenCalledWith(LETTER_FIX_MESSAGES.recipientSaved, { variant: 'success' }),
    );
  });

  it('address to confirm read with a postcode that fails the checks: Confirm opens the form with the error', async () => {
    renderSection(
      letter({
        status: LETTER_STATUS.addressToConfirm,
        address_source: 'ocr',
        ocr_confidence: 40,
        recipient_address_snapshot: ['10 High Street', 'London', 'SWIA IAA'],
        postcode: 'SWIA IAA',
      }),
    );
    fireEvent.click(button(ADDRESS_FIX_TEXT.confirm)!);
    const form = screen.getByRole('form', { name: ADDRESS_FIX_TEXT.formTitle });
    expect(await within(form).findByText('Invalid Postcode')).toBeTruthy();
    expect(field('Postcode').value).toBe('SWIA IAA');
    expect(sent('PUT', '/api/letters/w1/recipient')).toHaveLength(0);
  });
});

describe('the corrected address form', () => {
  it('is filled in as read: the name, the lines without the postcode line, the postcode', () => {
    expect(
      recipientFormValues({
        recipient_name_snapshot: 'Mr John Smith',
        recipient_address_snapshot: ['Mr John Smith', '10 Downing Street', 'London', 'SW1A 2AA'],
        postcode: 'SW1A 2AA',
      }),
    ).toEqual({ name: 'Mr John Smith', lines: ['10 Downing Street', 'London'], postcode: 'SW1A 2AA' });
    // A last line that carries more than the postcode stays.
    expect(
      recipientFormValues({
        recipient_name_snapshot: 'Ms Ada Lovelace',
        recipient_address_snapshot: ['1 Main Road', 'York YO1 7HH'],
        postcode: 'YO1 7HH',
      }),
    ).toEqual({ name: 'Ms Ada Lovelace', lines: ['1 Main Road', 'York YO1 7HH'], postcode: 'YO1 7HH' });
    // Blank parts are left out.
    expect(
      recipientFormValues({ recipient_name_snapshot: ' ', recipient_address_snapshot: ['', ' , '], postcode: null }),
    ).toEqual({ name: '', lines: [], postcode: '' });
  });

  it('pre-fills, checks the fields (errors in red beneath them) and PUTs the corrected recipient', async () => {
    renderSection(letter());
    fireEvent.click(button(ADDRESS_FIX_TEXT.correct)!);
    const form = screen.getByRole('form', { name: ADDRESS_FIX_TEXT.formTitle });
    expect(field('Name').value).toBe('Mr John Smith');
    expect(field('Address line 1').value).toBe('10 Downing Street');
    expect(field('Address line 2').value).toBe('London');
    expect(screen.queryByLabelText('Address line 3')).toBeNull();
    expect(field('Postcode').value).toBe('SW1A 2AA');
    // Required fields carry the red asterisk.
    expect(form.querySelectorAll('.MuiFormLabel-asterisk')).toHaveLength(2);

    type('Name', '');
    type('Postcode', 'NOT A CODE');
    fireEvent.click(within(form).getByRole('button', { name: ADDRESS_FIX_TEXT.save }));
    const required = await within(form).findByText('This field is required');
    expect(required.className).toMatch(/Mui-error/);
    expect(field('Name').getAttribute('aria-invalid')).toBe('true');
    expect(within(form).getByText('Invalid Postcode').className).toMatch(/Mui-error/);
    expect(sent('PUT', '/api/letters/w1/recipient')).toHaveLength(0);

    type('Name', 'Mrs Jane Doe');
    type('Postcode', 'sw1a2aa');
    fireEvent.click(within(form).getByRole('button', { name: ADDRESS_FIX_TEXT.addLine }));
    type('Address line 3', 'Westminster');
    fireEvent.click(within(form).getByRole('button', { name: ADDRESS_FIX_TEXT.save }));
    await waitFor(() => expect(sent('PUT', '/api/letters/w1/recipient')).toHaveLength(1));
    expect(sent('PUT', '/api/letters/w1/recipient')[0]!.body).toEqual({
      name: 'Mrs Jane Doe',
      lines: ['10 Downing Street', 'London', 'Westminster'],
      postcode: 'SW1A 2AA',
    });
    // Saved: the form closes.
    await waitFor(() => expect(screen.queryByRole('form', { name: ADDRESS_FIX_TEXT.formTitle })).toBeNull());
  });

  it('takes up to six lines, and a line can be removed', () => {
    renderSection(letter());
    fireEvent.click(button(ADDRESS_FIX_TEXT.correct)!);
    for (let i = 0; i < 4; i += 1) fireEvent.click(screen.getByRole('button', { name: ADDRESS_FIX_TEXT.addLine }));
    expect(field('Address line 6')).toBeTruthy();
    expect(button(ADDRESS_FIX_TEXT.addLine)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Remove address line 1' }));
    expect(field('Address line 1').value).toBe('London');
    expect(screen.queryByLabelText(/^Address line 6/)).toBeNull();
  });

  it("shows the server's field errors under their fields", async () => {
    recipientAnswer = () =>
      json(422, {
        code: 'VALIDATION_FAILED',
        message: 'Invalid Postcode',
        fields: [
          { path: 'postcode', message: 'Invalid Postcode' },
          { path: 'lines.1', message: 'Only printable characters are allowed' },
        ],
      });
    renderSection(letter());
    fireEvent.click(button(ADDRESS_FIX_TEXT.correct)!);
    const form = screen.getByRole('form', { name: ADDRESS_FIX_TEXT.formTitle });
    fireEvent.click(within(form).getByRole('button', { name: ADDRESS_FIX_TEXT.save }));
    expect((await within(form).findByText('Invalid Postcode')).className).toMatch(/Mui-error/);
    expect(within(form).getByText('Only printable characters are allowed').className).toMatch(/Mui-error/);
    expect(field('Address line 2').getAttribute('aria-invalid')).toBe('true');
    expect(vi.mocked(notify)).toHaveBeenCalledWith(
      'Postcode - Invalid Postcode',
      expect.objectContaining({ variant: 'error' }),
    );
    // The form stays open for the fix.
    expect(screen.getByRole('form', { name: ADDRESS_FIX_TEXT.formTitle })).toBeTruthy();
  });
});
