import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { refreshServerData, shows } from './server-data';

describe('refreshServerData', () => {
  it('marks stale the queries that show the data, whatever their keys, and only those', async () => {
    const client = new QueryClient();
    const fetched = async () => 'fetched';
    await client.prefetchQuery({
      queryKey: ['history'],
      queryFn: fetched,
      meta: shows('payments', 'payment-requests'),
      staleTime: Infinity,
    });
    await client.prefetchQuery({
      queryKey: ['select'],
      queryFn: fetched,
      meta: shows('payment-links'),
      staleTime: Infinity,
    });
    await client.prefetchQuery({ queryKey: ['clinic'], queryFn: fetched, staleTime: Infinity });

    await refreshServerData(client, 'payment-requests');

    const stale = (key: string) =>
      client
        .getQueryCache()
        .find({ queryKey: [key] })
        ?.isStale();
    expect(stale('history')).toBe(true);
    expect(stale('select')).toBe(false);
    expect(stale('clinic')).toBe(false);
  });
});
