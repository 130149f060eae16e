import { ALL_PERMISSIONS, LETTER_MESSAGES, type SplitProposal } from '@lp/domain';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import axe from 'axe-core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetCsrfToken } from '../../lib/api';
import { notify } from '../../lib/notify';
import type { Letter } from './api';
import { ANALYSED_LETTER } from './letter-fixture';
import { letterActions } from './panel-actions';
import { SplitReviewDialog } from './split-review-dialog';
import { SplitSection } from './split-section';

// pdf.js does not run in jsdom: the pages are blank sheets here (drawn by the browser journey).
vi.mock('./split-page-thumbnails', () => ({
  usePdfDocument: () => ({ state: 'loading' }),
  PageThumbnail: ({ label }: { label: string }) => <div role="img" aria-label={label} />,
}));
vi.mock('../../lib/notify', () => ({ notify: vi.fn() }));

/** The file: letters of 1, 3, 2 and 1 pages; the branch address read on pages 3, 4 and 6. */
const PROPOSAL: SplitProposal = {
  pages: 7,
  starts: [
    {
      page: 1,
      signals: ['first page', 'address', 'date', 'salutation', 'opens the page'],
      recipient: "Dr Siobhan O'Neill",
    },
    { page: 2, signals: ['address', 'date', 'salutation', 'opens the page'], recipient: 'Zoë Brontë' },
    { page: 5, signals: ['page 1 of 2', 'address'], recipient: 'Mr Ahmed Khan' },
    { page: 7, signals: ['address', 'salutation'], recipient: 'Smith & Sons Ltd' },
  ],
  addresses: [
    { page: 3, recipient: 'Leeds Branch' },
    { page: 4, recipient: 'Leeds Branch' },
  ],
  note: null,
};

function renderDialog(proposal: SplitProposal = PROPOSAL) {
  const onConfirm = vi.fn();
  const onCancel = vi.fn();
  const view = render(
    <SplitReviewDialog
      open
      name="run.pdf"
      fileUrl="/api/letters/m1/file"
      proposal={proposal}
      onConfirm={onConfirm}
      onCancel={onCancel}
    />,
  );
  return { view, onConfirm, onCancel, dialog: screen.getByRole('dialog', { name: 'Review the split' }) };
}

const page = (dialog: HTMLElement, n: number) => within(dialog).getByRole('group', { name: `Page ${n}` });
const startsBox = (dialog: HTMLElement, n: number) =>
  within(page(dialog, n)).getByRole('checkbox', { name: LETTER_MESSAGES.splitStartsNewLetter }) as HTMLInputElement;

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.mocked(notify).mockClear();
});

describe('Review the split', () => {
  it('shows every page in order with a cut marker and the recipient before each proposed start', () => {
    const { dialog } = renderDialog();
    const groups = within(dialog).getAllByRole('group');
    expect(groups.map((g) => g.getAttribute('data-page'))).toEqual(['1', '2', '3', '4', '5', '6', '7']);
    for (const g of groups)
      expect(within(g).getByRole('img').getAttribute('aria-label')).toBe(`Page ${g.dataset.page}`);
    expect(within(dialog).getAllByTestId('cut-marker')).toHaveLength(4);
    expect(
      within(dialog)
        .getAllByTestId('cut-recipient')
        .map((r) => r.textContent),
    ).toEqual(["Dr Siobhan O'Neill", 'Zoë Brontë', 'Mr Ahmed Khan', 'Smith & Sons Ltd']);
    expect(within(page(dialog, 5)).getByText('Letter 3')).toBeTruthy();
    expect(within(page(dialog, 5)).getByText(/Marked "Page 1 of 2"/)).toBeTruthy();
    expect([1, 2, 3, 4, 5, 6, 7].map((n) => startsBox(dialog, n).checked)).toEqual([
      true,
      true,
      false,
      false,
      true,
      false,
      true,
    ]);
    // Page 1 always starts the first letter.
    expect(startsBox(dialog, 1).disabled).toBe(true);
    expect(within(dialog).getByTestId('split-summary').textContent).toBe('4 letters');
    expect(within(dialog).getByRole('button', { name: 'Create 4 letters' })).toHaveProperty('disabled', false);
  });

  it('moves the cuts by click or keyboard, and confirms the pages chosen', () => {
    const { dialog, onConfirm } = renderDialog();
    // Adding a cut before page 3 shows the name read there.
    fireEvent.click(startsBox(dialog, 3));
    expect(within(dialog).getByTestId('split-summary').textContent).toBe('5 letters');
    expect(within(page(dialog, 3)).getByTestId('cut-recipient').textContent).toBe('Leeds Branch');
    expect(within(page(dialog, 3)).getByText('Letter 3')).toBeTruthy();
    expect(within(page(dialog, 5)).getByText('Letter 4')).toBeTruthy();
    // Each cut is a native checkbox: it takes the focus, and Space toggles it (pressed in the browser journey).
    const seven = startsBox(dialog, 7);
    seven.focus();
    expect(document.activeElement).toBe(seven);
    fireEvent.click(seven);
    expect(seven.checked).toBe(false);
    expect(within(page(dialog, 7)).queryByTestId('cut-recipient')).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create 4 letters' }));
    expect(onConfirm).toHaveBeenCalledWith([1, 2, 3, 5]);
  });

  it('a proposal with one letter opens with the note; Create waits for a second letter', () => {
    const { dialog, onConfirm, onCancel } = renderDialog({
      pages: 3,
      starts: [{ page: 1, signals: ['first page', 'address'], recipient: 'Mr John Smith' }],
      addresses: [],
      note: LETTER_MESSAGES.splitNoSecondLetter,
    });
    expect(within(dialog).getByText(LETTER_MESSAGES.splitNoSecondLetter)).toBeTruthy();
    expect(within(dialog).getByTestId('split-summary').textContent).toContain('1 letter');
    const create = within(dialog).getByRole('button', { name: 'Create 1 letter' });
    expect(create).toHaveProperty('disabled', true);
    fireEvent.click(startsBox(dialog, 3));
    expect(within(page(dialog, 3)).getByTestId('cut-recipient').textContent).toBe('Recipient read once created');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create 2 letters' }));
    expect(onConfirm).toHaveBeenCalledWith([1, 3]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalled();
  });

  it('has no serious accessibility violations', async () => {
    renderDialog();
    const result = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false } } });
    const serious = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' | ')}`)).toEqual([]);
  });
});

// ---------------------------------------------------------------------------------------------
// The panel's section: Split, "Finding the letters…", the review, the confirm

function merged(over: Partial<Letter>): Letter {
  return {
    ...ANALYSED_LETTER,
    uuid: 'm1',
    name: 'run.pdf',
    document_type: 'merged',
    num_pages: 7,
    recipient_name_snapshot: "Dr Siobhan O'Neill",
    recipient_address_snapshot: null,
    postcode: null,
    ...over,
  };
}

let calls: { method: string; url: string; body: unknown }[] = [];
const json = (status: number, body?: unknown) =>
  new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });

beforeEach(() => {
  resetCsrfToken();
  calls = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      const method = init?.method ?? 'GET';
      calls.push({ method, url: url.pathname, body: init?.body ? JSON.parse(String(init.body)) : null });
      if (url.pathname === '/api/csrf') return json(200, { token: 't' });
      if (url.pathname === '/api/letters/m1/split' && method === 'GET')
        return json(200, { uuid: 'm1', split_status: 'proposed', proposal: PROPOSAL });
      if (url.pathname === '/api/letters/m1/split') return json(202, { uuid: 'm1', split_status: 'proposing' });
      if (url.pathname === '/api/letters/m1/split/confirm') {
        const starts = JSON.parse(String(init?.body)).starts;
        return json(202, { uuid: 'm1', split_status: 'splitting', starts });
      }
      return json(404, { code: 'NOT_FOUND', message: 'Not found' });
    }),
  );
});

function renderSection(letter: Letter) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const ui = (l: Letter) => (
    <QueryClientProvider client={client}>
      <SplitSection letter={l} enabled={letterActions(l, ALL_PERMISSIONS).split.enabled} />
    </QueryClientProvider>
  );
  const view = render(ui(letter));
  return { rerender: (l: Letter) => view.rerender(ui(l)) };
}

describe('the merged letter section', () => {
  it('Split asks the server to find the letters, shows the progress, then opens the review when the proposal is ready', async () => {
    const { rerender } = renderSection(merged({}));
    fireEvent.click(screen.getByRole('button', { name: 'Split' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.url === '/api/letters/m1/split')).toBe(true));
    rerender(merged({ split_status: 'proposing' }));
    expect(screen.getByText(LETTER_MESSAGES.splitFinding)).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: LETTER_MESSAGES.splitFinding })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Split' })).toHaveProperty('disabled', true);
    rerender(merged({ split_status: 'proposed' }));
    const dialog = await screen.findByRole('dialog', { name: 'Review the split' });
    fireEvent.click(startsBox(dialog, 3));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create 5 letters' }));
    await waitFor(() =>
      expect(calls.find((c) => c.url === '/api/letters/m1/split/confirm')?.body).toEqual({ starts: [1, 2, 3, 5, 7] }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Review the split' })).toBeNull());
    expect(notify).toHaveBeenCalledWith(LETTER_MESSAGES.splitConfirmed, { variant: 'info' });
  });

  it('a proposal waiting for review says how many letters were found and reopens with "Review the split"; Cancel closes it', async () => {
    renderSection(merged({ split_status: 'proposed' }));
    expect(await screen.findByText(LETTER_MESSAGES.splitProposed(4))).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Review the split' }));
    const dialog = await screen.findByRole('dialog', { name: 'Review the split' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Review the split' })).toBeNull());
    expect(calls.some((c) => c.url.endsWith('/confirm'))).toBe(false);
  });

  it('while the letters are made it shows the progress; once split, the result', () => {
    const { rerender } = renderSection(merged({ split_status: 'splitting' }));
    expect(screen.getByText(LETTER_MESSAGES.splitting)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Split' })).toHaveProperty('disabled', true);
    rerender(merged({ split_status: 'split', split_count: 4 }));
    expect(screen.getByTestId('split-result').textContent).toBe('This letter was split into 4 letters.');
  });
});
