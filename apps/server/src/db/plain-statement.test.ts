import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import { integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/test-database.js';
import { type Database, plainRowReader, plainStatement, runPlainStatement } from './client.js';

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

describe('plainStatement and plainRowReader (decision 0131)', () => {
  const probes = pgTable('plain_reader_probe', {
    id: text('id').primaryKey(),
    itemCount: integer('item_count'),
    details: jsonb('details').$type<Record<string, string>>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  });
  const insertProbe = plainStatement(
    'plain_reader_probe_insert',
    drizzle
      .mock()
      .insert(probes)
      .values({
        id: sql.placeholder('id'),
        itemCount: sql.placeholder('itemCount'),
        details: sql.placeholder('details'),
      })
      .returning()
      .toSQL(),
  );
  const readProbe = plainRowReader(probes);
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase({ migrate: false });
    await database.sql.executeSql(
      `create table plain_reader_probe (id text primary key, item_count integer,
        details jsonb not null, created_at timestamptz not null default now())`,
    );
  });
  afterAll(() => database.close());

  it("runs a Drizzle query with its placeholders' values encoded as Drizzle encodes them", async () => {
    const statement = insertProbe({ id: 'p1', itemCount: 3, details: { note: "it's {}" } });
    expect(statement.name).toBe('plain_reader_probe_insert');
    // The jsonb value goes as JSON text, as Drizzle sends it.
    expect(statement.values).toEqual(['p1', 3, '{"note":"it\'s {}"}']);
    const [row] = (await runPlainStatement(database.db, statement)).rows;
    const read = readProbe(row as Record<string, unknown>);
    expect(read).toEqual({
      id: 'p1',
      itemCount: 3,
      details: { note: "it's {}" },
      createdAt: expect.any(Date),
    });
    // The same row as Drizzle's own select reads it.
    const [selected] = await database.db.select().from(probes).where(sql`${probes.id} = 'p1'`);
    expect(read).toEqual(selected);
  });

  it('keeps nulls, and refuses a placeholder given no value', async () => {
    const [row] = (
      await runPlainStatement(database.db, insertProbe({ id: 'p2', itemCount: null, details: {} }))
    ).rows;
    expect(readProbe(row as Record<string, unknown>)).toMatchObject({
      id: 'p2',
      itemCount: null,
      details: {},
    });
    expect(() => insertProbe({ id: 'p3', details: {} })).toThrow(/itemCount/);
  });
});
