/** Every patients query key starts with 'patients', so one invalidation refreshes them all. */
export const patientKeys = {
  all: ['patients'] as const,
  list: (search: string, page: number) => [...patientKeys.all, 'list', search, page] as const,
  detail: (patientId: string) => [...patientKeys.all, 'detail', patientId] as const,
  cards: (patientId: string) => [...patientKeys.all, 'cards', patientId] as const,
};
