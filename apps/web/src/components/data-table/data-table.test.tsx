import { ROW_HEIGHT } from '@lp/domain';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import axe from 'axe-core';
import { MemoryRouter, useNavigate } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DataTable, type DataTableProps } from './data-table';
import { decodeDateRange, encodeDateRange, listSearchParams } from './query';
import type { DataTableColumn, DataTableParams, DataTableResult } from './types';

interface Person {
  id: string;
  name: string;
  department: string;
  created_at: string;
}

const PEOPLE: Person[] = Array.from({ length: 12 }, (_, i) => ({
  id: `p${i + 1}`,
  name: `Person ${String(i + 1).padStart(2, '0')}`,
  department: i % 2 ? 'Sales' : 'Support',
  created_at: '2026-11-21T10:00:00.000Z',
}));

const COLUMNS: DataTableColumn<Person>[] = [
  { key: 'name', label: 'Name', primary: true },
  { key: 'department', label: 'Department', filterable: true },
  { key: 'created_at', label: 'Created', date: true, filterable: true },
];

/** A fake server: filters, searches and pages PEOPLE like the API would. */
function fakeFetcher() {
  return vi.fn(async (params: DataTableParams): Promise<DataTableResult<Person>> => {
    let rows = PEOPLE;
    if (params.tab === 'sales') rows = rows.filter((p) => p.department === 'Sales');
    if (params.search) rows = rows.filter((p) => p.name.toLowerCase().includes(params.search.toLowerCase()));
    const dep = params.filters.department?.[0];
    if (dep) rows = rows.filter((p) => p.department === dep);
    const count = rows.length;
    const page =
      params.limit === 'all' ? rows : rows.slice(params.page * params.limit, (params.page + 1) * params.limit);
    return { rows: page, count, filter_options: { department: ['Sales', 'Support'] } };
  });
}

function Harness(props: Partial<DataTableProps<Person>> & { fetcher: DataTableProps<Person>['fetcher'] }) {
  const navigate = useNavigate();
  return (
    <>
      <button type="button" onClick={() => void navigate('/elsewhere')}>
        Go elsewhere
      </button>
      <DataTable<Person> title="People" queryKey={['people']} columns={COLUMNS} rowKey={(p) => p.id} {...props} />
    </>
  );
}

function renderTable(props: Partial<DataTableProps<Person>> = {}) {
  const fetcher = fakeFetcher();
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const view = render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/people']}>
        <Harness fetcher={fetcher} {...props} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  const lastParams = () => fetcher.mock.calls.at(-1)![0];
  return { fetcher, lastParams, view };
}

const paginationText = () => screen.getByText(/^\d+ - \d+ of \d+$/).textContent;

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('DataTable', () => {
  it('pages on the server with the "from - to of count" label and the "All" option', async () => {
    const { lastParams } = renderTable();
    expect(await screen.findByText('Person 01')).toBeTruthy();
    expect(lastParams()).toEqual({ page: 0, limit: 5, search: '', filters: {}, tab: '' });
    expect(paginationText()).toBe('1 - 5 of 12');
    expect(screen.getByText('Rows per page')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: /next page/i }));
    expect(await screen.findByText('Person 06')).toBeTruthy();
    expect(lastParams().page).toBe(1);
    expect(paginationText()).toBe('6 - 10 of 12');

    const perPage = screen.getByLabelText('Rows per page') as HTMLSelectElement;
    expect([...perPage.options].map((o) => o.textContent)).toEqual(['5', '10', '25', '50', '100', 'All']);
    fireEvent.change(perPage, { target: { value: '-1' } });
    expect(await screen.findByText('Person 12')).toBeTruthy();
    expect(lastParams()).toMatchObject({ page: 0, limit: 'all' });
    expect(paginationText()).toBe('1 - 12 of 12');
  });

  it('says "No data to display" when there are no rows', async () => {
    renderTable({ fetcher: async () => ({ rows: [], count: 0 }) });
    expect(await screen.findByText('No data to display')).toBeTruthy();
    expect(paginationText()).toBe('0 - 0 of 0');
  });

  it('searches 500 ms after the last key', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { fetcher, lastParams } = renderTable();
    expect(await screen.findByText('Person 01')).toBeTruthy();
    const box = screen.getByPlaceholderText('Search...');
    fireEvent.change(box, { target: { value: 'person 1' } });
    await act(() => vi.advanceTimersByTimeAsync(300));
    fireEvent.change(box, { target: { value: 'person 11' } });
    await act(() => vi.advanceTimersByTimeAsync(450));
    expect(fetcher.mock.calls.some(([p]) => p.search)).toBe(false);
    await act(() => vi.advanceTimersByTimeAsync(100));
    await waitFor(() => expect(lastParams().search).toBe('person 11'));
    expect(fetcher.mock.calls.filter(([p]) => p.search).length).toBe(1);
    expect(await screen.findByText('Person 11')).toBeTruthy();
    expect(screen.queryByText('Person 01')).toBeNull();
  });

  it('searches at once on Enter or the search button', async () => {
    const { fetcher, lastParams } = renderTable();
    expect(await screen.findByText('Person 01')).toBeTruthy();
    const box = screen.getByRole('searchbox', { name: 'Search' });
    fireEvent.change(box, { target: { value: 'Person 02' } });
    fireEvent.submit(box.closest('form')!);
    await waitFor(() => expect(lastParams().search).toBe('Person 02'));
    const calls = fetcher.mock.calls.length;
    // The same word again: the button fetches once more.
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(fetcher.mock.calls.length).toBe(calls + 1));
  });

  it('leaves the search box out of a list the server cannot search', async () => {
    renderTable({ searchable: false });
    expect(await screen.findByText('Person 01')).toBeTruthy();
    expect(screen.queryByRole('search')).toBeNull();
    expect(screen.queryByRole('searchbox')).toBeNull();
    expect(screen.getByRole('button', { name: 'Refresh' })).toBeTruthy();
  });

  it('filters by a column value with chips and "Clear Filters"', async () => {
    const { lastParams } = renderTable();
    expect(await screen.findByText('Person 01')).toBeTruthy();
    const bar = screen.getByRole('group', { name: 'Filter by:' });
    const select = within(bar).getByLabelText('Department') as HTMLSelectElement;
    await waitFor(() => expect([...select.options].map((o) => o.value)).toEqual(['', 'Sales', 'Support']));
    fireEvent.change(select, { target: { value: 'Sales' } });
    await waitFor(() => expect(lastParams().filters).toEqual({ department: ['Sales'] }));
    expect(await screen.findByText('Person 02')).toBeTruthy();
    const chip = within(bar).getByRole('button', { name: /Department: Sales/ });
    expect(chip).toBeTruthy();
    fireEvent.click(within(bar).getByRole('button', { name: 'Clear Filters' }));
    await waitFor(() => expect(lastParams().filters).toEqual({}));
    expect(within(bar).queryByRole('button', { name: 'Clear Filters' })).toBeNull();

    fireEvent.change(select, { target: { value: 'Support' } });
    await waitFor(() => expect(lastParams().filters).toEqual({ department: ['Support'] }));
    // Deleting the chip (its delete key) removes the filter.
    fireEvent.keyUp(within(bar).getByRole('button', { name: /Department: Support/ }), { key: 'Delete' });
    await waitFor(() => expect(lastParams().filters).toEqual({}));
  });

  it('filters a date column with the date-time range picker', async () => {
    const { lastParams } = renderTable();
    expect(await screen.findByText('Person 01')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Created' }));
    const dialog = await screen.findByRole('dialog', { name: 'Created' });
    fireEvent.change(within(dialog).getByLabelText('From'), { target: { value: '2026-11-02T09:00' } });
    fireEvent.change(within(dialog).getByLabelText('To'), { target: { value: '2026-11-01T09:00' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Apply' }));
    expect(within(dialog).getByText('The start must be before the end')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('To'), { target: { value: '2026-11-30T18:30' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(lastParams().filters.created_at).toHaveLength(1));
    const range = decodeDateRange(lastParams().filters.created_at![0]!);
    expect(range.from?.getTime()).toBe(new Date('2026-11-02T09:00').getTime());
    expect(range.to?.getTime()).toBe(new Date('2026-11-30T18:30').getTime());
    expect(
      screen.getByRole('button', { name: /Created: 02\.11\.26 \| 09:00 AM - 30\.11\.26 \| 06:30 PM/ }),
    ).toBeTruthy();
  });

  it('resets search and filters when the route changes', async () => {
    const { lastParams } = renderTable();
    expect(await screen.findByText('Person 01')).toBeTruthy();
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search' }), { target: { value: 'Person' } });
    fireEvent.submit(screen.getByRole('searchbox', { name: 'Search' }).closest('form')!);
    fireEvent.change(screen.getByLabelText('Department'), { target: { value: 'Sales' } });
    await waitFor(() => expect(lastParams()).toMatchObject({ search: 'Person', filters: { department: ['Sales'] } }));
    fireEvent.click(screen.getByRole('button', { name: /next page/i }));
    await waitFor(() => expect(lastParams().page).toBe(1));

    fireEvent.click(screen.getByRole('button', { name: 'Go elsewhere' }));
    await waitFor(() => expect(lastParams()).toEqual({ page: 0, limit: 5, search: '', filters: {}, tab: '' }));
    expect((screen.getByRole('searchbox', { name: 'Search' }) as HTMLInputElement).value).toBe('');
    expect(screen.queryByRole('button', { name: /Department: Sales/ })).toBeNull();
  });

  it('shows the row count on the current tab and asks for the chosen tab', async () => {
    const { lastParams } = renderTable({
      tabs: [
        { value: 'all', label: 'All' },
        { value: 'sales', label: 'Sales team' },
      ],
    });
    expect(await screen.findByRole('tab', { name: 'All 12' })).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: 'Sales team' }));
    expect(await screen.findByRole('tab', { name: 'Sales team 6' })).toBeTruthy();
    expect(lastParams().tab).toBe('sales');
    expect(screen.getByRole('tab', { name: 'All' }).getAttribute('aria-selected')).toBe('false');
  });

  it("shows every tab's count when the list gives them", async () => {
    const fetcher = vi.fn(
      async (): Promise<DataTableResult<Person>> => ({
        rows: PEOPLE.slice(0, 5),
        count: 12,
        counts: { all: 12, sales: 6 },
      }),
    );
    renderTable({
      fetcher,
      tabs: [
        { value: 'all', label: 'All' },
        { value: 'sales', label: 'Sales team' },
      ],
    });
    expect(await screen.findByRole('tab', { name: 'All 12' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Sales team 6' }).getAttribute('aria-selected')).toBe('false');
  });

  it('selects rows for bulk actions', async () => {
    const bulk = vi.fn();
    renderTable({
      selectable: true,
      bulkActions: (rows, clear) => (
        <button
          type="button"
          onClick={() => {
            bulk(rows.map((r) => r.id));
            clear();
          }}
        >
          Archive
        </button>
      ),
    });
    expect(await screen.findByText('Person 01')).toBeTruthy();
    const rowBoxes = screen.getAllByRole('checkbox', { name: 'Select row' });
    expect(rowBoxes).toHaveLength(5);
    fireEvent.click(rowBoxes[0]!);
    fireEvent.click(rowBoxes[2]!);
    expect(screen.getByText('2 items selected')).toBeTruthy();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select all rows' }));
    expect(screen.getByText('5 items selected')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Archive' }));
    expect(bulk).toHaveBeenCalledWith(['p1', 'p2', 'p3', 'p4', 'p5']);
    expect(screen.queryByText(/items selected/)).toBeNull();
  });

  it('opens a row with a click or with its primary button, and keeps row actions apart', async () => {
    const open = vi.fn();
    const act1 = vi.fn();
    renderTable({
      onRowClick: (p) => open(p.id),
      rowActions: (p) => (
        <button type="button" onClick={() => act1(p.id)}>
          Act on {p.name}
        </button>
      ),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Person 03' }));
    expect(open).toHaveBeenLastCalledWith('p3');
    fireEvent.click(screen.getAllByText('Support', { selector: 'td' })[0]!);
    expect(open).toHaveBeenLastCalledWith('p1');
    fireEvent.click(screen.getByRole('button', { name: 'Act on Person 02' }));
    expect(act1).toHaveBeenCalledWith('p2');
    expect(open).toHaveBeenCalledTimes(2);
  });

  it('shows each row as a card under 900 px', async () => {
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: query.includes('max-width:899.95px'),
      media: query,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      addListener: () => undefined,
      removeListener: () => undefined,
      onchange: null,
      dispatchEvent: () => false,
    }));
    renderTable({ selectable: true });
    const list = await screen.findByRole('list', { name: 'People' });
    expect(within(list).getAllByTestId('table-card')).toHaveLength(5);
    expect(screen.queryByRole('table')).toBeNull();
    expect(within(list).getAllByRole('checkbox', { name: 'Select row' })).toHaveLength(5);
  });

  it('leaves secondary columns out of the table under 1000 px, and the cards keep them', async () => {
    const stubWidth = (width: number) =>
      vi.stubGlobal('matchMedia', (query: string) => ({
        matches: width <= Number(/max-width:([\d.]+)px/.exec(query)?.[1] ?? 0),
        media: query,
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
        addListener: () => undefined,
        removeListener: () => undefined,
        onchange: null,
        dispatchEvent: () => false,
      }));
    const columns: DataTableColumn<Person>[] = COLUMNS.map((c) =>
      c.key === 'department' ? { ...c, secondary: true } : c,
    );
    const headers = () => screen.getAllByRole('columnheader').map((h) => h.textContent);
    stubWidth(1000);
    renderTable({ columns });
    expect(await screen.findByText('Person 01')).toBeTruthy();
    expect(headers()).toEqual(['Name', 'Department', 'Created']);
    cleanup();
    stubWidth(999);
    renderTable({ columns });
    expect(await screen.findByText('Person 01')).toBeTruthy();
    expect(headers()).toEqual(['Name', 'Created']);
    expect(screen.queryByText('Support', { selector: 'td' })).toBeNull();
    cleanup();
    stubWidth(899);
    renderTable({ columns });
    const list = await screen.findByRole('list', { name: 'People' });
    expect(within(list).getAllByText('Department').length).toBeGreaterThan(0);
  });

  it('gives table rows the height asked for (ROW_HEIGHT, 150 px)', async () => {
    renderTable({ rowHeight: ROW_HEIGHT });
    const cell = await screen.findByText('Person 01');
    const row = cell.closest('tr')!;
    expect(ROW_HEIGHT).toBe(150);
    expect(getComputedStyle(row).height).toBe('150px');
    cleanup();
    renderTable();
    const plain = (await screen.findByText('Person 01')).closest('tr')!;
    expect(getComputedStyle(plain).height).not.toBe('150px');
  });

  it('refreshes on demand', async () => {
    const { fetcher } = renderTable();
    expect(await screen.findByText('Person 01')).toBeTruthy();
    const calls = fetcher.mock.calls.length;
    fireEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(fetcher.mock.calls.length).toBe(calls + 1));
  });

  it('has no axe violations', async () => {
    const { view } = renderTable({
      selectable: true,
      tabs: [{ value: 'all', label: 'All' }],
      onRowClick: () => undefined,
    });
    expect(await screen.findByText('Person 01')).toBeTruthy();
    fireEvent.click(screen.getAllByRole('checkbox', { name: 'Select row' })[0]!);
    const result = await axe.run(view.container, { rules: { 'color-contrast': { enabled: false } } });
    expect(result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' | ')}`)).toEqual([]);
  });
});

describe('list query string', () => {
  it('follows the API contract', () => {
    const q = listSearchParams({
      page: 2,
      limit: 'all',
      search: 'ada',
      tab: 'pending',
      filters: { department: ['Sales', 'Support'], role: ['Admin'] },
    });
    expect(q.toString()).toBe(
      'page=2&limit=all&search=ada&tab=pending&filter.department=Sales&filter.department=Support&filter.role=Admin',
    );
  });

  it('encodes a date range as an ISO interval with open ends', () => {
    const from = new Date('2026-11-01T00:00:00.000Z');
    expect(encodeDateRange(from, null)).toBe('2026-11-01T00:00:00.000Z/..');
    expect(encodeDateRange(null, null)).toBeNull();
    expect(decodeDateRange('../2026-11-01T00:00:00.000Z')).toEqual({ from: null, to: from });
  });
});
