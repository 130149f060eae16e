import { displayLetterStatus } from '@lp/domain';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import axe from 'axe-core';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetCsrfToken } from '../../lib/api';
import { type Me, meQueryKey } from '../../lib/session';
import { testMe } from '../../test/me';
import type { MergePreview, MergeRun, MergeTemplate } from './api';
import { MailMergePage } from './mail-merge-page';

vi.mock('../../lib/notify', () => ({ notify: vi.fn() }));

const TEMPLATE: MergeTemplate = {
  id: 'tpl1',
  name: 'Renewal – Siân’s letter.docx',
  fields: ['first_name', 'last_name', 'address', 'postcode'],
  size_bytes: 18_000,
  created_at: '2026-11-27T09:00:00.000Z',
  creator_name: 'Ada Lovelace',
};

const CUSTOMERS = [
  { id: 'c1', name: "Zoë O'Connell", address: 'Flat 2, 14 Queen’s Road, Aberystwyth, SY23 1AB' },
  { id: 'c2', name: 'Siân Ní Bhriain', address: '2 Castle Street, Cardiff, CF10 1BS' },
  { id: 'c3', name: 'Björn Müller', address: '' },
].map((c) => ({
  customer_uuid: c.id,
  recipient: c.name,
  address: c.address,
  address_lines: [],
  town: '',
  postcode: null,
  email: null,
  phone: null,
  communications_preference: ['Mail'],
  cloud_storage_provider: null,
  created_at: '2026-11-20T09:00:00.000Z',
  updated_at: '2026-11-20T09:00:00.000Z',
}));

function preview(index: number): MergePreview {
  const c = CUSTOMERS[index]!;
  const missing = index === 2 ? ['postcode'] : [];
  return {
    index,
    total: 3,
    recipient_name: c.recipient,
    values: {
      first_name: c.recipient.split(' ')[0]!,
      last_name: 'x',
      address: c.address,
      postcode: index === 2 ? '' : 'SY23 1AB',
    },
    missing,
    reason: missing.length ? 'Not merged: the field "postcode" has no value for this recipient.' : null,
    pdf_base64: null,
  };
}

const RUN: MergeRun = {
  id: 'run1',
  template_id: 'tpl1',
  template_name: TEMPLATE.name,
  status: 'done',
  deliver: true,
  total: 3,
  created: 2,
  stopped: 1,
  analysed: 2,
  created_at: '2026-11-27T09:05:00.000Z',
  finished_at: '2026-11-27T09:05:03.000Z',
  recipients: [
    {
      position: 0,
      name: CUSTOMERS[0]!.recipient,
      outcome: 'created',
      reason: null,
      letter_id: 'l1',
      letter_status: 'Sent',
    },
    {
      position: 1,
      name: CUSTOMERS[1]!.recipient,
      outcome: 'created',
      reason: null,
      letter_id: 'l2',
      letter_status: 'Analysis Complete',
    },
    {
      position: 2,
      name: CUSTOMERS[2]!.recipient,
      outcome: 'stopped',
      reason: 'Not merged: the field "postcode" has no value for this recipient.',
      letter_id: null,
      letter_status: null,
    },
  ],
};

const json = (status: number, body?: unknown) =>
  new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });

const sent: { url: string; body: unknown }[] = [];

beforeEach(() => {
  resetCsrfToken();
  sent.length = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
      if (init?.method === 'POST') sent.push({ url: url.pathname, body });
      if (url.pathname === '/api/csrf') return json(200, { token: 't' });
      if (url.pathname === '/api/merge-templates') return json(200, { templates: [TEMPLATE] });
      // Pages count from 0, as the shared table's.
      if (url.pathname === '/api/customers')
        return json(200, { rows: url.searchParams.get('page') === '0' ? CUSTOMERS : [], count: 3, filter_options: {} });
      if (url.pathname === '/api/merge-templates/tpl1/preview') return json(200, preview(body.index));
      if (url.pathname === '/api/merge-templates/tpl1/send') return json(202, { id: 'run1', total: 3 });
      if (url.pathname === '/api/merge-runs/run1') return json(200, RUN);
      return json(404, { code: 'NOT_FOUND', message: 'Not found' });
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
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/letters/merge']}>
        <Routes>
          <Route path="/letters/merge" element={<MailMergePage />} />
          <Route path="/letters" element={<p>Letters</p>} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

async function axeViolations(container: HTMLElement) {
  const result = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
  return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' | ')}`);
}

describe('MailMergePage', () => {
  it('goes template → recipients → preview letter by letter, each step’s heading focused, axe-clean at each step', async () => {
    const { container } = renderPage();
    const templates = await screen.findByRole('radiogroup', { name: 'Templates' });
    expect(within(templates).getByText('first_name')).toBeTruthy();
    expect(await axeViolations(container)).toEqual([]);
    expect((screen.getByRole('button', { name: 'Next' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(within(templates).getByRole('radio', { name: /Renewal/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));

    expect(await screen.findByRole('heading', { name: 'Step 2 of 4: Recipients' })).toBe(document.activeElement);
    for (const c of CUSTOMERS) fireEvent.click(await screen.findByRole('checkbox', { name: new RegExp(c.recipient) }));
    expect(screen.getByText('3 chosen')).toBeTruthy();
    expect(await axeViolations(container)).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));

    expect(await screen.findByText(`Letter 1 of 3: ${CUSTOMERS[0]!.recipient}`)).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Previous letter' }) as HTMLButtonElement).disabled).toBe(true);
    expect(await axeViolations(container)).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Next letter' }));
    await screen.findByText(`Letter 2 of 3: ${CUSTOMERS[1]!.recipient}`);
    await waitFor(() =>
      expect((screen.getByRole('button', { name: 'Next letter' }) as HTMLButtonElement).disabled).toBe(false),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Next letter' }));
    // The third recipient lacks the postcode: the reason, no letter.
    expect(await screen.findByText('Not merged: the field "postcode" has no value for this recipient.')).toBeTruthy();
    expect(screen.getByText(`Letter 3 of 3: ${CUSTOMERS[2]!.recipient}`)).toBeTruthy();
    expect(sent.filter((s) => s.url.endsWith('/preview')).map((s) => (s.body as { index: number }).index)).toEqual([
      0, 1, 2,
    ]);
    // Back to the recipients: the three stay chosen.
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByText('3 chosen')).toBeTruthy();
    expect((screen.getByRole('checkbox', { name: /Siân/ }) as HTMLInputElement).checked).toBe(true);
  });

  it('sends to the chosen customers with delivery, then lists each recipient’s outcome', async () => {
    const { container } = renderPage();
    fireEvent.click(await screen.findByRole('radio', { name: /Renewal/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    fireEvent.click(await screen.findByRole('checkbox', { name: /Zoë/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByText(/Letter 1 of/);
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByRole('heading', { name: 'Step 4 of 4: Send' });
    expect((screen.getByRole('checkbox', { name: /Deliver each letter/ }) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    const table = await screen.findByRole('table', { name: 'Recipients' });
    expect(sent.find((s) => s.url.endsWith('/send'))?.body).toEqual({
      recipients: { kind: 'customers', customer_ids: ['c1'] },
      deliver: true,
    });
    expect(within(table).getByText('Not merged: the field "postcode" has no value for this recipient.')).toBeTruthy();
    expect(within(table).getByRole('link', { name: displayLetterStatus('Sent') })).toBeTruthy();
    expect(screen.getByText('2 of 3 letters made, 2 checked, 1 not merged')).toBeTruthy();
    await waitFor(async () => expect(await axeViolations(container)).toEqual([]));
  });

  it('tells a member who may not upload letters that they cannot use it', async () => {
    renderPage(testMe({ abilities: ['see_letters'] }));
    expect(await screen.findByText('You need permission to upload letters to use mail merge.')).toBeTruthy();
  });
});
