import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '@fleet/contracts';
import type { TablePaginationConfig } from 'antd';
import { useCallback, useEffect, useRef, useState } from 'react';

/** SPEC 5: text search inputs are trimmed and debounced 300 ms. */
export const SEARCH_DEBOUNCE_MS = 300;

export function useDebouncedValue<T>(value: T, delay = SEARCH_DEBOUNCE_MS): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return debounced;
}

export interface ListParams<F> {
  page: number;
  limit: number;
  search: string;
  filters: F;
}

/**
 * Paging + debounced search + filters of a list page. Changing the search or a filter goes back to page 1.
 * `query` is what the list fetcher sends (search trimmed; empty values dropped by the client).
 */
export function useListParams<F extends object>(initialFilters: F) {
  const [page, setPage] = useState(1);
  const [limit, setLimit] = useState<number>(DEFAULT_PAGE_SIZE);
  const [searchText, setSearchText] = useState('');
  const initial = useRef(initialFilters).current;
  const [filters, setFiltersState] = useState<F>(initial);
  const search = useDebouncedValue(searchText.trim());

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new search starts at page 1
  useEffect(() => {
    setPage(1);
  }, [search]);

  const setFilter = useCallback(<K extends keyof F>(key: K, value: F[K]) => {
    setFiltersState((f) => ({ ...f, [key]: value }));
    setPage(1);
  }, []);

  const resetFilters = useCallback(() => {
    setFiltersState(initial);
    setSearchText('');
    setPage(1);
  }, [initial]);

  const onPageChange = useCallback((nextPage: number, nextLimit: number) => {
    setLimit((current) => {
      if (current !== nextLimit) setPage(1);
      else setPage(nextPage);
      return nextLimit;
    });
  }, []);

  return {
    page,
    limit,
    searchText,
    setSearchText,
    search,
    filters,
    setFilter,
    resetFilters,
    onPageChange,
    query: { page, limit, search, ...filters },
  };
}

/** SPEC 9 pagination: sizes 10/20/30/50/100, default 20, showing total, sizes, prev, pager, next. */
export function tablePagination(
  params: { page: number; limit: number; onPageChange: (page: number, limit: number) => void },
  total: number,
  totalText: (total: number) => string,
): TablePaginationConfig {
  return {
    current: params.page,
    pageSize: params.limit,
    total,
    pageSizeOptions: PAGE_SIZES.map(String),
    showSizeChanger: true,
    showTotal: totalText,
    onChange: params.onPageChange,
    placement: ['bottomEnd'],
  };
}
