/**
 * The clinic's cancellation policy and no-show fee through the real app (docs/decisions/0090-policies.md):
 * saving versions, saving the same terms again, turning a policy off, the bounds of a fee, notice and
 * text, each clinic's own, and concurrent saves numbered in turn.
 */
import { POLICY_MESSAGES } from '@clinicpay/shared';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInClinic } from '../../../test/accounts.js';
import { createTestApp } from '../../../test/test-app.js';
import { auditLog, clinicPolicies } from '../../db/schema/index.js';

describe('clinic policies', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app.close());

  const TEXT = 'Missed appointments without notice are charged the no-show fee.';
  const put = (cookies: Record<string, string>, kind: string, payload: object) =>
    app.inject({ method: 'PUT', url: `/api/clinic/policies/${kind}`, cookies, payload });
  const get = async (cookies: Record<string, string>) =>
    (await app.inject({ url: '/api/clinic/policies', cookies })).json();

  it('stores a new version for new terms, none for the same terms, and audits each', async () => {
    const { cookies, user } = await signedInClinic(app);
    expect(await get(cookies)).toEqual({ cancellation: null, no_show: null });

    const first = await put(cookies, 'no_show', {
      feeType: 'fixed',
      feeAmount: 4000,
      text: TEXT,
      noticeHours: 5,
    });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      changed: true,
      // A no-show fee has no notice period: one sent is ignored.
      policy: {
        kind: 'no_show',
        version: 1,
        feeType: 'fixed',
        feeAmount: 4000,
        feePercent: null,
        noticeHours: null,
      },
    });
    const again = await put(cookies, 'no_show', { feeType: 'fixed', feeAmount: 4000, text: `  ${TEXT} ` });
    expect(again.json()).toMatchObject({ changed: false, policy: { version: 1 } });
    const percent = await put(cookies, 'no_show', { feeType: 'percent', feePercent: 50, text: TEXT });
    expect(percent.json()).toMatchObject({
      changed: true,
      policy: { version: 2, feeType: 'percent', feeAmount: null, feePercent: 50 },
    });

    const cancellation = await put(cookies, 'cancellation', {
      feeType: 'fixed',
      feeAmount: 2500,
      noticeHours: 48,
      text: 'Cancel at least 48 hours ahead, or the fee is charged.',
    });
    expect(cancellation.json()).toMatchObject({
      policy: { kind: 'cancellation', version: 1, noticeHours: 48 },
    });
    expect(await get(cookies)).toMatchObject({
      cancellation: { version: 1, feeAmount: 2500 },
      no_show: { version: 2, feePercent: 50 },
    });

    const audited = await app.database.db
      .select({ action: auditLog.action, clinicId: auditLog.clinicId, details: auditLog.details })
      .from(auditLog)
      .where(and(eq(auditLog.actorUserId, user.id), eq(auditLog.action, 'policy.updated')));
    expect(audited).toHaveLength(3);
    expect(audited.map((entry) => entry.clinicId)).toEqual(Array(3).fill(user.clinicId));
    expect(audited.map((entry) => entry.details)).toContainEqual(
      expect.objectContaining({ kind: 'no_show', version: 2 }),
    );
  });

  it('turns a policy off with a version of its own, and on again with the next', async () => {
    const { cookies, user } = await signedInClinic(app);
    await put(cookies, 'no_show', { feeType: 'fixed', feeAmount: 4000, text: TEXT });
    const off = await app.inject({ method: 'DELETE', url: '/api/clinic/policies/no_show', cookies });
    expect(off.json()).toEqual({ policy: null, changed: true });
    expect((await get(cookies)).no_show).toBeNull();
    const offAgain = await app.inject({ method: 'DELETE', url: '/api/clinic/policies/no_show', cookies });
    expect(offAgain.json()).toEqual({ policy: null, changed: false });
    // The same terms as before the switch-off are a change now: the policy comes back on.
    const on = await put(cookies, 'no_show', { feeType: 'fixed', feeAmount: 4000, text: TEXT });
    expect(on.json()).toMatchObject({ changed: true, policy: { version: 3 } });
    const versions = await app.database.db
      .select({ version: clinicPolicies.version, isActive: clinicPolicies.isActive })
      .from(clinicPolicies)
      .where(eq(clinicPolicies.clinicId, String(user.clinicId)))
      .orderBy(clinicPolicies.version);
    expect(versions).toEqual([
      { version: 1, isActive: true },
      { version: 2, isActive: false },
      { version: 3, isActive: true },
    ]);
  });

  it('refuses a negative, absurd or missing fee, a notice out of bounds, a short text and an unknown kind, storing nothing', async () => {
    const { cookies } = await signedInClinic(app);
    const refusals: [string, object, string, string][] = [
      ['no_show', { feeType: 'fixed', feeAmount: -100, text: TEXT }, 'feeAmount', POLICY_MESSAGES.invalidFee],
      [
        'no_show',
        { feeType: 'fixed', feeAmount: 100_001, text: TEXT },
        'feeAmount',
        POLICY_MESSAGES.invalidFee,
      ],
      ['no_show', { feeType: 'fixed', feeAmount: 40.5, text: TEXT }, 'feeAmount', POLICY_MESSAGES.invalidFee],
      ['no_show', { feeType: 'fixed', text: TEXT }, 'feeAmount', POLICY_MESSAGES.invalidFee],
      [
        'no_show',
        { feeType: 'percent', feePercent: 0, text: TEXT },
        'feePercent',
        POLICY_MESSAGES.invalidPercent,
      ],
      [
        'no_show',
        { feeType: 'percent', feePercent: 101, text: TEXT },
        'feePercent',
        POLICY_MESSAGES.invalidPercent,
      ],
      [
        'no_show',
        { feeType: 'fixed', feeAmount: 4000, text: 'Too short' },
        'text',
        POLICY_MESSAGES.textRequired,
      ],
      [
        'cancellation',
        { feeType: 'fixed', feeAmount: 4000, text: TEXT },
        'noticeHours',
        POLICY_MESSAGES.invalidNotice,
      ],
      [
        'cancellation',
        { feeType: 'fixed', feeAmount: 4000, noticeHours: 169, text: TEXT },
        'noticeHours',
        POLICY_MESSAGES.invalidNotice,
      ],
    ];
    for (const [kind, payload, field, message] of refusals) {
      const response = await put(cookies, kind, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().fieldErrors?.[field], JSON.stringify(payload)).toBe(message);
    }
    const unknown = await put(cookies, 'late_fee', { feeType: 'fixed', feeAmount: 4000, text: TEXT });
    expect(unknown.statusCode).toBe(400);
    expect(await get(cookies)).toEqual({ cancellation: null, no_show: null });
  });

  it("keeps each clinic's policies its own and needs a session", async () => {
    const first = await signedInClinic(app);
    const second = await signedInClinic(app);
    await put(first.cookies, 'no_show', { feeType: 'fixed', feeAmount: 4000, text: TEXT });
    expect((await get(second.cookies)).no_show).toBeNull();
    expect((await app.inject({ url: '/api/clinic/policies' })).statusCode).toBe(401);
    const anonymous = await app.inject({
      method: 'PUT',
      url: '/api/clinic/policies/no_show',
      payload: { feeType: 'fixed', feeAmount: 4000, text: TEXT },
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('numbers concurrent saves one after the other, every one stored', async () => {
    const { cookies } = await signedInClinic(app);
    const responses = await Promise.all(
      Array.from({ length: 10 }, (_, n) =>
        put(cookies, 'no_show', { feeType: 'fixed', feeAmount: 1000 + n, text: TEXT }),
      ),
    );
    expect(responses.map((response) => response.statusCode)).toEqual(Array(10).fill(200));
    const versions = responses.map((response) => response.json().policy.version).sort((a, b) => a - b);
    expect(versions).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  });
});
