import { useSearchParams } from 'react-router';

/**
 * A list's filters (`keys`) and page kept in the address, so a filtered list can be linked to and the
 * Back button returns to it. Changing a filter goes back to page 1 and replaces the history entry; a
 * new page adds one. The audit logs use it (the admin's and a clinic owner's).
 */
export function useFilterPageParams<Key extends string>(keys: readonly Key[]) {
  const [params, setParams] = useSearchParams();
  const filters = Object.fromEntries(keys.map((key) => [key, params.get(key) ?? undefined])) as Partial<
    Record<Key, string>
  >;
  const page = Math.max(1, Math.floor(Number(params.get('page'))) || 1);
  const setFilters = (changes: Partial<Record<Key, string | undefined>>) => {
    const next = new URLSearchParams(params);
    next.delete('page');
    for (const [key, value] of Object.entries(changes)) {
      if (typeof value === 'string' && value) next.set(key, value);
      else next.delete(key);
    }
    setParams(next, { replace: true });
  };
  const setPage = (next: number) => {
    const updated = new URLSearchParams(params);
    updated.set('page', String(next));
    setParams(updated);
  };
  return { filters, page, setFilters, setPage };
}
