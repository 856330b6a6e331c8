/**
 * A payment reference drawn twice: the unique column refuses the second, and recording draws again
 * (reference.ts). The collision is made in the test's own database, with no module replaced: a trigger
 * gives the next two payment rows inserted the same reference, 'CP-AAAA-AAAA'.
 */
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectedClinicWithLink, payPage, sandboxOf } from '../../../test/sandbox.js';
import { createTestApp } from '../../../test/test-app.js';
import { payments } from '../../db/schema/index.js';

describe('a payment reference drawn twice', () => {
  let app: FastifyInstance;
  let linkId: string;
  beforeAll(async () => {
    app = await createTestApp();
    linkId = (await connectedClinicWithLink(app)).linkId;
    // One text of several statements: run as a simple query on either database.
    await app.database.sql.executeSql(`
      create table forced_references (left_to_force int not null);
      insert into forced_references values (2);
      create function force_reference() returns trigger language plpgsql as $$
      begin
        if (select left_to_force from forced_references) > 0 then
          update forced_references set left_to_force = left_to_force - 1;
          new.payment_ref := 'CP-AAAA-AAAA';
        end if;
        return new;
      end $$;
      create trigger force_reference before insert on payments
        for each row execute function force_reference();
    `);
  });
  afterAll(() => app.close());

  const pay = async () => {
    const paymentIntentId = await payPage(app, linkId);
    await sandboxOf(app).events.deliverDue();
    const [payment] = await app.database.db
      .select()
      .from(payments)
      .where(eq(payments.stripePaymentId, paymentIntentId));
    return payment;
  };

  it('is drawn again, and the payment is recorded under the new one', async () => {
    expect((await pay())?.paymentRef).toBe('CP-AAAA-AAAA');
    const second = await pay();
    expect(second?.status).toBe('paid');
    expect(second?.paymentRef).toMatch(/^CP-[2-9A-HJKMNP-Z]{4}-[2-9A-HJKMNP-Z]{4}$/);
    expect(second?.paymentRef).not.toBe('CP-AAAA-AAAA');
    // The second payment's first draw was refused, so both forced references were used.
    const [left] = (await app.database.sql.executeSql('select left_to_force from forced_references')).rows;
    expect(left?.left_to_force).toBe(0);
  });
});
