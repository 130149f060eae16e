import { BREAKPOINTS, MESSAGES, PAGE_SIZE_OPTIONS } from '@lp/domain';
import Refresh from '@mui/icons-material/Refresh';
import SearchIcon from '@mui/icons-material/Search';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import OutlinedInput from '@mui/material/OutlinedInput';
import Paper from '@mui/material/Paper';
import Tab from '@mui/material/Tab';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type ReactNode, type SyntheticEvent, useEffect, useId, useMemo, useState } from 'react';
import { isApiError } from '../../lib/api';
import { MessageBanner } from '../message-banner';
import { useTabsLayout } from '../use-tabs-layout';
import { FilterBar } from './filter-bar';
import type { DataTableColumn, DataTableFetcher, DataTableParams, DataTableTab, PageLimit } from './types';
import { useTableState } from './use-table-state';

export const NO_DATA = 'No data to display';
export const SEARCH_PLACEHOLDER = 'Search...';
/** Under this width every row is a card (BREAKPOINTS.cards, 900 px). */
export const CARDS_QUERY = `(max-width:${BREAKPOINTS.cards - 0.05}px)`;
/** Under this width the table leaves out its secondary columns (BREAKPOINTS.medium, 1000 px). */
export const MEDIUM_QUERY = `(max-width:${BREAKPOINTS.medium - 0.05}px)`;

/** "[n] items selected", the bulk-action bar's text. */
export function selectionText(n: number): string {
  return `${n} items selected`;
}

/** The pagination label "from - to of count" (1 - 5 of 12). */
export function displayedRowsText({ from, to, count }: { from: number; to: number; count: number }): string {
  return `${from} - ${to} of ${count}`;
}

const ROWS_PER_PAGE_OPTIONS = PAGE_SIZE_OPTIONS.map((o) => (o === 'All' ? { label: 'All', value: -1 } : o));

export interface DataTableProps<T> {
  /** The table's accessible name (and the cards list's). */
  title: string;
  /** The TanStack Query key; the entity's name first (['users'], ['departments']) so live refreshes find it. */
  queryKey: readonly unknown[];
  fetcher: DataTableFetcher<T>;
  columns: readonly DataTableColumn<T>[];
  rowKey: (row: T) => string;
  tabs?: readonly DataTableTab[];
  /** Shows the search box (true by default); false for a list the server cannot search. */
  searchable?: boolean;
  /** Buttons shown beside the search box; a function gets the list's current search and filters (an export). */
  toolbar?: ReactNode | ((params: DataTableParams) => ReactNode);
  /** Per-row buttons, in an "Actions" column (or at the bottom of each card). */
  rowActions?: (row: T) => ReactNode;
  /** Opens a row (a click anywhere on it, or the primary column's button). */
  onRowClick?: (row: T) => void;
  /** Checkbox selection with the "[n] items selected" bar. */
  selectable?: boolean;
  bulkActions?: (selected: readonly T[], clearSelection: () => void) => ReactNode;
  /** The height of each table row in px (ROW_HEIGHT, 150, for rows with a page preview); content height by default. */
  rowHeight?: number;
}

/**
 * The shared table screen: tabs with the current tab's row count, a toolbar, refresh, a debounced
 * search, filters, checkbox selection with bulk actions, server-side pagination, secondary columns
 * left out under 1000 px, and a card per row under 900 px. Paging, search and filters belong to the route (see useTableState).
 */
export function DataTable<T>(props: DataTableProps<T>) {
  const { title, queryKey, fetcher, columns, rowKey, tabs, toolbar, rowActions, onRowClick, selectable } = props;
  const searchable = props.searchable ?? true;
  const tabsLayout = useTabsLayout();
  const table = useTableState(tabs?.[0]?.value ?? '');
  const { state } = table;
  const params: DataTableParams = useMemo(
    () => ({ page: state.page, limit: state.limit, search: state.search, filters: state.filters, tab: state.tab }),
    [state.page, state.limit, state.search, state.filters, state.tab],
  );
  const query = useQuery({
    queryKey: [...queryKey, params],
    queryFn: ({ signal }) => fetcher(params, signal),
    placeholderData: keepPreviousData,
  });
  const cards = useMediaQuery(CARDS_QUERY);
  const medium = useMediaQuery(MEDIUM_QUERY);
  const tableColumns = medium ? columns.filter((c) => !c.secondary) : columns;
  const baseId = useId();

  const rows = query.data?.rows ?? [];
  const count = query.data?.count ?? 0;

  // A selection holds rows of the page on screen: a new page, search, filter or tab starts without one.
  const paramsKey = JSON.stringify(params);
  const [selection, setSelection] = useState<{ key: string; ids: ReadonlySet<string> }>({
    key: paramsKey,
    ids: new Set(),
  });
  const selectedIds = selection.key === paramsKey ? selection.ids : new Set<string>();
  const setSelectedIds = (ids: ReadonlySet<string>) => setSelection({ key: paramsKey, ids });
  const selectedRows = rows.filter((r) => selectedIds.has(rowKey(r)));
  const allSelected = rows.length > 0 && selectedRows.length === rows.length;

  // After a deletion the last page may be empty: show the page that now holds the last rows.
  const limitNumber = state.limit === 'all' ? 0 : state.limit;
  useEffect(() => {
    if (query.data && query.data.rows.length === 0 && state.page > 0 && limitNumber > 0) {
      table.setPage(Math.max(0, Math.ceil(query.data.count / limitNumber) - 1));
    }
  }, [query.data, state.page, limitNumber, table.setPage]);

  const toggleRow = (id: string) => {
    const next = new Set(selectedIds);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    setSelectedIds(next);
  };
  const toggleAll = () => setSelectedIds(allSelected ? new Set() : new Set(rows.map(rowKey)));

  const panelId = `${baseId}-panel`;
  const tabId = (value: string) => `${baseId}-tab-${value}`;
  const error = query.isError && !query.data ? query.error : null;
  const showEmpty = !query.isPending && !error && rows.length === 0;

  const primary = columns.find((c) => c.primary) ?? columns[0];
  const cellContent = (column: DataTableColumn<T>, row: T): ReactNode => {
    const content = column.render ? column.render(row) : String((row as Record<string, unknown>)[column.key] ?? '');
    if (onRowClick && column === primary) {
      return (
        <Link
          component="button"
          type="button"
          underline="hover"
          sx={{ textAlign: 'left', fontWeight: 600 }}
          onClick={(e: SyntheticEvent) => {
            e.stopPropagation();
            onRowClick(row);
          }}
        >
          {content}
        </Link>
      );
    }
    return content;
  };

  return (
    <Box>
      {tabs && tabs.length > 0 ? (
        <Tabs
          value={state.tab}
          onChange={(_, value: string) => table.setTab(value)}
          aria-label={`${title} tabs`}
          {...tabsLayout}
          sx={{ borderBottom: 1, borderColor: 'divider' }}
        >
          {tabs.map((t) => (
            <Tab
              key={t.value}
              value={t.value}
              id={tabId(t.value)}
              aria-controls={panelId}
              label={
                <span>
                  {t.label}
                  {query.data && (t.value === state.tab || query.data.counts?.[t.value] !== undefined) ? (
                    <>
                      {' '}
                      <Box
                        component="span"
                        data-testid={t.value === state.tab ? 'tab-count' : `tab-count-${t.value}`}
                        sx={{
                          display: 'inline-block',
                          ml: 0.5,
                          px: 1,
                          borderRadius: 8,
                          bgcolor: t.value === state.tab ? 'primary.main' : 'action.selected',
                          color: t.value === state.tab ? 'primary.contrastText' : 'text.primary',
                          fontSize: '0.75rem',
                          lineHeight: '1.4rem',
                        }}
                      >
                        {t.value === state.tab ? count : query.data.counts?.[t.value]}
                      </Box>
                    </>
                  ) : null}
                </span>
              }
            />
          ))}
        </Tabs>
      ) : null}
      <Box
        id={panelId}
        role={tabs && tabs.length > 0 ? 'tabpanel' : undefined}
        aria-labelledby={tabs && tabs.length > 0 ? tabId(state.tab) : undefined}
      >
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, py: 1.5 }}>
          {searchable ? (
            <Box
              component="form"
              role="search"
              onSubmit={(e) => {
                e.preventDefault();
                if (!table.submitSearch()) void query.refetch();
              }}
              sx={{ flex: '1 1 240px', maxWidth: 420 }}
            >
              <OutlinedInput
                size="small"
                fullWidth
                type="search"
                placeholder={SEARCH_PLACEHOLDER}
                value={state.searchInput}
                onChange={(e) => table.setSearchInput(e.target.value)}
                inputProps={{ 'aria-label': 'Search' }}
                endAdornment={
                  <InputAdornment position="end">
                    <IconButton type="submit" aria-label="Search" edge="end" size="small">
                      <SearchIcon />
                    </IconButton>
                  </InputAdornment>
                }
              />
            </Box>
          ) : null}
          <Box sx={{ flex: 1 }} />
          {typeof toolbar === 'function' ? toolbar(params) : toolbar}
          <IconButton aria-label="Refresh" onClick={() => void query.refetch()} disabled={query.isFetching}>
            <Refresh />
          </IconButton>
        </Box>
        <FilterBar
          columns={columns}
          filters={state.filters}
          options={query.data?.filter_options ?? {}}
          onChange={table.setFilter}
          onClear={table.clearFilters}
        />
        {selectable && selectedRows.length > 0 ? (
          <Box
            sx={{
              display: 'flex',
              flexWrap: 'wrap',
              alignItems: 'center',
              gap: 1,
              px: 2,
              py: 1,
              mb: 1,
              borderRadius: 1,
              bgcolor: 'action.selected',
              border: 1,
              borderColor: 'primary.light',
            }}
          >
            <Typography role="status" sx={{ flex: 1, fontWeight: 600 }}>
              {selectionText(selectedRows.length)}
            </Typography>
            {props.bulkActions?.(selectedRows, () => setSelectedIds(new Set()))}
          </Box>
        ) : null}
        {query.isFetching ? <LinearProgress aria-label="Loading" sx={{ height: 2 }} /> : <Box sx={{ height: 2 }} />}
        {error ? (
          <MessageBanner
            kind="error"
            action={
              <Button color="inherit" size="small" onClick={() => void query.refetch()}>
                Try again
              </Button>
            }
          >
            {isApiError(error, 403) ? MESSAGES.permissionDenied : MESSAGES.genericError}
          </MessageBanner>
        ) : cards ? (
          <CardList
            title={title}
            rows={rows}
            columns={columns}
            primary={primary}
            rowKey={rowKey}
            cellContent={cellContent}
            rowActions={rowActions}
            selectable={!!selectable}
            selectedIds={selectedIds}
            allSelected={allSelected}
            onToggleRow={toggleRow}
            onToggleAll={toggleAll}
            showEmpty={showEmpty}
            loading={query.isPending}
          />
        ) : (
          <TableContainer component={Paper} variant="outlined">
            <Table aria-label={title} size="small">
              <TableHead>
                <TableRow>
                  {selectable ? (
                    <TableCell padding="checkbox">
                      <Checkbox
                        checked={allSelected}
                        indeterminate={selectedRows.length > 0 && !allSelected}
                        onChange={toggleAll}
                        disabled={rows.length === 0}
                        slotProps={{ input: { 'aria-label': 'Select all rows' } }}
                      />
                    </TableCell>
                  ) : null}
                  {tableColumns.map((c) => (
                    <TableCell key={c.key} sx={{ fontWeight: 700 }}>
                      {c.label}
                    </TableCell>
                  ))}
                  {rowActions ? <TableCell sx={{ fontWeight: 700 }}>Actions</TableCell> : null}
                </TableRow>
              </TableHead>
              <TableBody>
                {rows.map((row) => {
                  const id = rowKey(row);
                  return (
                    <TableRow
                      key={id}
                      hover
                      selected={selectedIds.has(id)}
                      onClick={onRowClick ? () => onRowClick(row) : undefined}
                      sx={{
                        ...(onRowClick ? { cursor: 'pointer' } : {}),
                        ...(props.rowHeight ? { height: props.rowHeight } : {}),
                      }}
                    >
                      {selectable ? (
                        <TableCell padding="checkbox" onClick={(e) => e.stopPropagation()}>
                          <Checkbox
                            checked={selectedIds.has(id)}
                            onChange={() => toggleRow(id)}
                            slotProps={{ input: { 'aria-label': 'Select row' } }}
                          />
                        </TableCell>
                      ) : null}
                      {tableColumns.map((c) => (
                        <TableCell key={c.key}>{cellContent(c, row)}</TableCell>
                      ))}
                      {rowActions ? (
                        <TableCell onClick={(e) => e.stopPropagation()}>{rowActions(row)}</TableCell>
                      ) : null}
                    </TableRow>
                  );
                })}
                {showEmpty || query.isPending ? (
                  <TableRow>
                    <TableCell
                      colSpan={tableColumns.length + (selectable ? 1 : 0) + (rowActions ? 1 : 0)}
                      sx={{ py: 4, textAlign: 'center', color: 'text.secondary' }}
                    >
                      {query.isPending ? 'Loading...' : NO_DATA}
                    </TableCell>
                  </TableRow>
                ) : null}
              </TableBody>
            </Table>
          </TableContainer>
        )}
        <TablePagination
          component="div"
          count={count}
          page={state.limit === 'all' ? 0 : state.page}
          rowsPerPage={state.limit === 'all' ? -1 : state.limit}
          rowsPerPageOptions={ROWS_PER_PAGE_OPTIONS}
          onPageChange={(_, page) => table.setPage(page)}
          onRowsPerPageChange={(e) => {
            const value = Number(e.target.value);
            table.setLimit((value === -1 ? 'all' : value) as PageLimit);
          }}
          labelRowsPerPage="Rows per page"
          labelDisplayedRows={displayedRowsText}
          slotProps={{ select: { native: true, inputProps: { 'aria-label': 'Rows per page' } } }}
        />
      </Box>
    </Box>
  );
}

interface CardListProps<T> {
  title: string;
  rows: readonly T[];
  columns: readonly DataTableColumn<T>[];
  primary: DataTableColumn<T> | undefined;
  rowKey: (row: T) => string;
  cellContent: (column: DataTableColumn<T>, row: T) => ReactNode;
  rowActions: ((row: T) => ReactNode) | undefined;
  selectable: boolean;
  selectedIds: ReadonlySet<string>;
  allSelected: boolean;
  onToggleRow: (id: string) => void;
  onToggleAll: () => void;
  showEmpty: boolean;
  loading: boolean;
}

/** Under 900 px: one card per row, the primary column as its title and the others as label and value. */
function CardList<T>({
  title,
  rows,
  columns,
  primary,
  rowKey,
  cellContent,
  rowActions,
  selectable,
  selectedIds,
  allSelected,
  onToggleRow,
  onToggleAll,
  showEmpty,
  loading,
}: CardListProps<T>) {
  const others = columns.filter((c) => c !== primary);
  return (
    <Box>
      {selectable && rows.length > 0 ? (
        <Box sx={{ display: 'flex', alignItems: 'center' }}>
          <Checkbox
            checked={allSelected}
            indeterminate={selectedIds.size > 0 && !allSelected}
            onChange={onToggleAll}
            slotProps={{ input: { 'aria-label': 'Select all rows' } }}
          />
          <Typography variant="body2">Select all</Typography>
        </Box>
      ) : null}
      {loading || showEmpty ? (
        <Typography sx={{ py: 4, textAlign: 'center' }} color="text.secondary">
          {loading ? 'Loading...' : NO_DATA}
        </Typography>
      ) : (
        <Box
          component="ul"
          aria-label={title}
          sx={{ listStyle: 'none', p: 0, m: 0, display: 'flex', flexDirection: 'column', gap: 1.5 }}
        >
          {rows.map((row) => {
            const id = rowKey(row);
            return (
              <Paper component="li" key={id} variant="outlined" sx={{ p: 1.5 }} data-testid="table-card">
                <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
                  {selectable ? (
                    <Checkbox
                      checked={selectedIds.has(id)}
                      onChange={() => onToggleRow(id)}
                      slotProps={{ input: { 'aria-label': 'Select row' } }}
                    />
                  ) : null}
                  {primary ? <Box sx={{ flex: 1, minWidth: 0 }}>{cellContent(primary, row)}</Box> : null}
                </Box>
                <Box
                  component="dl"
                  sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 2, rowGap: 0.5, m: 0 }}
                >
                  {others.map((c) => (
                    <Box key={c.key} sx={{ display: 'contents' }}>
                      <Typography component="dt" variant="body2" color="text.secondary">
                        {c.label}
                      </Typography>
                      <Typography component="dd" variant="body2" sx={{ m: 0, minWidth: 0, overflowWrap: 'anywhere' }}>
                        {cellContent(c, row)}
                      </Typography>
                    </Box>
                  ))}
                </Box>
                {rowActions ? (
                  <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end', mt: 1 }}>{rowActions(row)}</Box>
                ) : null}
              </Paper>
            );
          })}
        </Box>
      )}
    </Box>
  );
}
