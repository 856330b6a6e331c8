/** Every disputes query key starts with 'disputes', so one invalidation after a change refreshes them all. */
export const disputeKeys = {
  all: ['disputes'] as const,
  list: () => [...disputeKeys.all, 'list'] as const,
  alerts: () => [...disputeKeys.all, 'alerts'] as const,
  detail: (disputeId: string) => [...disputeKeys.all, 'detail', disputeId] as const,
};

/** The admin's list starts with 'admin', so the admin area's own refreshes include it. */
export const adminDisputeKeys = { all: ['admin', 'disputes'] as const };
