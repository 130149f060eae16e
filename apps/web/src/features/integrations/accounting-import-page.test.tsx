import { INTEGRATION_MESSAGES, MESSAGES } from '@lp/domain';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetCsrfToken } from '../../lib/api';
import { notify } from '../../lib/notify';
import { type Me, meQueryKey } from '../../lib/session';
import { testMe } from '../../test/me';
import { AccountingImportPage } from './accounting-import-page';
import { axeViolations, CONTACTS, json, startServer, upgradeAnswer } from './test-server';

vi.mock('../../lib/notify', () => ({ notify: vi.fn() }));
const notified = () => vi.mocked(notify).mock.calls.map(([message, options]) => [message, options?.variant]);

let server: ReturnType<typeof startServer>;

beforeEach(() => {
  resetCsrfToken();
  vi.mocked(notify).mockClear();
  server = startServer();
  server.rows = server.rows.map((r) =>
    r.provider === 'xero' || r.provider === 'sage' ? { ...r, connected: true, status: 'connected' } : r,
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderAt(path: string, session: Me = testMe()) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(meQueryKey, session);
  const view = render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/integrations" element={<h1>Integrations page</h1>} />
          <Route path="/letters" element={<h1>Letters page</h1>} />
          <Route path="/customers" element={<h1>Customers page</h1>} />
          <Route path="/:provider/:entityType" element={<AccountingImportPage />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { client, view };
}

const checkbox = (name: string) => screen.getByRole('checkbox', { name }) as HTMLInputElement;
const importCalls = () => server.calls.filter((c) => c.method === 'POST' && c.path.endsWith('/import'));

describe('/{provider}/contacts', () => {
  it('lists the contacts as cards, selects them and imports the chosen ones as customers', async () => {
    const { view } = renderAt('/xero/contacts');
    expect(await screen.findByRole('heading', { level: 1, name: 'Xero contacts' })).toBeTruthy();
    const list = await screen.findByRole('list', { name: 'Xero contacts' });
    const cards = within(list).getAllByTestId('contact-card');
    expect(cards).toHaveLength(2);
    const [bramble, zoe] = cards as [HTMLElement, HTMLElement];
    expect(within(bramble).getByRole('heading', { name: 'Bramble & Finch Ltd' })).toBeTruthy();
    expect(within(bramble).getByText('accounts@bramblefinch.co.uk')).toBeTruthy();
    expect(Array.from(bramble.querySelectorAll('address > span')).map((l) => l.textContent)).toEqual([
      '4 Mill Lane',
      'Totnes',
      'TQ9 5AB',
    ]);
    const view1 = within(bramble).getByRole('link', { name: /View contact in Xero/ });
    expect(view1.getAttribute('href')).toBe('https://go.xero.com/Contacts/View/xc-1');
    expect(view1.getAttribute('target')).toBe('_blank');
    expect(view1.getAttribute('rel')).toBe('noopener noreferrer');
    expect(within(bramble).queryByText('Already imported')).toBeNull();
    expect(within(zoe).getByText('Already imported')).toBeTruthy();
    expect(within(zoe).getByText('No email')).toBeTruthy();
    expect(within(zoe).queryByRole('link', { name: /View contact/ })).toBeNull();
    // What the earlier import made of it.
    expect(within(zoe).getByRole('link', { name: 'Open its customer' }).getAttribute('href')).toBe(
      '/customers?customer=cu-9',
    );
    expect(await axeViolations(view.container)).toEqual([]);

    // Nothing chosen: nothing sent.
    fireEvent.click(screen.getByRole('button', { name: 'Import selected' }));
    expect(notified()).toEqual([[INTEGRATION_MESSAGES.nothingChosen, 'warning']]);
    expect(importCalls()).toEqual([]);

    fireEvent.click(checkbox('Select Zoë Brontë'));
    expect(screen.getByText('1 selected')).toBeTruthy();
    expect(checkbox('Select all').getAttribute('data-indeterminate')).toBe('true');
    fireEvent.click(checkbox('Select all'));
    expect(checkbox('Select Bramble & Finch Ltd').checked).toBe(true);
    expect(screen.getByText('2 selected')).toBeTruthy();
    fireEvent.click(checkbox('Select all'));
    expect(screen.getByText('0 selected')).toBeTruthy();
    fireEvent.click(checkbox('Select Bramble & Finch Ltd'));

    let answer!: (r: Response) => void;
    server.answers['POST /api/integrations/xero/contacts/import'] = () =>
      new Promise<Response>((resolve) => {
        answer = resolve;
      }) as unknown as Response;
    fireEvent.click(screen.getByRole('button', { name: 'Import selected' }));
    expect(await screen.findByRole('progressbar', { name: 'Importing 1 contact...' })).toBeTruthy();
    expect(screen.getByText('Importing 1 contact... 0 of 1 done')).toBeTruthy();
    expect(checkbox('Select Zoë Brontë').disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Import selected' }) as HTMLButtonElement).disabled).toBe(true);
    await act(async () =>
      answer(
        json(200, {
          created: 1,
          updated: 0,
          kept: 0,
          customers: [{ customer_uuid: 'cu-1', recipient: 'Bramble & Finch Ltd', external_id: 'xc-1' }],
          refused: [],
          message: '1 customer added, 0 updated.',
        }),
      ),
    );
    expect(importCalls().map((c) => [c.path, c.body])).toEqual([
      ['/api/integrations/xero/contacts/import', { ids: ['xc-1'], update: [] }],
    ]);
    const outcome = await screen.findByTestId('import-outcome');
    expect(outcome.textContent).toContain('1 customer added, 0 updated.');
    expect(notified()).toContainEqual(['1 customer added, 0 updated.', 'success']);
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(checkbox('Select Bramble & Finch Ltd').checked).toBe(false);
    // The list is read again (its "already imported" marks change).
    await waitFor(() =>
      expect(server.calls.filter((c) => c.path === '/api/integrations/xero/contacts?page=1')).toHaveLength(2),
    );
    fireEvent.click(within(outcome).getByRole('link', { name: 'View customers' }));
    expect(await screen.findByRole('heading', { name: 'Customers page' })).toBeTruthy();
  });

  it('shows the upgrade text when the import answers 426', async () => {
    server.answers['POST /api/integrations/sage/contacts/import'] = upgradeAnswer;
    renderAt('/sage/contacts');
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Select all' }));
    fireEvent.click(screen.getByRole('button', { name: 'Import selected' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(MESSAGES.upgradePlan);
    expect(within(alert).getByRole('link', { name: 'See plans' }).getAttribute('href')).toBe('/plans');
  });
});

describe('/{provider}/invoices', () => {
  it('shows the invoices with totals, items in a tooltip and the provider’s link', async () => {
    const { view } = renderAt('/xero/invoices');
    const list = await screen.findByRole('list', { name: 'Xero invoices' });
    const [first, second] = within(list).getAllByTestId('invoice-card') as [HTMLElement, HTMLElement];
    expect(within(first).getByRole('heading', { name: 'Invoice INV-0042' })).toBeTruthy();
    expect(within(first).getByText('Bramble & Finch Ltd')).toBeTruthy();
    expect(within(first).getByTestId('invoice-total').textContent).toBe('£1,234.50');
    expect(within(second).getByTestId('invoice-total').textContent).toBe('€99.90');
    expect(within(second).getByText('Already imported')).toBeTruthy();
    expect(
      within(first)
        .getByRole('link', { name: /View invoice in Xero/ })
        .getAttribute('href'),
    ).toBe('https://go.xero.com/AccountsReceivable/View.aspx?InvoiceID=xi-1');
    expect(within(second).queryByRole('link', { name: /View invoice/ })).toBeNull();
    expect(within(second).getByRole('link', { name: 'Open its letter' }).getAttribute('href')).toBe(
      '/letters?letter=l-old',
    );
    expect(within(first).queryByRole('link', { name: 'Open its letter' })).toBeNull();
    expect(await axeViolations(view.container)).toEqual([]);

    // The items: reached with the keyboard (focus shows them), closed with Escape, toggled by a click.
    const items = within(first).getByRole('button', { name: '2 items' });
    expect(screen.queryByRole('tooltip')).toBeNull();
    // jsdom has no :focus-visible; a browser matches it for focus that came from the keyboard.
    const matches = items.matches.bind(items);
    vi.spyOn(items, 'matches').mockImplementation((selector) => selector === ':focus-visible' || matches(selector));
    act(() => items.focus());
    const tooltip = await screen.findByRole('tooltip');
    expect(within(tooltip).getByRole('list', { name: 'Items of invoice INV-0042' })).toBeTruthy();
    expect(
      within(tooltip)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['10 x Consulting at £102.88: £1,028.75', 'Travel: £0.00']);
    expect(items.getAttribute('aria-describedby')).toBe(tooltip.id);
    // Drawn inside the page (its landmark), not at the end of the body.
    expect(view.container.contains(tooltip)).toBe(true);
    expect(await axeViolations(view.container)).toEqual([]);
    fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('tooltip')).toBeNull());
    fireEvent.click(within(second).getByRole('button', { name: '1 item' }));
    expect(await screen.findByText('Licence')).toBeTruthy();
  });

  it('imports the chosen invoices as letters and links each new letter', async () => {
    renderAt('/xero/invoices');
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Select all' }));
    expect(checkbox('Select Invoice INV-0042').checked).toBe(true);
    expect(checkbox('Select Invoice INV-0043').checked).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Import selected' }));
    const outcome = await screen.findByTestId('import-outcome');
    expect(importCalls().map((c) => [c.path, c.body])).toEqual([
      ['/api/integrations/xero/invoices/import', { ids: ['xi-1', 'xi-2'] }],
    ]);
    expect(outcome.textContent).toContain('2 invoices imported as letters.');
    expect(notified()).toContainEqual(['2 invoices imported as letters.', 'success']);
    const link = within(outcome).getByRole('link', { name: 'Letter for invoice INV-0042' });
    expect(link.getAttribute('href')).toBe('/letters?letter=l-xi-1');
    // Imported before: its letter.
    expect(within(outcome).getByRole('link', { name: 'Letter for invoice INV-0043' }).getAttribute('href')).toBe(
      '/letters?letter=l-old',
    );
    fireEvent.click(link);
    expect(await screen.findByRole('heading', { name: 'Letters page' })).toBeTruthy();
  });

  it('names the new letters without links for a member who cannot see letters', async () => {
    renderAt('/xero/invoices', testMe({ abilities: ['manage_integrations'] }));
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Select Invoice INV-0042' }));
    fireEvent.click(screen.getByRole('button', { name: 'Import selected' }));
    const outcome = await screen.findByTestId('import-outcome');
    expect(within(outcome).getByText('Letter for invoice INV-0042')).toBeTruthy();
    expect(within(outcome).queryByRole('link')).toBeNull();
    expect(screen.queryByRole('link', { name: 'Open its letter' })).toBeNull();
  });
});

describe('long lists', () => {
  it('show more pages on request and import a hundred at a time', async () => {
    server.contacts = Array.from({ length: 130 }, (_, i) => ({
      ...CONTACTS[0]!,
      external_id: `c-${i + 1}`,
      recipient: `Customer ${i + 1}`,
      preview_url: null,
    }));
    renderAt('/xero/contacts');
    const list = await screen.findByRole('list', { name: 'Xero contacts' });
    expect(within(list).getAllByTestId('contact-card')).toHaveLength(100);
    fireEvent.click(screen.getByRole('button', { name: 'Show more' }));
    await waitFor(() => expect(within(list).getAllByTestId('contact-card')).toHaveLength(130));
    expect(screen.queryByRole('button', { name: 'Show more' })).toBeNull();
    expect(server.calls.filter((c) => c.method === 'GET').map((c) => c.path)).toEqual([
      '/api/integrations',
      '/api/integrations/xero/contacts?page=1',
      '/api/integrations/xero/contacts?page=2',
    ]);
    fireEvent.click(checkbox('Select all'));
    expect(screen.getByText('130 selected')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Import selected' }));
    const outcome = await screen.findByTestId('import-outcome');
    expect(importCalls().map((c) => (c.body as { ids: string[] }).ids.length)).toEqual([100, 30]);
    expect(outcome.textContent).toContain('130 customers added, 0 updated.');
  });

  it('list the contacts the server refused, with why', async () => {
    server.answers['POST /api/integrations/xero/contacts/import'] = () =>
      json(200, {
        created: 0,
        updated: 0,
        kept: 0,
        customers: [],
        refused: [{ external_id: 'xc-1', reason: 'There is no such postcode.' }],
        message: '0 customers added, 0 updated.',
      });
    renderAt('/xero/contacts');
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Select Bramble & Finch Ltd' }));
    fireEvent.click(screen.getByRole('button', { name: 'Import selected' }));
    const outcome = await screen.findByTestId('import-outcome');
    expect(outcome.textContent).toContain('1 could not be imported:');
    expect(within(outcome).getByText('Bramble & Finch Ltd: There is no such postcode.')).toBeTruthy();
  });
});

describe('customers the import would change (issue 27 item 9)', () => {
  const PREVIEW = {
    contacts: [
      {
        external_id: 'xc-1',
        recipient: 'Bramble & Finch Ltd',
        outcome: 'matched',
        reason: null,
        customer_uuid: 'cu-1',
        customer_name: 'Bramble and Finch',
        matched_by: 'email',
        changes: [
          { field: 'name', old: 'Bramble and Finch', new: 'Bramble & Finch Ltd' },
          { field: 'address', old: '2 Old Road, Leeds', new: '14 Mill Lane, Leeds' },
          { field: 'phone', old: null, new: '0113 496 0000' },
        ],
      },
      {
        external_id: 'xc-2',
        recipient: 'Zoë Brontë',
        outcome: 'matched',
        reason: null,
        customer_uuid: 'cu-2',
        customer_name: 'Zoë Brontë',
        matched_by: 'name and postcode',
        changes: [{ field: 'email', old: 'zoe@old.example', new: 'zoe@example.com' }],
      },
    ],
  };

  it('shows old → new per matched customer, keeps them all unless ticked, and sends only the ticked', async () => {
    server.answers['POST /api/integrations/xero/contacts/import/preview'] = () => json(200, PREVIEW);
    const { view } = renderAt('/xero/contacts');
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Select all' }));
    fireEvent.click(screen.getByRole('button', { name: 'Import selected' }));
    const dialog = await screen.findByRole('dialog', { name: 'Customers that already exist' });
    const rows = within(dialog).getAllByTestId('contact-change');
    expect(rows).toHaveLength(2);
    expect(rows[0]!.textContent).toContain('Matched by email');
    expect(rows[0]!.textContent).toContain('Address2 Old Road, Leeds → 14 Mill Lane, Leeds');
    expect(rows[0]!.textContent).toContain('Phoneempty → 0113 496 0000');
    // Nothing is written before the answer; none is ticked (keep).
    expect(importCalls()).toEqual([]);
    const bramble = within(dialog).getByRole('checkbox', { name: 'Update Bramble and Finch' }) as HTMLInputElement;
    expect(bramble.checked).toBe(false);
    expect((within(dialog).getByRole('checkbox', { name: 'Update Zoë Brontë' }) as HTMLInputElement).checked).toBe(
      false,
    );
    expect(await axeViolations(view.baseElement)).toEqual([]);
    fireEvent.click(bramble);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Update selected' }));
    await waitFor(() => expect(importCalls()).toHaveLength(1));
    expect(importCalls()[0]!.body).toEqual({ ids: ['xc-1', 'xc-2'], update: ['xc-1'] });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('imports nothing when the question is cancelled', async () => {
    server.answers['POST /api/integrations/xero/contacts/import/preview'] = () => json(200, PREVIEW);
    renderAt('/xero/contacts');
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Select all' }));
    fireEvent.click(screen.getByRole('button', { name: 'Import selected' }));
    const dialog = await screen.findByRole('dialog', { name: 'Customers that already exist' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(importCalls()).toEqual([]);
  });
});

describe('the import pages', () => {
  it('send a provider that is not connected to /integrations, without asking for its list', async () => {
    const { view } = renderAt('/quickBooks/invoices');
    expect(await screen.findByRole('heading', { level: 1, name: 'QuickBooks invoices' })).toBeTruthy();
    expect(await screen.findByText(INTEGRATION_MESSAGES.notConnected('QuickBooks'))).toBeTruthy();
    expect(await axeViolations(view.container)).toEqual([]);
    expect(server.calls.some((c) => c.path.startsWith('/api/integrations/quickbooks'))).toBe(false);
    fireEvent.click(screen.getByRole('link', { name: 'Go to Integrations' }));
    expect(await screen.findByRole('heading', { name: 'Integrations page' })).toBeTruthy();
  });

  it('ask to reconnect a revoked provider', async () => {
    server.rows = server.rows.map((r) => (r.provider === 'xero' ? { ...r, status: 'revoked' } : r));
    renderAt('/xero/contacts');
    expect(await screen.findByText(INTEGRATION_MESSAGES.revoked('Xero'))).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to Integrations' })).toBeTruthy();
  });

  it('show the server’s refusal of the list with the way to the integrations', async () => {
    server.answers['GET /api/integrations/xero/invoices'] = () =>
      json(409, { statusCode: 409, code: 'NOT_CONNECTED', message: INTEGRATION_MESSAGES.notConnected('Xero') });
    renderAt('/xero/invoices');
    const error = await screen.findByTestId('entities-error');
    expect(error.textContent).toContain(INTEGRATION_MESSAGES.notConnected('Xero'));
    expect(within(error).getByRole('link', { name: 'Go to Integrations' })).toBeTruthy();
  });

  it('say when there is nothing to import', async () => {
    server.contacts = [];
    renderAt('/xero/contacts');
    expect(await screen.findByText('There are no contacts to import.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Import selected' })).toBeNull();
  });

  it('are not pages for an unknown provider or entity type', async () => {
    renderAt('/freeagent/invoices');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeTruthy();
    cleanup();
    renderAt('/xero/bananas');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeTruthy();
    cleanup();
    // The cloud drives have no import pages.
    renderAt('/dropbox/contacts');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeTruthy();
    expect(server.calls).toEqual([]);
  });

  it('refuse a member without manage_integrations', async () => {
    renderAt('/xero/invoices', testMe({ abilities: ['see_letters'] }));
    expect(await screen.findByText(MESSAGES.permissionDenied)).toBeTruthy();
    expect(server.calls).toEqual([]);
  });
});
