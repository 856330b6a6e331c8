import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';

/**
 * The LIKE pattern that matches `search` anywhere in lower-cased text: lower-cased, with LIKE's own
 * characters (\, % and _) escaped, so a search for "100%" finds "100%" and nothing else.
 */
export function containsPattern(search: string): string {
  return `%${search.toLowerCase().replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/**
 * True when pg_trgm can take a trigram from the term: it reads only runs of letters and digits, so a
 * term needs three of them together ('smi'), not 'sm' or 'a.b'.
 */
export function hasTrigram(term: string): boolean {
  return /[\p{L}\p{N}]{3}/u.test(term);
}

/**
 * The regular expression (PostgreSQL's advanced syntax) that matches `search` at the start of a word of
 * lower-cased text: the text's start, or after a space, a hyphen or an apostrophe ('sm' finds "Smith"
 * and "Jane Smith-Jones", 'br' finds "O'Brien"). The term is lower-cased and every character the
 * syntax gives a meaning to is escaped.
 */
export function wordStartPattern(search: string): string {
  return `(^|[ '-])${search.toLowerCase().replace(/[\\^$.|?*+()[\]{}]/g, (char) => `\\${char}`)}`;
}

/**
 * How a clinic's searches match a stored, lower-cased search text (decision 0136): a term with three
 * letters or digits together is found anywhere in it (LIKE '%term%'); a shorter one ('li', 'j', 'o'b')
 * only at the start of a word (`wordStartPattern`). pg_trgm reads both from a trigram index on the
 * column: the word-start form by the trigrams of a word's first letters, so a two-letter search reads
 * the entries that have such a word, not every entry.
 */
export function searchTextMatches(column: SQLWrapper, search: string): SQL {
  return hasTrigram(search)
    ? sql`${column} like ${containsPattern(search)}`
    : sql`${column} ~ ${wordStartPattern(search)}`;
}
