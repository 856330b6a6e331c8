import { useSearchParams } from 'react-router';
import { recentMonths } from './months';

/**
 * The month a statement page shows, kept in ?month= (so a reload or a shared address shows the same
 * month): one of the last 24, the current London month when missing or anything else. Changing it
 * replaces the address rather than adding to the history.
 */
export function useStatementMonth() {
  const [params, setParams] = useSearchParams();
  const months = recentMonths();
  const asked = params.get('month');
  const month = asked && months.includes(asked) ? asked : (months[0] ?? '');
  const setMonth = (next: string) =>
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        updated.set('month', next);
        return updated;
      },
      { replace: true },
    );
  return { month, months, setMonth };
}
