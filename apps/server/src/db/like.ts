/**
 * The LIKE pattern that matches `search` anywhere in lower-cased text: lower-cased, with LIKE's own
 * characters (\, % and _) escaped, so a search for "100%" finds "100%" and nothing else.
 */
export function containsPattern(search: string): string {
  return `%${search.toLowerCase().replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}
