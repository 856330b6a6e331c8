/** Every payouts query key starts with 'payouts'. */
export const payoutKeys = {
  all: ['payouts'] as const,
  overview: () => [...payoutKeys.all, 'overview'] as const,
  detail: (payoutId: string) => [...payoutKeys.all, 'detail', payoutId] as const,
};
