/** The admin's clinic search also finds a clinic by the email it signed up with (its user's email). */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { signedInAdmin } from '../../../test/accounts.js';
import { insertClinic } from '../../../test/admin-data.js';
import { createTestApp } from '../../../test/test-app.js';
import { users } from '../../db/schema/index.js';

describe('GET /api/admin/clinics?search', () => {
  let app: FastifyInstance;
  let admin: Awaited<ReturnType<typeof signedInAdmin>>;
  beforeEach(async () => {
    app = await createTestApp();
    admin = await signedInAdmin(app);
  });
  afterEach(() => app.close());

  const search = async (text: string) =>
    (
      await app.inject({
        url: `/api/admin/clinics?search=${encodeURIComponent(text)}`,
        cookies: admin.cookies,
      })
    )
      .json()
      .items.map((row: { clinicName: string }) => row.clinicName);

  const addUser = (clinicId: string, email: string) =>
    app.database.db
      .insert(users)
      .values({ id: randomUUID(), email, name: 'Owner', role: 'clinic', emailVerified: true, clinicId });

  it('matches the sign-up email as well as the name and the profile email, once per clinic', async () => {
    const signedUp = await insertClinic(app, {
      clinicName: 'Signed Up Dental',
      email: 'desk@profile.example',
    });
    await addUser(signedUp, 'owner@signup.example');
    await addUser(signedUp, 'second.owner@signup.example');
    await insertClinic(app, { clinicName: 'Other Clinic', email: 'other@elsewhere.example' });

    expect(await search('owner@SIGNUP')).toEqual(['Signed Up Dental']);
    expect(await search('signup.example')).toEqual(['Signed Up Dental']);
    expect(await search('desk@profile')).toEqual(['Signed Up Dental']);
    expect(await search('elsewhere')).toEqual(['Other Clinic']);
    expect(await search('nobody@signup')).toEqual([]);
    // Another clinic's user does not make this one match.
    expect(await search('example')).toHaveLength(2);
    const page = await app.inject({ url: '/api/admin/clinics?search=signup', cookies: admin.cookies });
    expect(page.json().total).toBe(1);
  });

  it('treats % and _ in the search as text, also in the sign-up email', async () => {
    const clinicId = await insertClinic(app, { clinicName: 'Plain', email: null });
    await addUser(clinicId, 'a_b@signup.example');
    await insertClinic(app, { clinicName: 'Decoy', email: 'axb@signup.example' });
    expect(await search('a_b')).toEqual(['Plain']);
  });
});
