import type { ReactNode } from 'react';

/** Rows per page: a number, or every row ('all', at most 1000 on the server). */
export type PageLimit = number | 'all';

/** Active filters: column key to the values chosen (a column may hold several). */
export type TableFilters = Readonly<Record<string, readonly string[]>>;

/** What the table asks its fetcher for. `page` is 0-based. */
export interface DataTableParams {
  page: number;
  limit: PageLimit;
  search: string;
  filters: TableFilters;
  /** The current tab's value ('' when the table has no tabs). */
  tab: string;
}

/** The `List<T>` answer of the API. */
export interface DataTableResult<T> {
  rows: T[];
  count: number;
  filter_options?: Record<string, readonly string[]>;
  /** The row count of every tab under the same search and filters, when the list gives them. */
  counts?: Readonly<Record<string, number>>;
}

export type DataTableFetcher<T> = (params: DataTableParams, signal?: AbortSignal) => Promise<DataTableResult<T>>;

export interface DataTableColumn<T> {
  /** The column's key: also its filter name (`filter.<key>=`) and its key in `filter_options`. */
  key: string;
  label: string;
  /** The cell's content; by default the row's value under `key` as text. */
  render?: (row: T) => ReactNode;
  /** Offers a selector in the filter bar, with the values of the answer's `filter_options[key]`. */
  filterable?: boolean;
  /** A date column: its filter is a date-time range picker instead of a value list. */
  date?: boolean;
  /** Shows a filter value (an option or a chip) as text; the value itself by default. */
  formatFilterValue?: (value: string) => string;
  /** The column whose cell opens the row (a button, so the row can be opened with the keyboard). */
  primary?: boolean;
  /** A secondary column: left out of the table under 1000 px (BREAKPOINTS.medium); the cards still show it. */
  secondary?: boolean;
}

export interface DataTableTab {
  value: string;
  label: string;
}
