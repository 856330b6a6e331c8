/**
 * A page by offset read from the nearer end of its list: an OFFSET walks every row it skips, so a page
 * in the later half is read from the last row back, and the deepest page costs what the middle one
 * does (docs/benchmarks.md, the history and "The Patients list at any depth").
 */

/** Where to read a page: from the list's first row or back from its last, and how many after how many. */
export interface PageRead {
  from: 'first' | 'last';
  limit: number;
  offset: number;
}

/**
 * How to read the page of `limit` rows after `offset` of a list of `total` rows: from the first row
 * while the page's middle is in the first half, else from the last row back (the page's own rows,
 * which the caller puts back in order); null for a page past the end.
 */
export function nearerEnd(page: { limit: number; offset: number }, total: number): PageRead | null {
  if (2 * page.offset + page.limit <= total) return { from: 'first', limit: page.limit, offset: page.offset };
  if (page.offset >= total) return null;
  return {
    from: 'last',
    limit: Math.min(page.limit, total - page.offset),
    offset: Math.max(0, total - page.offset - page.limit),
  };
}
