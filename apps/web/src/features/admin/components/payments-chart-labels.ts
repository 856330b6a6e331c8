import { formatDate } from '@/lib/dates';

/** A London day (YYYY-MM-DD) as the payments chart and its table label it. */
export const dayLabel = (isoDay: string) => formatDate(`${isoDay}T12:00:00Z`);
