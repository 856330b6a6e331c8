import { CONTACT_MESSAGES } from '@clinicpay/shared';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/test-app.js';
import { contactMessages, devOutbox } from '../../db/schema/index.js';

const valid = {
  name: 'Dr Ada Lovelace',
  email: 'ada@example.co.uk',
  subject: 'Onboarding question',
  message: 'How long do payouts take?',
};

describe('POST /api/contact', () => {
  let app: FastifyInstance;
  afterEach(() => app.close());

  const post = (payload: unknown) =>
    app.inject({ method: 'POST', url: '/api/contact', payload: payload as object });

  it('stores the message and emails it to the support address', async () => {
    app = await createTestApp({ env: { SUPPORT_EMAIL: 'help@clinicpay.test' } });
    const response = await post(valid);
    expect(response.statusCode).toBe(201);
    expect(response.json().message).toBe(CONTACT_MESSAGES.sent);

    const stored = await app.database.db.select().from(contactMessages);
    expect(stored).toMatchObject([valid]);
    // Queued with the message, sent by the job queue after the answer.
    expect(await app.database.db.select().from(devOutbox)).toEqual([]);
    await app.jobs.drain();
    const [mail] = await app.database.db.select().from(devOutbox);
    expect(mail).toMatchObject({
      recipient: 'help@clinicpay.test',
      subject: 'Contact form: Onboarding question',
    });
    expect(mail?.textBody).toContain('How long do payouts take?');
    expect(mail?.textBody).toContain('ada@example.co.uk');
  });

  it('gives every invalid field its message and stores or sends nothing', async () => {
    app = await createTestApp();
    const response = await post({ name: '  ', email: 'not-an-email', subject: '', message: '' });
    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors).toEqual({
      name: CONTACT_MESSAGES.name,
      email: CONTACT_MESSAGES.email,
      subject: CONTACT_MESSAGES.subject,
      message: CONTACT_MESSAGES.message,
    });
    expect(await app.database.db.select().from(contactMessages)).toEqual([]);
    expect(await app.database.db.select().from(devOutbox)).toEqual([]);
  });

  it('refuses missing fields and a non-object body', async () => {
    app = await createTestApp();
    expect((await post({})).json().fieldErrors).toMatchObject({ name: CONTACT_MESSAGES.name });
    expect((await post(['x'])).statusCode).toBe(400);
    expect((await post({ ...valid, message: 'x'.repeat(5001) })).json().fieldErrors).toEqual({
      message: CONTACT_MESSAGES.tooLong(5000),
    });
  });

  it('keeps the message and answers as usual when the mail server is down: the email waits for a retry', async () => {
    const attempts: string[] = [];
    app = await createTestApp({
      mailer: {
        transport: 'smtp',
        send: async (mail) => {
          attempts.push(mail.to);
          throw new Error('connection refused');
        },
      },
    });
    const response = await post(valid);
    expect(response.statusCode).toBe(201);
    expect(response.json().message).toBe(CONTACT_MESSAGES.sent);
    expect(await app.database.db.select().from(contactMessages)).toHaveLength(1);
    await app.jobs.drain();
    expect(attempts).toHaveLength(1);
    const { rows } = await app.database.sql.executeSql(
      "select state, start_after > now() as waiting from pgboss.job where name = 'notifications.send-email'",
    );
    // Waiting out its back-off before the next attempt.
    expect(rows).toEqual([{ state: 'retry', waiting: true }]);
  });

  it('tells the contact page where support can be reached', async () => {
    app = await createTestApp({
      env: { SUPPORT_EMAIL: 'help@clinicpay.test', SUPPORT_PHONE: '0161 496 0000' },
    });
    const response = await app.inject({ url: '/api/contact/details' });
    expect(response.json()).toEqual({
      email: 'help@clinicpay.test',
      phone: '0161 496 0000',
      hours: 'Monday-Friday 9am-5pm',
    });
  });

  it('rate limits a sender to 5 messages a minute', async () => {
    app = await createTestApp();
    const statuses = [];
    for (let attempt = 0; attempt < 6; attempt++) statuses.push((await post(valid)).statusCode);
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429]);
  });
});
