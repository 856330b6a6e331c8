import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectedClinicWithLink, payPage, sandboxOf } from '../../../test/sandbox.js';
import { createTestApp } from '../../../test/test-app.js';
import { clinics, notifications } from '../../db/schema/index.js';

let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

describe("the clinic's own payment notices by text", () => {
  it('are texted to a mobile profile phone, never to a landline', async () => {
    const clinic = await connectedClinicWithLink(app, 4000);
    const clinicTexts = async () =>
      app.database.db
        .select({ recipient: notifications.recipient })
        .from(notifications)
        .where(
          and(
            eq(notifications.clinicId, clinic.user.clinicId),
            eq(notifications.recipientType, 'clinic'),
            eq(notifications.channel, 'sms'),
          ),
        );
    const setPhone = (phone: string) =>
      app.database.db
        .update(clinics)
        .set({ phone, smsNotifications: true })
        .where(eq(clinics.id, clinic.user.clinicId));

    await setPhone('+442079460000');
    await payPage(app, clinic.linkId);
    await sandboxOf(app).events.deliverDue();
    expect(await clinicTexts()).toEqual([]);

    await setPhone('+447911123456');
    await payPage(app, clinic.linkId);
    await sandboxOf(app).events.deliverDue();
    expect(await clinicTexts()).toEqual([{ recipient: '+447911123456' }]);
  });
});
