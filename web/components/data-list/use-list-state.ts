// The state every server-paged list keeps: the search box (debounced before it reaches the server), the filters,
// the order and the page. Any change of search, filter or order goes back to page 1, because the page shown
// belongs to the old result.
import { useDebouncedValue } from '@mantine/hooks';
import { useCallback, useState } from 'react';
import type { TListPaging, TSort } from './types.ts';

export interface TListStateOptions<TFilters, TSortKey extends string> {
  pageSize: number;
  /** The filters' starting values, e.g. `{ status: 'active' }`. */
  filters?: TFilters;
  /** The starting order, for lists sorted on the server. */
  sort?: TSort<TSortKey>;
  /** How long typing rests before the search is sent (default 250 ms). */
  searchDelayMs?: number;
}

export interface TListState<TFilters, TSortKey extends string> extends TListPaging<TSortKey> {
  /** What is typed in the search box. */
  search: string;
  setSearch: (search: string) => void;
  /** The search to send: trimmed, once typing rests. */
  q: string;
  filters: TFilters;
  setFilter: <K extends keyof TFilters>(key: K, value: TFilters[K]) => void;
  sort: [TSortKey] extends [never] ? undefined : TSort<TSortKey>;
  setSort: (sort: TSort<TSortKey>) => void;
}

export function useListState<
  TFilters extends object = Record<string, never>,
  TSortKey extends string = never,
>(options: TListStateOptions<TFilters, TSortKey>): TListState<TFilters, TSortKey> {
  const [search, setSearchText] = useState('');
  const [q] = useDebouncedValue(search.trim(), options.searchDelayMs ?? 250);
  const [filters, setFilters] = useState<TFilters>(() => options.filters ?? ({} as TFilters));
  const [sort, setSortState] = useState(options.sort);
  const [page, setPage] = useState(1);

  const setSearch = useCallback((value: string) => {
    setSearchText(value);
    setPage(1);
  }, []);
  const setFilter = useCallback(<K extends keyof TFilters>(key: K, value: TFilters[K]) => {
    setFilters((current) => ({ ...current, [key]: value }));
    setPage(1);
  }, []);
  const setSort = useCallback((next: TSort<TSortKey>) => {
    setSortState(next);
    setPage(1);
  }, []);

  return {
    search,
    setSearch,
    q,
    filters,
    setFilter,
    sort: sort as TListState<TFilters, TSortKey>['sort'],
    setSort,
    page,
    setPage,
    pageSize: options.pageSize,
  };
}
