import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

/**
 * A list's search and page kept in the address (?search=&page=), so a list can be linked to and the
 * Back button returns to it. A new search starts at page 1 and replaces the history entry; a new page
 * adds one.
 */
export function useSearchPageParams() {
  const [params, setParams] = useSearchParams();
  const search = params.get('search') ?? '';
  const page = Math.max(1, Math.floor(Number(params.get('page'))) || 1);
  const onSearch = useCallback(
    (next: string) => setParams(next ? { search: next } : {}, { replace: true }),
    [setParams],
  );
  const onPage = (next: number) => {
    const updated = new URLSearchParams(params);
    updated.set('page', String(next));
    setParams(updated);
  };
  return { search, page, onSearch, onPage };
}
