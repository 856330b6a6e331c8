/**
 * Server data that more than one feature shows, named once so that features never write each other's
 * query keys (docs/ARCHITECTURE.md, "The web app"). A query that shows such data says so in its meta
 * (`meta: shows('payments')`); a feature whose change affects it calls `refreshServerData`, which
 * refreshes every query that shows it, whichever feature owns that query and whatever its key.
 */
import type { QueryClient } from '@tanstack/react-query';

export type ServerData = 'payments' | 'payment-requests' | 'payment-links';

/** The meta of a query that shows `data`. */
export function shows(...data: ServerData[]): { shows: ServerData[] } {
  return { shows: data };
}

/** Marks stale, and refetches if on screen, every query whose meta shows `data`. */
export function refreshServerData(queryClient: QueryClient, data: ServerData): Promise<void> {
  return queryClient.invalidateQueries({
    predicate: (query) => {
      const shown = query.meta?.shows;
      return Array.isArray(shown) && shown.includes(data);
    },
  });
}
