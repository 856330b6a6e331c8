/** Reading PostgreSQL's errors, as either driver reports them. */

/** SQLSTATE 23505 (https://www.postgresql.org/docs/current/errcodes-appendix.html). */
const UNIQUE_VIOLATION = '23505';

/** Whether `error`, or the error Drizzle wraps in it, is a unique violation. */
export function isUniqueViolation(error: unknown): boolean {
  const cause = (error as { cause?: { code?: string }; code?: string }) ?? {};
  return cause.code === UNIQUE_VIOLATION || cause.cause?.code === UNIQUE_VIOLATION;
}
