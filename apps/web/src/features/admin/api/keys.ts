/** Every admin query key starts with 'admin', so one invalidation after a change refreshes them all. */
export const adminKeys = { all: ['admin'] as const };
