import { and, asc, eq, like } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInClinic } from '../../../test/accounts.js';
import { createTestApp } from '../../../test/test-app.js';
import { auditLog } from '../../db/schema/index.js';

describe('/api/clinic', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app.close());

  const patch = (url: string, cookies: Record<string, string>, payload: object) =>
    app.inject({ method: 'PATCH', url, cookies, payload });

  it('shows the signed-in clinic, not_connected until a provider is connected', async () => {
    const { email, cookies, user } = await signedInClinic(app);
    const { clinic } = (await app.inject({ url: '/api/clinic', cookies })).json();
    expect(clinic).toMatchObject({
      id: user.clinicId,
      clinicName: 'Harley Street Dental',
      email,
      stripeStatus: 'not_connected',
      emailNotifications: true,
      smsNotifications: true,
    });
  });

  it('saves the profile, storing empty strings as null', async () => {
    const { cookies } = await signedInClinic(app);
    const response = await patch('/api/clinic', cookies, {
      clinicName: '  Wimpole Clinic ',
      email: 'hello@wimpole.example',
      phone: '020 7946 0999',
      addressLine1: '1 Wimpole Street',
      addressLine2: '',
      city: 'London',
      postcode: '',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().clinic).toMatchObject({
      clinicName: 'Wimpole Clinic',
      phone: '020 7946 0999',
      addressLine2: null,
      city: 'London',
      postcode: null,
    });
  });

  it('refuses an invalid email and changes nothing', async () => {
    const { cookies } = await signedInClinic(app);
    const response = await patch('/api/clinic', cookies, { clinicName: 'Renamed', email: 'not-an-email' });
    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors.email).toBe('Please enter a valid email address');
    expect((await app.inject({ url: '/api/clinic', cookies })).json().clinic.clinicName).toBe(
      'Harley Street Dental',
    );
  });

  it("changes only the caller's own clinic, whatever id the body names", async () => {
    const mine = await signedInClinic(app);
    const theirs = await signedInClinic(app);
    await patch('/api/clinic', mine.cookies, { id: theirs.user.clinicId, clinicName: 'Mine' });
    expect((await app.inject({ url: '/api/clinic', cookies: theirs.cookies })).json().clinic.clinicName).toBe(
      'Harley Street Dental',
    );
    expect((await app.inject({ url: '/api/clinic', cookies: mine.cookies })).json().clinic.clinicName).toBe(
      'Mine',
    );
  });

  it('turns email and SMS notifications on and off', async () => {
    const { cookies } = await signedInClinic(app);
    const off = await patch('/api/clinic/notifications', cookies, { smsNotifications: false });
    expect(off.json().clinic).toMatchObject({ emailNotifications: true, smsNotifications: false });
    const emailOff = await patch('/api/clinic/notifications', cookies, { emailNotifications: false });
    expect(emailOff.json().clinic).toMatchObject({ emailNotifications: false, smsNotifications: false });
    const nothing = await patch('/api/clinic/notifications', cookies, {});
    expect(nothing.statusCode).toBe(400);
  });

  describe('the audit trail of settings', () => {
    /** The clinic's settings entries in the audit log, oldest first. */
    const settingsEntries = (clinicId: string) =>
      app.database.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.clinicId, clinicId), like(auditLog.action, 'clinic.%')))
        .orderBy(asc(auditLog.createdAt));

    it('records the changed profile fields only, before and after, by the member', async () => {
      const { email, cookies, user } = await signedInClinic(app);
      const profile = {
        clinicName: 'Wimpole Clinic',
        email,
        phone: '020 7946 0999',
        addressLine1: '',
        addressLine2: '',
        city: '',
        postcode: '',
      };
      expect((await patch('/api/clinic', cookies, profile)).statusCode).toBe(200);
      // Saved again unchanged: nothing changes, so nothing is recorded.
      expect((await patch('/api/clinic', cookies, profile)).statusCode).toBe(200);
      expect(await settingsEntries(user.clinicId)).toEqual([
        expect.objectContaining({
          action: 'clinic.profile_updated',
          actorUserId: user.id,
          entityType: 'clinic',
          entityId: user.clinicId,
          clinicId: user.clinicId,
          details: {
            before: { clinicName: 'Harley Street Dental', phone: null },
            after: { clinicName: 'Wimpole Clinic', phone: '020 7946 0999' },
          },
        }),
      ]);
    });

    it('records notification and request settings changed, and nothing for a refused change', async () => {
      const { cookies, user } = await signedInClinic(app);
      expect(
        (await patch('/api/clinic', cookies, { clinicName: 'X', email: 'not-an-email' })).statusCode,
      ).toBe(400);
      expect((await patch('/api/clinic/notifications', cookies, {})).statusCode).toBe(400);
      expect(
        (await patch('/api/clinic/request-settings', cookies, { requestExpiryDays: 0 })).statusCode,
      ).toBe(400);
      expect(await settingsEntries(user.clinicId)).toEqual([]);

      const sms = { smsNotifications: false };
      expect((await patch('/api/clinic/notifications', cookies, sms)).statusCode).toBe(200);
      expect((await patch('/api/clinic/notifications', cookies, sms)).statusCode).toBe(200);
      const requestSettings = { reminderDays: [7, 2], requestExpiryDays: 30, closedPageText: 'Call us.' };
      expect((await patch('/api/clinic/request-settings', cookies, requestSettings)).statusCode).toBe(200);
      expect(await settingsEntries(user.clinicId)).toEqual([
        expect.objectContaining({
          action: 'clinic.notifications_updated',
          actorUserId: user.id,
          entityId: user.clinicId,
          details: { before: { smsNotifications: true }, after: { smsNotifications: false } },
        }),
        expect.objectContaining({
          action: 'clinic.request_settings_updated',
          actorUserId: user.id,
          entityId: user.clinicId,
          // The expiry was 30 days already: only what changed is recorded.
          details: {
            before: { reminderDays: [3, 7], closedPageText: null },
            after: { reminderDays: [2, 7], closedPageText: 'Call us.' },
          },
        }),
      ]);
    });
  });
});
