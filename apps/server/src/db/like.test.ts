import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/test-database.js';
import type { Database } from './client.js';
import { hasTrigram, searchTextMatches, wordStartPattern } from './like.js';

/** Search texts as the stored columns hold them: lower-cased fields joined by spaces. */
const TEXTS = [
  'jane smith-jones jane@example.com +447700900123',
  "mary o'brien mary.obrien@example.com 07700 900456 inv-42",
  'osmond cosmo osmond@example.com',
  'carol 100%_off ada@patient.example',
];

describe('searchTextMatches (decision 0136)', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase({ migrate: false });
  });
  afterAll(() => database.close());

  /** The texts the term matches, as PostgreSQL runs the condition. */
  const found = async (term: string) => {
    const texts = sql.join(
      TEXTS.map((text) => sql`(${text})`),
      sql`, `,
    );
    const result = (await database.db.execute(
      sql`select t.s from (values ${texts}) as t(s) where ${searchTextMatches(sql`t.s`, term)} order by t.s`,
    )) as unknown as { rows: { s: string }[] };
    return result.rows.map((row) => row.s.split(' ')[0]);
  };

  it('finds a term of three letters or digits anywhere, whatever its case', async () => {
    expect(await found('SMI')).toEqual(['jane']);
    expect(await found('mond')).toEqual(['osmond']);
    expect(await found('obrien')).toEqual(['mary']);
    expect(await found('7700')).toEqual(['jane', 'mary']);
  });

  it('finds a shorter term only where a word starts: the start, after a space, a hyphen or an apostrophe', async () => {
    expect(await found('sm')).toEqual(['jane']);
    expect(await found('Jo')).toEqual(['jane']);
    expect(await found('br')).toEqual(['mary']);
    expect(await found('o')).toEqual(['mary', 'osmond']);
    expect(await found('in')).toEqual(['mary']);
    expect(await found('+4')).toEqual(['jane']);
    // Inside a word: 'sm' in "osmond" and "cosmo", 'ar' in "mary" and "carol".
    expect(await found('ar')).toEqual([]);
    expect(await found('mo')).toEqual([]);
  });

  it("reads a short term's characters literally, never as LIKE's or a regular expression's", async () => {
    expect(await found('.')).toEqual([]);
    expect(await found('.*')).toEqual([]);
    expect(await found('%')).toEqual([]);
    expect(await found('(')).toEqual([]);
    for (const term of ['\\', '[', '{1', '*', '?', '|', '^', '$', ')'])
      expect(await found(term), term).toEqual([]);
    expect(await found('10')).toEqual(['carol']);
    expect(await found('100%_')).toEqual(['carol']);
    expect(await found('1_0')).toEqual([]);
  });
});

describe('the patterns', () => {
  it('tells a term pg_trgm takes a trigram from', () => {
    expect(['smi', 'sm', 'a.b', 'ab1', 'zoë', "o'b"].map(hasTrigram)).toEqual([
      true,
      false,
      false,
      true,
      true,
      false,
    ]);
  });

  it('escapes what the regular expression syntax gives a meaning to', () => {
    expect(wordStartPattern('A.')).toBe("(^|[ '-])a\\.");
    expect(wordStartPattern('[^')).toBe("(^|[ '-])\\[\\^");
  });
});
