import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lastMailTo, signedInClinic } from '../../../test/accounts.js';
import { createTestApp } from '../../../test/test-app.js';
import { paymentRequests } from '../../db/schema/index.js';

// Decision 0018: phones as people write them are stored and texted in E.164; the pattern of
// docs/product.md#validation is the floor.
describe('the patient phone on POST /api/payment-requests', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app.close());

  const send = (cookies: Record<string, string>, patientPhone: string) =>
    app.inject({
      method: 'POST',
      url: '/api/payment-requests',
      cookies,
      payload: {
        patientName: 'Grace Patient',
        patientEmail: 'grace@patient.example',
        patientPhone,
        customAmount: 500,
      },
    });
  const storedRequest = async (id: string) =>
    (await app.database.db.select().from(paymentRequests).where(eq(paymentRequests.id, id)))[0];

  it('stores 07700 900123 as +447700900123 and texts it there', async () => {
    const { cookies } = await signedInClinic(app);
    const response = await send(cookies, '07700 900123');
    expect(response.statusCode).toBe(201);
    const { id, paymentUrl } = response.json();
    expect(await storedRequest(id)).toMatchObject({ patientPhone: '+447700900123', status: 'sent' });
    // The dev outbox records texts too, under the number they went to.
    const text = await lastMailTo(app, '+447700900123');
    expect(text).toMatchObject({ channel: 'sms' });
    expect(text?.textBody).toContain(paymentUrl);
  });

  it.each([
    ['+44 7700 900123', '+447700900123'],
    ['020 7946 0000', '+442079460000'],
    ['+447700900123', '+447700900123'], // what the Send Link form itself sends
    ['+123 456 7890', '+1234567890'], // the pattern of docs/product.md#validation, kept as the floor
  ])('stores %j as %s', async (typed, stored) => {
    const { cookies } = await signedInClinic(app);
    const response = await send(cookies, typed);
    expect(response.statusCode).toBe(201);
    expect((await storedRequest(response.json().id))?.patientPhone).toBe(stored);
  });

  it.each([['07700 90012'], ['12345'], ['not a number']])(
    'refuses %j with the validation message on the phone, storing nothing',
    async (phone) => {
      const { cookies, user } = await signedInClinic(app);
      const response = await send(cookies, phone);
      expect(response.statusCode).toBe(400);
      expect(response.json().fieldErrors).toEqual({ patientPhone: 'Please enter a valid phone number' });
      expect(
        await app.database.db
          .select()
          .from(paymentRequests)
          .where(eq(paymentRequests.clinicId, user.clinicId)),
      ).toEqual([]);
    },
  );
});
