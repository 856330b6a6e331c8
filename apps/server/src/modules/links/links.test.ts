import { and, asc, eq, like } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInAdmin, signedInClinic } from '../../../test/accounts.js';
import { createTestApp } from '../../../test/test-app.js';
import { auditLog } from '../../db/schema/index.js';

describe('/api/payment-links', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app.close());

  const create = (cookies: Record<string, string>, payload: object) =>
    app.inject({ method: 'POST', url: '/api/payment-links', cookies, payload });
  const list = (cookies: Record<string, string>, query = '') =>
    app.inject({ url: `/api/payment-links${query}`, cookies }).then((response) => response.json());
  /** The clinic's link entries in the audit log, oldest first. */
  const linkEntries = (clinicId: string) =>
    app.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.clinicId, clinicId), like(auditLog.action, 'link.%')))
      .orderBy(asc(auditLog.createdAt));

  it('creates a link with its shareable URL, deposit by default', async () => {
    const { cookies } = await signedInClinic(app);
    const response = await create(cookies, {
      title: '  Initial consultation deposit ',
      amount: 4500,
      description: '',
    });
    expect(response.statusCode).toBe(201);
    const { link } = response.json();
    expect(link).toMatchObject({
      title: 'Initial consultation deposit',
      amount: 4500,
      type: 'deposit',
      description: null,
      isActive: true,
    });
    expect(link.url).toBe(`${app.config.publicUrl}/payment/${link.id}`);
  });

  it.each([
    [{ amount: 4500 }, 'title', 'Please fill in all required fields'],
    [{ title: 'X' }, 'amount', 'Please fill in all required fields'],
    [{ title: 'X', amount: 0 }, 'amount', 'Please enter a valid amount'],
    [{ title: 'X', amount: -5 }, 'amount', 'Please enter a valid amount'],
    [{ title: 'X', amount: 12.5 }, 'amount', 'Please enter a valid amount'],
    [{ title: 'X', amount: '45' }, 'amount', 'Please enter a valid amount'],
    [{ title: 'X', amount: 29 }, 'amount', 'The smallest amount a card can be charged is £0.30'],
    [{ title: 'X', amount: 100, type: 'gift' }, 'type', 'Please choose a payment type'],
  ])('refuses %j with its message on %s', async (payload, field, message) => {
    const { cookies } = await signedInClinic(app);
    const response = await create(cookies, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors[field]).toBe(message);
    expect((await list(cookies)).total).toBe(0);
  });

  it('lists active and archived links newest first, three to a page', async () => {
    const { cookies } = await signedInClinic(app);
    for (const title of ['one', 'two', 'three', 'four']) await create(cookies, { title, amount: 1000 });
    const first = await list(cookies);
    expect(first).toMatchObject({ page: 1, pageSize: 3, total: 4 });
    expect(first.items.map((link: { title: string }) => link.title)).toEqual(['four', 'three', 'two']);
    expect((await list(cookies, '?page=2')).items.map((link: { title: string }) => link.title)).toEqual([
      'one',
    ]);

    const archived = await app.inject({
      method: 'PATCH',
      url: `/api/payment-links/${first.items[0].id}`,
      cookies,
      payload: { isActive: false },
    });
    expect(archived.json().link.isActive).toBe(false);
    expect((await list(cookies)).total).toBe(3);
    expect(
      (await list(cookies, '?view=archived')).items.map((link: { title: string }) => link.title),
    ).toEqual(['four']);

    await app.inject({
      method: 'PATCH',
      url: `/api/payment-links/${first.items[0].id}`,
      cookies,
      payload: { isActive: true },
    });
    expect((await list(cookies)).total).toBe(4);
  });

  it("answers 'Link not found' for another clinic's link, and changes nothing", async () => {
    const mine = await signedInClinic(app);
    const theirs = await signedInClinic(app);
    const { link } = (await create(theirs.cookies, { title: 'Theirs', amount: 2000 })).json();
    for (const response of [
      await app.inject({ url: `/api/payment-links/${link.id}`, cookies: mine.cookies }),
      await app.inject({
        method: 'PATCH',
        url: `/api/payment-links/${link.id}`,
        cookies: mine.cookies,
        payload: { isActive: false },
      }),
      await app.inject({ url: '/api/payment-links/not-a-uuid', cookies: mine.cookies }),
    ]) {
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe('Link not found');
    }
    expect(
      (await app.inject({ url: `/api/payment-links/${link.id}`, cookies: theirs.cookies })).json().link
        .isActive,
    ).toBe(true);
    expect((await list(mine.cookies)).total).toBe(0);
  });

  it('audits a link made, archived and restored, by the member, against the clinic', async () => {
    const { cookies, user } = await signedInClinic(app);
    const { link } = (
      await create(cookies, { title: 'Hygiene visit', amount: 6500, type: 'treatment' })
    ).json();
    const patch = (isActive: boolean) =>
      app.inject({ method: 'PATCH', url: `/api/payment-links/${link.id}`, cookies, payload: { isActive } });
    expect((await patch(false)).statusCode).toBe(200);
    // Archiving an archived link changes nothing, so nothing is audited.
    expect((await patch(false)).json().link.isActive).toBe(false);
    expect((await patch(true)).statusCode).toBe(200);

    const entries = await linkEntries(user.clinicId);
    expect(entries).toEqual([
      expect.objectContaining({
        action: 'link.created',
        actorUserId: user.id,
        entityType: 'clinic',
        entityId: user.clinicId,
        clinicId: user.clinicId,
        details: { linkId: link.id, title: 'Hygiene visit', amount: 6500, type: 'treatment' },
      }),
      expect.objectContaining({
        action: 'link.updated',
        actorUserId: user.id,
        entityId: user.clinicId,
        details: { linkId: link.id, before: { isActive: true }, after: { isActive: false } },
      }),
      expect.objectContaining({
        action: 'link.updated',
        actorUserId: user.id,
        details: { linkId: link.id, before: { isActive: false }, after: { isActive: true } },
      }),
    ]);
  });

  it('audits nothing for a link refused or not found', async () => {
    const mine = await signedInClinic(app);
    const theirs = await signedInClinic(app);
    expect((await create(mine.cookies, { title: 'X', amount: 29 })).statusCode).toBe(400);
    expect(
      (await create(mine.cookies, { title: 'X', amount: 1000, expiresOn: '2020-01-01' })).statusCode,
    ).toBe(400);
    const { link } = (await create(theirs.cookies, { title: 'Theirs', amount: 2000 })).json();
    for (const id of [link.id, 'not-a-uuid', '00000000-0000-4000-8000-000000000000']) {
      const refused = await app.inject({
        method: 'PATCH',
        url: `/api/payment-links/${id}`,
        cookies: mine.cookies,
        payload: { isActive: false },
      });
      expect(refused.statusCode).toBe(404);
    }
    expect(await linkEntries(mine.user.clinicId)).toEqual([]);
    // Their clinic's trail holds only the link they made.
    expect((await linkEntries(theirs.user.clinicId)).map((entry) => entry.action)).toEqual(['link.created']);
  });

  it('is for signed-in clinic users only', async () => {
    const admin = await signedInAdmin(app);
    const signedOut = await create({}, { title: 'X', amount: 100 });
    expect(signedOut.statusCode).toBe(401);
    expect(signedOut.json().message).toBe('You must be logged in to create payment links');
    const listing = await app.inject({ url: '/api/payment-links' });
    expect(listing.statusCode).toBe(401);
    expect(listing.json().message).toBe('You must be logged in to manage payment links');
    const archiving = await app.inject({
      method: 'PATCH',
      url: '/api/payment-links/00000000-0000-4000-8000-000000000000',
      payload: { isActive: false },
    });
    expect(archiving.json().message).toBe('You must be logged in to manage payment links');
    expect((await create(admin.cookies, { title: 'X', amount: 100 })).statusCode).toBe(403);
  });
});
