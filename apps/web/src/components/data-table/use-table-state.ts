import { DEFAULT_PAGE_SIZE, SEARCH_DEBOUNCE_MS } from '@lp/domain';
import { useCallback, useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import type { PageLimit, TableFilters } from './types';

export interface TableState {
  tab: string;
  page: number;
  limit: PageLimit;
  /** What is typed in the search box. */
  searchInput: string;
  /** The search word sent to the server (the typed text, once debounced or submitted). */
  search: string;
  filters: TableFilters;
}

function initialState(tab: string): TableState {
  return { tab, page: 0, limit: DEFAULT_PAGE_SIZE, searchInput: '', search: '', filters: {} };
}

/**
 * A table's paging, tab, search and filters. The state belongs to the route: navigating to another
 * path starts afresh ("changing page clears the table search word and filters"), and nothing is
 * shared between tables. The typed search word is applied SEARCH_DEBOUNCE_MS after the last key, or
 * at once with `submitSearch` (Enter or the search button).
 */
export function useTableState(firstTab: string) {
  const { pathname } = useLocation();
  const [store, setStore] = useState(() => ({ route: pathname, state: initialState(firstTab) }));
  let state = store.state;
  if (store.route !== pathname) {
    // Another route: reset during render, so the old search never reaches the new page's fetch.
    state = initialState(firstTab);
    setStore({ route: pathname, state });
  }

  const update = useCallback((change: (s: TableState) => TableState) => {
    setStore((s) => ({ route: s.route, state: change(s.state) }));
  }, []);

  const pendingSearch = state.searchInput.trim();
  useEffect(() => {
    if (pendingSearch === state.search) return;
    const timer = setTimeout(() => update((s) => ({ ...s, search: pendingSearch, page: 0 })), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [pendingSearch, state.search, update]);

  return {
    state,
    setTab: (tab: string) => update((s) => ({ ...s, tab, page: 0 })),
    setPage: (page: number) => update((s) => ({ ...s, page })),
    setLimit: (limit: PageLimit) => update((s) => ({ ...s, limit, page: 0 })),
    setSearchInput: (searchInput: string) => update((s) => ({ ...s, searchInput })),
    /** Applies the typed word now; false when it was already applied (the caller may refetch). */
    submitSearch: (): boolean => {
      const changed = pendingSearch !== state.search;
      update((s) => ({ ...s, search: s.searchInput.trim(), page: 0 }));
      return changed;
    },
    setFilter: (key: string, values: readonly string[]) =>
      update((s) => {
        const filters: Record<string, readonly string[]> = { ...s.filters };
        if (values.length > 0) filters[key] = values;
        else delete filters[key];
        return { ...s, filters, page: 0 };
      }),
    clearFilters: () => update((s) => ({ ...s, filters: {}, page: 0 })),
  };
}
