/** Reads and writes of clinic_policies (docs/decisions/0090-policies.md); no rules. */
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { clinicPolicies, clinics, clinicTerms, termsAcceptances } from '../../db/schema/index.js';

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

export type TermsRow = typeof clinicTerms.$inferSelect;

/** The clinic's latest version of its payment terms (in force or turned off), or undefined. */
export async function latestTerms(db: Db | Tx, clinicId: string): Promise<TermsRow | undefined> {
  const [row] = await db
    .select()
    .from(clinicTerms)
    .where(eq(clinicTerms.clinicId, clinicId))
    .orderBy(desc(clinicTerms.version))
    .limit(1);
  return row;
}

/** One version of a clinic's terms by id, with the clinic's name; undefined when there is none. */
export async function findTermsWithClinic(db: Db | Tx, termsId: string) {
  const [row] = await db
    .select({ terms: clinicTerms, clinicName: clinics.clinicName })
    .from(clinicTerms)
    .innerJoin(clinics, eq(clinics.id, clinicTerms.clinicId))
    .where(eq(clinicTerms.id, termsId));
  return row;
}

/** Stores the clinic's next version of its terms: one more than the latest. */
export async function insertTermsVersion(
  tx: Tx,
  values: Omit<typeof clinicTerms.$inferInsert, 'id' | 'version' | 'createdAt'>,
): Promise<TermsRow> {
  const [row] = await tx
    .insert(clinicTerms)
    .values({
      ...values,
      version: sql`(select coalesce(max(${clinicTerms.version}), 0) + 1 from ${clinicTerms}
        where ${clinicTerms.clinicId} = ${values.clinicId})`,
    })
    .returning();
  if (!row) throw new Error('terms version was not stored');
  return row;
}

/** Stores one acceptance of the terms at a Pay Now. */
export async function insertTermsAcceptance(
  db: Db | Tx,
  values: { paymentIntentId: string; termsId: string; ipAddress: string | null },
): Promise<void> {
  await db.insert(termsAcceptances).values(values);
}

/** The latest acceptance of the clinic's terms version `termsId` on the intent, or undefined. */
export async function latestTermsAcceptance(
  db: Db | Tx,
  clinicId: string,
  paymentIntentId: string,
  termsId: string,
) {
  const [row] = await db
    .select({ termsId: termsAcceptances.termsId, acceptedAt: termsAcceptances.acceptedAt })
    .from(termsAcceptances)
    .innerJoin(clinicTerms, eq(clinicTerms.id, termsAcceptances.termsId))
    .where(
      and(
        eq(termsAcceptances.paymentIntentId, paymentIntentId),
        eq(termsAcceptances.termsId, termsId),
        eq(clinicTerms.clinicId, clinicId),
      ),
    )
    .orderBy(desc(termsAcceptances.acceptedAt))
    .limit(1);
  return row;
}
