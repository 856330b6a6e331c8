/**
 * The team's permission table on every route (decision 0121): each clinic route of the API, as the
 * OpenAPI document lists them, is named below with the permission it needs, and walked with an owner,
 * a manager, a receptionist and a removed member. A role without the permission gets 403 and changes
 * nothing; a role with it gets past the guard. A route added without a line here fails the test.
 */
import {
  CLINIC_ROLES,
  type ClinicRole,
  PERMISSIONS,
  type Permission,
  TEAM_MESSAGES,
} from '@clinicpay/shared';
import { getTableName, is, sql } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInClinic, signedInMember } from '../../../test/accounts.js';
import { createTestApp } from '../../../test/test-app.js';
import * as schema from '../../db/schema/index.js';

/** Every clinic route and what it needs. */
const CLINIC_ROUTES: Record<string, Permission> = {
  'GET /api/clinic': 'collect',
  'PATCH /api/clinic': 'manage',
  'PATCH /api/clinic/notifications': 'manage',
  'PATCH /api/clinic/request-settings': 'manage',
  'POST /api/clinic/payment-provider/connect': 'manage',
  'POST /api/clinic/payment-provider/update-details': 'manage',
  'POST /api/clinic/payment-provider/refresh': 'manage',
  'POST /api/clinic/payment-provider/disconnect': 'manage',
  'POST /api/clinic/payment-provider/dashboard-link': 'manage',
  'POST /api/clinic/logo': 'manage',
  'DELETE /api/clinic/logo': 'manage',
  'GET /api/clinic/policies': 'collect',
  'PUT /api/clinic/policies/{kind}': 'manage',
  'DELETE /api/clinic/policies/{kind}': 'manage',
  'GET /api/clinic/terms': 'collect',
  'GET /api/clinic/audit': 'manage',
  'PUT /api/clinic/terms': 'manage',
  'DELETE /api/clinic/terms': 'manage',
  'GET /api/disputes': 'money',
  'GET /api/disputes/alerts': 'money',
  'GET /api/disputes/{disputeId}': 'money',
  'PUT /api/disputes/{disputeId}/evidence': 'money',
  'POST /api/disputes/{disputeId}/evidence/files': 'money',
  'DELETE /api/disputes/{disputeId}/evidence/files/{fileId}': 'money',
  'POST /api/disputes/{disputeId}/submit': 'money',
  'POST /api/fraud-warnings/{warningId}/refund': 'money',
  'POST /api/payment-links': 'collect',
  'GET /api/payment-links': 'collect',
  'GET /api/payment-links/{linkId}': 'collect',
  'PATCH /api/payment-links/{linkId}': 'collect',
  'GET /api/payment-links/{linkId}/qr-code': 'collect',
  'POST /api/payment-requests': 'collect',
  'GET /api/payment-requests': 'collect',
  'GET /api/payment-requests/{requestId}': 'collect',
  'POST /api/payment-requests/{requestId}/resend': 'collect',
  'POST /api/payment-requests/{requestId}/remind': 'collect',
  'POST /api/payment-requests/{requestId}/cancel': 'collect',
  'GET /api/payment-requests/{requestId}/qr-code': 'collect',
  'GET /api/payments': 'collect',
  'GET /api/payments/stats': 'collect',
  'GET /api/payments/revenue': 'collect',
  'GET /api/payments/export': 'money',
  'GET /api/payments/{id}': 'collect',
  'POST /api/payments/{id}/receipt': 'collect',
  'POST /api/payments/{id}/balance-request': 'collect',
  'POST /api/payments/{paymentId}/refunds': 'money',
  'GET /api/payouts': 'manage',
  'GET /api/payouts/{payoutId}': 'manage',
  'GET /api/payouts/{payoutId}/export': 'manage',
  'GET /api/patients': 'collect',
  'GET /api/patients/{id}': 'collect',
  'GET /api/patients/{id}/cards': 'collect',
  'POST /api/patients/{id}/cards/{cardId}/remove': 'money',
  'POST /api/patients/{id}/cards/{cardId}/charges': 'money',
  'GET /api/statements/{month}': 'money',
  'GET /api/team': 'manage',
  'POST /api/team/invitations': 'manage',
  'POST /api/team/invitations/{invitationId}/revoke': 'manage',
  'PATCH /api/team/members/{userId}': 'manage',
  'POST /api/team/members/{userId}/remove': 'manage',
  'POST /api/team/members/{userId}/sign-out': 'manage',
  'POST /api/team/transfer-ownership': 'manage',
  'PATCH /api/team/two-factor': 'manage',
};

/** Every other route of the API: public, account, admin, provider and sandbox routes. */
const OTHER_ROUTE_PREFIXES = [
  '/api/auth/',
  '/api/admin/',
  '/api/public/',
  '/api/team-invitations',
  '/api/contact',
  '/api/platform-settings/',
  '/api/payment-provider/',
  '/api/webhooks/',
  '/api/sandbox/',
  '/healthz',
  '/readyz',
];

/** The permission table, restated as the issue of the team's roles set it out. */
it('gives each role the work its row names', () => {
  expect(PERMISSIONS).toEqual({
    collect: ['owner', 'manager', 'reception'],
    money: ['owner', 'manager'],
    manage: ['owner'],
  });
});

describe('every clinic route × every role', () => {
  let app: FastifyInstance;
  const cookiesOf = {} as Record<ClinicRole | 'removed', Record<string, string>>;
  beforeAll(async () => {
    app = await createTestApp();
    const owner = await signedInClinic(app);
    cookiesOf.owner = owner.cookies;
    cookiesOf.manager = (await signedInMember(app, owner, 'manager')).cookies;
    cookiesOf.reception = (await signedInMember(app, owner, 'reception')).cookies;
    const removed = await signedInMember(app, owner, 'manager');
    cookiesOf.removed = removed.cookies;
    // Removed while signed in: the cookie is kept, the sessions are gone, so it must not get in either.
    await app.inject({
      method: 'POST',
      url: `/api/team/members/${removed.user.id}/remove`,
      cookies: owner.cookies,
    });
  });
  afterAll(() => app.close());

  /** The API's operations as 'METHOD /api/path/{param}', from the OpenAPI document. */
  function operations(): string[] {
    const paths = (app.swagger() as { paths: Record<string, Record<string, unknown>> }).paths;
    return Object.entries(paths).flatMap(([path, methods]) =>
      Object.keys(methods)
        .filter((method) => method !== 'head')
        .map((method) => `${method.toUpperCase()} ${path}`),
    );
  }

  const call = (route: string, cookies: Record<string, string>) => {
    const [method, path] = route.split(' ') as [string, string];
    const url = path.replace(/\{[^}]+\}/g, '00000000-0000-4000-8000-000000000000');
    return app.inject({
      method: method as 'GET',
      url: url.replace('/statements/00000000-0000-4000-8000-000000000000', '/statements/2026-10'),
      cookies,
      ...(method === 'GET' || method === 'DELETE' ? {} : { payload: {} }),
    });
  };

  /** Each table's row count, which a refused call must leave as it was. */
  async function rowCounts() {
    const counts: Record<string, number> = {};
    for (const table of Object.values(schema)) {
      if (!is(table, PgTable)) continue;
      const name = getTableName(table);
      const [row] = await app.database.db.select({ n: sql<number>`count(*)::int` }).from(table);
      counts[name] = Number(row?.n);
    }
    return counts;
  }

  it('names every clinic route of the API, and no other', () => {
    const clinic = operations().filter(
      (operation) => !OTHER_ROUTE_PREFIXES.some((prefix) => operation.split(' ')[1]?.startsWith(prefix)),
    );
    expect(clinic.sort()).toEqual(Object.keys(CLINIC_ROUTES).sort());
  });

  it('refuses each role every route its permission leaves out, with 403, changing nothing', async () => {
    const before = await rowCounts();
    let refusals = 0;
    for (const [route, permission] of Object.entries(CLINIC_ROUTES)) {
      for (const role of CLINIC_ROLES) {
        if ((PERMISSIONS[permission] as readonly ClinicRole[]).includes(role)) continue;
        const response = await call(route, cookiesOf[role]);
        expect(response.statusCode, `${role} ${route}`).toBe(403);
        expect(response.json(), `${role} ${route}`).toMatchObject({
          code: 'FORBIDDEN',
          message: TEAM_MESSAGES.forbidden,
        });
        refusals += 1;
      }
      const removed = await call(route, cookiesOf.removed);
      expect(removed.statusCode, `removed ${route}`).toBe(401);
    }
    // manage: 2 roles refused on each of its routes; money: 1.
    expect(refusals).toBeGreaterThan(40);
    expect(await rowCounts()).toEqual(before);
  });

  it('lets each role past the guard on every route its permission includes', async () => {
    for (const [route, permission] of Object.entries(CLINIC_ROUTES)) {
      for (const role of PERMISSIONS[permission]) {
        const response = await call(route, cookiesOf[role]);
        expect([401, 403], `${role} ${route}: ${response.body}`).not.toContain(response.statusCode);
        expect(response.statusCode, `${role} ${route}: ${response.body}`).toBeLessThan(500);
      }
    }
  });
});
