/** How an audit entry's details read in one line, in the admin's log and the owner's trail. */

const isChange = (value: unknown): value is { from: unknown; to: unknown } =>
  typeof value === 'object' && value !== null && 'from' in value && 'to' in value;
const text = (value: unknown) =>
  value === null || value === undefined
    ? '—'
    : typeof value === 'object'
      ? JSON.stringify(value)
      : String(value);

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The entry's details in one line: 'from → to' for a change, 'key: before → after' for each field of a
 * before-and-after pair, 'key: value' for the rest.
 */
export function detailsSummary(details: Record<string, unknown>): string {
  if (isRecord(details.before) || isRecord(details.after)) {
    const { before, after, ...rest } = details;
    const was = isRecord(before) ? before : {};
    const now = isRecord(after) ? after : {};
    const keys = [...new Set([...Object.keys(was), ...Object.keys(now)])];
    return [...keys.map((key) => `${key}: ${text(was[key])} → ${text(now[key])}`), detailsSummary(rest)]
      .filter(Boolean)
      .join('; ');
  }
  if ('from' in details || 'to' in details) {
    const { from, to, ...rest } = details;
    return [`${text(from)} → ${text(to)}`, detailsSummary(rest)].filter(Boolean).join('; ');
  }
  return Object.entries(details)
    .map(([key, value]) =>
      isChange(value) ? `${key}: ${text(value.from)} → ${text(value.to)}` : `${key}: ${text(value)}`,
    )
    .join('; ');
}
