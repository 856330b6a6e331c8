/** Reads and writes of clinic_policies (docs/decisions/0090-policies.md); no rules. */
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { clinicPolicies } from '../../db/schema/index.js';

export type PolicyRow = typeof clinicPolicies.$inferSelect;
export type NewPolicyVersion = Omit<typeof clinicPolicies.$inferInsert, 'id' | 'version' | 'createdAt'>;

/** The latest version of each kind the clinic has saved (active or not). */
export async function latestPolicies(db: Db | Tx, clinicId: string): Promise<PolicyRow[]> {
  return db
    .selectDistinctOn([clinicPolicies.kind])
    .from(clinicPolicies)
    .where(eq(clinicPolicies.clinicId, clinicId))
    .orderBy(clinicPolicies.kind, desc(clinicPolicies.version));
}

/** The clinic's version `version` of a kind, or undefined. */
export async function findPolicyVersion(db: Db | Tx, clinicId: string, kind: string, version: number) {
  const [row] = await db
    .select()
    .from(clinicPolicies)
    .where(
      and(
        eq(clinicPolicies.clinicId, clinicId),
        eq(clinicPolicies.kind, kind),
        eq(clinicPolicies.version, version),
      ),
    );
  return row;
}

/**
 * Stores the next version of the clinic's policy of this kind: one more than the latest. Two saves at
 * once compute the same number and one fails on the unique (clinic, kind, version) index.
 */
export async function insertPolicyVersion(tx: Tx, values: NewPolicyVersion): Promise<PolicyRow> {
  const [row] = await tx
    .insert(clinicPolicies)
    .values({
      ...values,
      version: sql`(select coalesce(max(${clinicPolicies.version}), 0) + 1 from ${clinicPolicies}
        where ${clinicPolicies.clinicId} = ${values.clinicId} and ${clinicPolicies.kind} = ${values.kind})`,
    })
    .returning();
  if (!row) throw new Error('policy version was not stored');
  return row;
}
