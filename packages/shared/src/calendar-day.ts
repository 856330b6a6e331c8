/** Calendar days as the API takes them: ISO (YYYY-MM-DD), read in Europe/London. */
import { z } from 'zod';

export const INVALID_DATE = 'Enter dates as YYYY-MM-DD';

/** A real calendar day written YYYY-MM-DD (no 2026-02-30), the one date schema of every filter. */
export const isoDateSchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, INVALID_DATE)
  .refine((value) => {
    const date = new Date(`${value}T00:00:00Z`);
    // Years 2000 to 2100: ClinicPay holds nothing earlier, and PostgreSQL refuses dates near year 10000.
    const year = Number(value.slice(0, 4));
    return (
      !Number.isNaN(date.getTime()) &&
      date.toISOString().slice(0, 10) === value &&
      year >= 2000 &&
      year <= 2100
    );
  }, INVALID_DATE);
