import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/test-database.js';
import { type Database, runPlainStatement } from './client.js';

describe('runPlainStatement (decision 0131)', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase({ migrate: false });
  });
  afterAll(() => database.close());

  const statement = (n: number) => ({
    name: 'plain_statement_probe',
    text: `select $1::int as n, json_build_object('twice', $1::int * 2, 'text', 'a''b') as page`,
    values: [n],
  });

  it('runs a named statement with its values, rows as objects with JSON decoded', async () => {
    expect((await runPlainStatement(database.db, statement(21))).rows).toEqual([
      { n: 21, page: { twice: 42, text: "a'b" } },
    ]);
    // The second run of the same name (prepared on PostgreSQL) takes new values.
    expect((await runPlainStatement(database.db, statement(5))).rows).toEqual([
      { n: 5, page: { twice: 10, text: "a'b" } },
    ]);
  });

  it('refuses a database it did not open, such as a transaction', async () => {
    await database.db.transaction(async (tx) => {
      expect(() => runPlainStatement(tx as never, statement(1))).toThrow(/openDatabase/);
    });
  });
});
