export {
  CARDS_QUERY,
  DataTable,
  type DataTableProps,
  displayedRowsText,
  NO_DATA,
  SEARCH_PLACEHOLDER,
  selectionText,
} from './data-table';
export { DATE_RANGE_ORDER_ERROR, DateTimeInput, DateTimeRangeFilter } from './date-time-range';
export { ANY_VALUE, CLEAR_FILTERS, FILTER_BY, filterValueText } from './filter-bar';
export { decodeDateRange, describeDateRange, encodeDateRange, listSearchParams, listUrl } from './query';
export type {
  DataTableColumn,
  DataTableFetcher,
  DataTableParams,
  DataTableResult,
  DataTableTab,
  PageLimit,
  TableFilters,
} from './types';
