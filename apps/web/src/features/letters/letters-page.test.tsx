import { ALL_PERMISSIONS, DELIVERY_MESSAGES, LETTER_STATUS, type Permission } from '@lp/domain';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import axe from 'axe-core';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetCsrfToken } from '../../lib/api';
import { formatDisplayDate } from '../../lib/dates';
import { notify } from '../../lib/notify';
import { type Me, meQueryKey } from '../../lib/session';
import { testMe } from '../../test/me';
import type { Letter } from './api';
import { ANALYSED_LETTER } from './letter-fixture';
import { LettersPage } from './letters-page';
import { UploadDialog } from './upload-dialog';
import { createUploadQueue } from './upload-queue';
import { UploadToast } from './upload-toast';

vi.mock('../../lib/notify', () => ({ notify: vi.fn() }));

const me = (abilities: readonly Permission[] = ALL_PERMISSIONS): Me => testMe({ abilities });

function letter(over: Partial<Letter>): Letter {
  return {
    ...ANALYSED_LETTER,
    num_pages: 2,
    ...over,
  };
}

const LETTERS: Letter[] = [
  letter({ uuid: 'l1' }),
  letter({
    uuid: 'l2',
    name: 'batch.pdf',
    document_type: 'merged',
    status: LETTER_STATUS.analysing,
    display_status: 'Processing',
    recipient_name_snapshot: null,
    recipient_address_snapshot: null,
    postcode: null,
    num_pages: null,
  }),
  letter({
    uuid: 'l3',
    name: 'broken.pdf',
    status: LETTER_STATUS.corrupted,
    display_status: 'Failed',
    status_reason: 'Make sure the file is a standard PDF: re-save it and upload it again.',
  }),
  letter({
    uuid: 'l4',
    name: 'window.pdf',
    status: LETTER_STATUS.addressOutsideWindow,
    display_status: 'Encountered Issues',
    status_reason: 'The address runs 4.8 mm below the bottom of the envelope window.',
  }),
  letter({
    uuid: 'l5',
    name: 'blank-window.pdf',
    status: LETTER_STATUS.failedToAnalyse,
    display_status: 'Failed',
    status_reason: 'No text was found in the address window of page 1.',
    recipient_name_snapshot: '',
    recipient_address_snapshot: ['', '', ''],
    postcode: '',
  }),
];
const TRASHED = [letter({ uuid: 't1', name: 'old.pdf', mark_for_deletion: true })];
/** Letters opened by id only (not in the list). */
const BLOCKED = letter({
  uuid: 'b1',
  name: 'logo-in-window.pdf',
  status: LETTER_STATUS.barcodeAreaNotEmpty,
  display_status: 'Encountered Issues',
  status_reason: 'No clear space is left in the address window of page 1 for the postal barcode.',
  layout: {
    window: { x: 20, y: 39.5, width: 90, height: 50.5 },
    address: { x: 25, y: 45, width: 40, height: 18 },
    barcode: null,
    intrusions: [{ kind: 'graphic', box: { x: 20, y: 64, width: 90, height: 26 } }],
  },
});
const WITH_SHEET = letter({ uuid: 's1', name: 'with-sheet.pdf', address_sheet: true, num_pages: 3 });

function json(status: number, body?: unknown) {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

let calls: { method: string; url: string; body: unknown }[] = [];

function startServer() {
  calls = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      const method = init?.method ?? 'GET';
      calls.push({ method, url: url.pathname + url.search, body: init?.body ? JSON.parse(String(init.body)) : null });
      if (url.pathname === '/api/csrf') return json(200, { token: 't' });
      if (url.pathname === '/api/letters') {
        const rows = url.searchParams.get('tab') === 'trash' ? TRASHED : LETTERS;
        return json(200, {
          rows,
          count: rows.length,
          counts: { all: 3, new: 1, scheduled: 0, sent: 0, failed: 1, trash: 1 },
          filter_options: { status: ['New', 'Processing', 'Failed'], creator: ['ada@example.com'] },
        });
      }
      const one = url.pathname.match(/^\/api\/letters\/([^/]+)$/);
      if (one) {
        const found = [...LETTERS, ...TRASHED, BLOCKED, WITH_SHEET].find((l) => l.uuid === one[1]);
        return found ? json(200, found) : json(404, { code: 'NOT_FOUND', message: 'Not found' });
      }
      if (url.pathname.endsWith('/address-sheet'))
        return json(202, { uuid: 'b1', status: 'Analysing', message: method === 'POST' ? 'added' : 'removed' });
      if (url.pathname === '/api/letters/deliver/bulk/quote')
        return json(200, {
          letters: 1,
          total_pence: 171,
          available_pence: 5000,
          available_after_pence: 4829,
          refused: [{ uuid: 'l3', message: DELIVERY_MESSAGES.notDeliverable }],
        });
      if (url.pathname === '/api/letters/deliver/bulk')
        return json(200, {
          results: [
            { uuid: 'l1', ok: true, status: 'Delivering', message: 'OK' },
            { uuid: 'l3', ok: false, status: null, message: DELIVERY_MESSAGES.notDeliverable },
          ],
        });
      if (method === 'POST') return json(200, {});
      return json(404, { code: 'NOT_FOUND', message: 'Not found' });
    }),
  );
}

function renderPage(session: Me = me(), entry = '/letters') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(meQueryKey, session);
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[entry]}>
        <Routes>
          <Route path="/letters" element={<LettersPage />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
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

describe('/letters', () => {
  it('lists the letters with their status badges in the shell colours, and the tabs', async () => {
    renderPage();
    const table = await screen.findByRole('table', { name: 'Letters' });
    await within(table).findByText('invoice.pdf');
    const tabs = screen.getAllByRole('tab').map((t) => t.textContent?.replace(/\d+$/, '').trim());
    expect(tabs).toEqual(['All', 'New', 'Scheduled', 'Sent', 'Failed', 'Trash']);
    const badges = within(table).getAllByTestId('status-badge');
    expect(badges.map((b) => [b.textContent, b.dataset.colour])).toEqual([
      ['New', 'purple'],
      ['Processing', 'orange'],
      ['Failed', 'red'],
      ['Encountered Issues', 'orange'],
      ['Failed', 'red'],
    ]);
    expect(within(table).getAllByText(formatDisplayDate('2026-11-21T14:05:00.000Z'))).toHaveLength(5);
    expect(screen.getByRole('group', { name: 'Drag and drop PDF or DOCX letters here' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Choose files' })).toBeTruthy();
  });

  it("each badge has its status's own icon, and a letter that cannot be posted says in a word what is wrong", async () => {
    renderPage();
    const table = await screen.findByRole('table', { name: 'Letters' });
    await within(table).findByText('window.pdf');
    const row = (name: string) =>
      within(table)
        .getByRole('button', { name: new RegExp(`^${name.replace('.', '\\.')}`) })
        .closest('tr') as HTMLElement;
    const icon = (name: string) => within(row(name)).getByTestId('badge-icon').dataset.icon;
    const problem = (name: string) => within(row(name)).queryByTestId('letter-problem')?.textContent ?? null;
    // Encountered Issues keeps the shell's orange but shows the warning, not the hourglass of work in progress.
    expect(icon('window.pdf')).toBe('warning');
    expect(icon('batch.pdf')).toBe('hourglass');
    expect(icon('broken.pdf')).toBe('error');
    expect(icon('invoice.pdf')).toBe('new');
    expect(problem('window.pdf')).toBe('Address outside window');
    expect(problem('broken.pdf')).toBe('Corrupted file');
    expect(problem('blank-window.pdf')).toBe('No address');
    expect(problem('invoice.pdf')).toBeNull();
    expect(problem('batch.pdf')).toBeNull();
    // An empty recipient is a dash, never a row of commas.
    expect(row('blank-window.pdf').textContent).not.toMatch(/,\s*,/);
    expect(within(row('blank-window.pdf')).getByLabelText('No recipient read').textContent).toBe('—');
  });

  it('has no serious accessibility violations', async () => {
    const view = renderPage();
    await screen.findByText('invoice.pdf');
    const result = await axe.run(view.container, { rules: { 'color-contrast': { enabled: false } } });
    const serious = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' | ')}`)).toEqual([]);
  });

  it('lets a supervisor (approve only) read the list, but not act on letters', async () => {
    renderPage(me(['approve']));
    const table = await screen.findByRole('table', { name: 'Letters' });
    await within(table).findByText('invoice.pdf');
    expect(screen.queryByRole('button', { name: 'Choose files' })).toBeNull();
    fireEvent.click(within(table).getAllByRole('checkbox', { name: 'Select row' })[0]!);
    expect(screen.getByRole('button', { name: 'Mark processed' })).toHaveProperty('disabled', true);
    expect(screen.queryByRole('button', { name: 'Deliver' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Delete' })).toHaveProperty('disabled', true);
  });

  it('hides the dropzone without create_letter', async () => {
    renderPage(me(['see_letters']));
    await screen.findByText('invoice.pdf');
    expect(screen.queryByRole('button', { name: 'Choose files' })).toBeNull();
  });

  it('opens a new letter in the panel: details, panel badge, Deliver enabled, Delete', async () => {
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'invoice.pdf' }));
    const panel = await screen.findByRole('dialog', { name: 'invoice.pdf' });
    expect(within(panel).getByTestId('status-badge').dataset.colour).toBe('purple');
    expect(within(panel).getByText('SW1A 2AA', { selector: 'dd' })).toBeTruthy();
    expect(within(panel).getByText('Ada Lovelace')).toBeTruthy();
    expect(within(panel).getByRole('button', { name: 'Deliver' })).toHaveProperty('disabled', false);
    expect(within(panel).getByRole('button', { name: 'Delete' })).toHaveProperty('disabled', false);
    expect(within(panel).queryByRole('button', { name: 'Split' })).toBeNull();
    expect(within(panel).getByRole('checkbox', { name: 'Mail' })).toHaveProperty('checked', true);
    expect(within(panel).getByRole('link', { name: 'Download' }).getAttribute('href')).toBe(
      '/api/letters/l1/file?download=1',
    );

    // The email channel needs the recipient's address (part 1 section 5).
    fireEvent.click(within(panel).getByRole('checkbox', { name: 'Email' }));
    fireEvent.click(within(panel).getByRole('button', { name: 'Deliver' }));
    expect(
      await within(panel).findByText("You must enter the recipient's email address before delivering!"),
    ).toBeTruthy();
  });

  it('a merged letter being analysed shows Split disabled, and blue Processing in the panel', async () => {
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: /batch\.pdf/ }));
    const panel = await screen.findByRole('dialog', { name: 'batch.pdf' });
    expect(within(panel).getByTestId('status-badge').dataset.colour).toBe('blue');
    expect(within(panel).getByRole('button', { name: 'Split' })).toHaveProperty('disabled', true);
    expect(within(panel).queryByRole('button', { name: 'Deliver' })).toBeNull();
    expect(within(panel).getByRole('button', { name: 'Delete' })).toHaveProperty('disabled', true);
  });

  it('a letter with no room for the barcode says why, shows what is in the way and offers an address sheet', async () => {
    renderPage(me(), '/letters?letter=b1');
    const panel = await screen.findByRole('dialog', { name: 'logo-in-window.pdf' });
    expect(within(panel).getByText(/postal barcode/, { selector: '[role="alert"] *, [role="alert"]' })).toBeTruthy();
    expect(within(panel).getByText(/Add an address sheet: a first page with the address/)).toBeTruthy();
    expect(within(panel).getByRole('button', { name: 'Show the problem on the page' })).toBeTruthy();
    fireEvent.click(within(panel).getByRole('button', { name: 'Add an address sheet' }));
    await waitFor(() => expect(vi.mocked(notify)).toHaveBeenCalledWith('added', { variant: 'success' }));
    expect(calls.some((c) => c.method === 'POST' && c.url === '/api/letters/b1/address-sheet')).toBe(true);
  });

  it('without create_letter the address sheet is not offered', async () => {
    renderPage(me(['see_letters']), '/letters?letter=b1');
    const panel = await screen.findByRole('dialog', { name: 'logo-in-window.pdf' });
    expect(within(panel).getByRole('button', { name: 'Show the problem on the page' })).toBeTruthy();
    expect(within(panel).queryByRole('button', { name: 'Add an address sheet' })).toBeNull();
  });

  it('a letter with an address sheet says so and can have it taken off', async () => {
    renderPage(me(), '/letters?letter=s1');
    const panel = await screen.findByRole('dialog', { name: 'with-sheet.pdf' });
    expect(within(panel).getByText(/page 1 is the sheet with the address/)).toBeTruthy();
    fireEvent.click(within(panel).getByRole('button', { name: 'Take off the address sheet' }));
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'DELETE' && c.url === '/api/letters/s1/address-sheet')).toBe(true),
    );
  });

  it('a corrupted letter shows the warning and cannot be delivered', async () => {
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'broken.pdf' }));
    const panel = await screen.findByRole('dialog', { name: 'broken.pdf' });
    expect(within(panel).getByRole('alert').textContent).toMatch(/standard PDF.*re-save it.*upload it again/);
    expect(within(panel).getByRole('button', { name: 'Deliver' })).toHaveProperty('disabled', true);
  });

  it('bulk actions: Delete asks "Are you sure?" then trashes; in the trash, Restore and Delete Permanently', async () => {
    renderPage();
    const table = await screen.findByRole('table', { name: 'Letters' });
    await within(table).findByText('invoice.pdf');
    fireEvent.click(within(table).getAllByRole('checkbox', { name: 'Select row' })[0]!);
    expect(screen.getByText('1 items selected')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    const confirm = await screen.findByRole('dialog', { name: 'Are you sure?' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(calls.some((c) => c.url === '/api/letters/trash')).toBe(true));
    expect(calls.find((c) => c.url === '/api/letters/trash')?.body).toEqual({ uuids: ['l1'] });

    fireEvent.click(await screen.findByRole('tab', { name: /Trash/ }));
    await within(table).findByText('old.pdf');
    fireEvent.click(within(table).getAllByRole('checkbox', { name: 'Select row' })[0]!);
    expect(screen.getByRole('button', { name: 'Restore' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Delete Permanently' }));
    fireEvent.click(
      within(await screen.findByRole('dialog', { name: 'Are you sure?' })).getByRole('button', { name: 'Yes' }),
    );
    await waitFor(() =>
      expect(calls.find((c) => c.url === '/api/letters/delete-permanently')?.body).toEqual({ uuids: ['t1'] }),
    );
  });
});

describe('bulk deliver', () => {
  it('delivers the selection by mail (premium, colour) and sums up the answers', async () => {
    renderPage();
    const table = await screen.findByRole('table', { name: 'Letters' });
    await within(table).findByText('invoice.pdf');
    const boxes = within(table).getAllByRole('checkbox', { name: 'Select row' });
    fireEvent.click(boxes[0]!);
    fireEvent.click(boxes[2]!);
    fireEvent.click(screen.getByRole('button', { name: 'Deliver' }));
    const dialog = await screen.findByRole('dialog', { name: 'Deliver 2 letters' });
    expect(within(dialog).getByRole('checkbox', { name: 'Mail' })).toHaveProperty('checked', true);
    expect(within(dialog).getByRole('checkbox', { name: 'Cloud link' })).toHaveProperty('checked', false);
    expect(within(dialog).getByRole('radio', { name: 'Premium (1st class)' })).toHaveProperty('checked', true);
    expect(within(dialog).getByRole('radio', { name: 'Colour' })).toHaveProperty('checked', true);
    expect(within(dialog).getByRole('radio', { name: 'Now' })).toHaveProperty('checked', true);
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Scheduled' }));
    expect(within(dialog).getByLabelText(/Delivery date and time/)).toBeTruthy();
    const result = await axe.run(dialog, { rules: { 'color-contrast': { enabled: false } } });
    expect(result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Now' }));

    // At least one channel.
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Mail' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Deliver' }));
    expect(within(dialog).getByText(DELIVERY_MESSAGES.noChannel)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Mail' }));
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Cloud link' }));
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Standard (2nd class)' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Deliver' }));
    // The "Are you sure" confirmation: the selection's total and the balance after, before anything is charged.
    const confirm = await screen.findByRole('dialog', { name: 'Are you sure?' });
    expect(within(confirm).getByText('Deliver 2 letters by Mail and Cloud link?')).toBeTruthy();
    expect(within(confirm).getByTestId('confirm-total').textContent).toBe('£1.71');
    expect(within(confirm).getByTestId('confirm-balance-after').textContent).toBe('£48.29');
    expect(within(confirm).getByText('1 letter cannot be sent as asked: it is left out and not charged.')).toBeTruthy();
    expect(calls.find((c) => c.url === '/api/letters/deliver/bulk/quote')?.body).toEqual({
      uuids: ['l1', 'l3'],
      preference_overrides: ['mail', 'cloud_link'],
      is_premium: false,
      is_colour: true,
    });
    expect(calls.find((c) => c.url === '/api/letters/deliver/bulk')).toBeUndefined();
    const confirmAxe = await axe.run(confirm, { rules: { 'color-contrast': { enabled: false } } });
    expect(confirmAxe.violations.map((v) => v.id)).toEqual([]);
    fireEvent.click(within(confirm).getByRole('button', { name: 'No' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Are you sure?' })).toBeNull());
    expect(calls.find((c) => c.url === '/api/letters/deliver/bulk')).toBeUndefined();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Deliver' }));
    fireEvent.click(
      within(await screen.findByRole('dialog', { name: 'Are you sure?' })).getByRole('button', { name: 'Yes' }),
    );
    await waitFor(() =>
      expect(vi.mocked(notify)).toHaveBeenCalledWith(`1 delivered, 1 refused: ${DELIVERY_MESSAGES.notDeliverable}`, {
        variant: 'warning',
      }),
    );
    expect(calls.find((c) => c.url === '/api/letters/deliver/bulk')?.body).toEqual({
      uuids: ['l1', 'l3'],
      preference_overrides: ['mail', 'cloud_link'],
      is_premium: false,
      is_colour: true,
    });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Deliver 2 letters' })).toBeNull());
  });
});

describe('upload dialog', () => {
  const pdf = (name: string) => new File(['%PDF-1.7'], name, { type: 'application/pdf' });

  it('lists each file with name, size, type and remove; refuses other files; sends the choice', async () => {
    const onUpload = vi.fn();
    render(<UploadDialog open onClose={() => {}} onUpload={onUpload} initialFiles={[pdf('a.pdf')]} />);
    const dialog = await screen.findByRole('dialog', { name: 'Upload letters' });
    const input = dialog.querySelector('input[type=file]') as HTMLInputElement;
    fireEvent.change(input, {
      target: { files: [pdf('b.pdf'), new File(['x'], 'c.txt', { type: 'text/plain' })] },
    });
    expect(within(dialog).getByText('c.txt: Only PDF or DOCX files can be uploaded.')).toBeTruthy();
    const items = within(dialog).getAllByTestId('chosen-file');
    expect(items.map((i) => within(i).getByText(/\.pdf$/).textContent)).toEqual(['a.pdf', 'b.pdf']);
    expect(within(items[0]!).getByText('8 B')).toBeTruthy();
    fireEvent.change(within(dialog).getByRole('combobox', { name: 'Type of b.pdf' }), { target: { value: 'merged' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove a.pdf' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Upload 1 file' }));
    expect(onUpload).toHaveBeenCalledWith([{ file: expect.any(File), type: 'merged' }]);
    expect(onUpload.mock.calls[0]![0][0].file.name).toBe('b.pdf');
  });
});

describe('upload toast', () => {
  it('shows progress per file, cannot be closed while pending, then turns teal with the message', async () => {
    let finish: (v: { uuid: string }) => void = () => {};
    let report: (f: number) => void = () => {};
    const queue = createUploadQueue((_f, _t, onProgress) => {
      report = onProgress;
      return new Promise((resolve) => {
        finish = resolve;
      });
    });
    render(
      <MemoryRouter>
        <UploadToast queue={queue} />
      </MemoryRouter>,
    );
    queue.enqueue([{ file: new File(['x'], 'a.pdf'), type: 'regular' }]);
    const toast = await screen.findByTestId('upload-toast');
    expect(toast.dataset.colour).toBe('purple');
    expect(within(toast).getByRole('button', { name: 'Close upload progress' })).toHaveProperty('disabled', true);
    expect(within(toast).getByRole('link', { name: 'Go to letters' }).getAttribute('href')).toBe('/letters');
    report(0.5);
    await waitFor(() =>
      expect(within(toast).getByRole('progressbar', { name: 'Upload of a.pdf' }).getAttribute('aria-valuenow')).toBe(
        '50',
      ),
    );
    finish({ uuid: 'u1' });
    await waitFor(() => expect(screen.getByTestId('upload-toast').dataset.colour).toBe('teal'));
    expect(screen.getByText('All letters have been uploaded successfully!')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Close upload progress' }));
    expect(screen.queryByTestId('upload-toast')).toBeNull();
  });
});
