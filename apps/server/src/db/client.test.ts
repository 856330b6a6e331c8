import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from './client.js';

describe('the embedded database under concurrent requests (decision 0076)', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openDatabase({ kind: 'pglite' });
  });
  afterAll(() => database.close());

  it('answers queued statements in the order they were asked for', async () => {
    const answered: number[] = [];
    await Promise.all(
      Array.from({ length: 10 }, (_, index) =>
        database.db.execute(sql`select ${index}::int as n`).then(() => answered.push(index)),
      ),
    );
    expect(answered).toEqual(Array.from({ length: 10 }, (_, index) => index));
  });

  it('runs statements inside a transaction in its turn, and the statements after it afterwards', async () => {
    const seen = await Promise.all([
      database.db.transaction(async (tx) => {
        await tx.execute(sql`create temp table turn_probe (n int)`);
        await tx.execute(sql`insert into turn_probe values (1)`);
        return 'transaction';
      }),
      database.db
        .execute(sql`select count(*)::int as n from turn_probe`)
        .then((result) => (result as unknown as { rows: { n: number }[] }).rows[0]?.n),
    ]);
    expect(seen).toEqual(['transaction', 1]);
  });
});
