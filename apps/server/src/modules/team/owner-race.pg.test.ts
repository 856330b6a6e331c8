/**
 * On PostgreSQL (real concurrent transactions, decision 0121): the owner's change to a member that
 * races a transfer of ownership to that member finds them the owner when it writes, and changes
 * nothing, so the clinic keeps exactly one owner.
 */
import { TEAM_MESSAGES } from '@clinicpay/shared';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInClinic, signedInMember } from '../../../test/accounts.js';
import { createTestApp } from '../../../test/test-app.js';
import { users } from '../../db/schema/index.js';
import { changeRole, removeMember } from './service.js';

describe("the owner's changes racing a transfer of ownership, on PostgreSQL", () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await createTestApp();
    expect(app.database.kind).toBe('postgres');
  });
  afterAll(() => app.close());

  /** Resolves once some statement is waiting for a row lock (the change, behind the transfer). */
  async function someoneWaitsForALock() {
    for (;;) {
      const result = await app.database.db.execute(
        sql`select count(*)::int as waiting from pg_stat_activity where wait_event_type = 'Lock'`,
      );
      if ((result as unknown as { rows: { waiting: number }[] }).rows[0]?.waiting) return;
      await new Promise((resolve) => setImmediate(resolve));
    }
  }

  it.each([
    [
      'a role change',
      (deps: Parameters<typeof changeRole>[0], owner: Parameters<typeof changeRole>[1], id: string) =>
        changeRole(deps, owner, id, 'reception'),
      TEAM_MESSAGES.ownerRoleFixed,
    ],
    [
      'a removal',
      (deps: Parameters<typeof changeRole>[0], owner: Parameters<typeof changeRole>[1], id: string) =>
        removeMember(deps, owner, id),
      TEAM_MESSAGES.cannotRemoveOwner,
    ],
  ] as const)('refuses %s of a member made the owner meanwhile', async (_name, change, message) => {
    const clinic = await signedInClinic(app);
    const member = await signedInMember(app, clinic, 'manager');
    const owner = { userId: clinic.user.id, clinicId: clinic.user.clinicId };
    const deps = { db: app.database.db, jobs: app.jobs };

    let changed: Promise<unknown> = Promise.resolve();
    await app.database.db.transaction(async (tx) => {
      // The transfer holds the member's row; the change reads them a manager, then waits to write.
      await tx.select().from(users).where(eq(users.id, member.user.id)).for('update');
      changed = change(deps, owner, member.user.id);
      changed.catch(() => undefined);
      await someoneWaitsForALock();
      await tx.update(users).set({ clinicRole: 'manager' }).where(eq(users.id, clinic.user.id));
      await tx.update(users).set({ clinicRole: 'owner' }).where(eq(users.id, member.user.id));
    });
    await expect(changed).rejects.toMatchObject({ code: 'TEAM_RULE', message });

    const roles = await app.database.db
      .select({ id: users.id, clinicId: users.clinicId, role: users.clinicRole })
      .from(users)
      .where(eq(users.clinicId, clinic.user.clinicId));
    expect(roles).toEqual(
      expect.arrayContaining([
        { id: clinic.user.id, clinicId: clinic.user.clinicId, role: 'manager' },
        { id: member.user.id, clinicId: clinic.user.clinicId, role: 'owner' },
      ]),
    );
  });
});
