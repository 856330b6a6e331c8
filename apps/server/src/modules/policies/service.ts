/**
 * The clinic's cancellation policy and no-show fee (docs/decisions/0090-policies.md). Saving a policy
 * that differs from the one in force stores a new version (the old stays: a consent names its
 * version); saving the same policy again changes nothing; turning one off stores a version that says
 * so. Each change is audited.
 */
import {
  type ClinicPolicies,
  type ClinicTerms,
  POLICY_MESSAGES,
  type Policy,
  type PolicyKind,
  type PublicTerms,
  type policyInputSchema,
  TERMS_MESSAGES,
} from '@clinicpay/shared';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.js';
import { AppError } from '../../http/app-error.js';
import { isUuid } from '../../http/ids.js';
import { recordAudit } from '../audit/index.js';
import {
  findTermsWithClinic,
  insertPolicyVersion,
  insertTermsAcceptance,
  insertTermsVersion,
  latestPolicies,
  latestTerms,
  latestTermsAcceptance,
  type NewPolicyVersion,
  type PolicyRow,
  type TermsRow,
} from './queries.js';

type PolicyInput = z.output<typeof policyInputSchema>;

function toPolicy(row: PolicyRow): Policy {
  return {
    kind: row.kind as PolicyKind,
    version: row.version,
    feeType: row.feeType as Policy['feeType'],
    feeAmount: row.feeAmount,
    feePercent: row.feePercent,
    noticeHours: row.noticeHours,
    text: row.text,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Whether the clinic has a policy in force that a card on file can be saved under. */
export async function hasPolicyInForce(db: Db | Tx, clinicId: string): Promise<boolean> {
  const policies = await clinicPolicies(db, clinicId);
  return policies.cancellation !== null || policies.no_show !== null;
}

/** The clinic's policies in force: each kind's latest version, or null when none or turned off. */
export async function clinicPolicies(db: Db | Tx, clinicId: string): Promise<ClinicPolicies> {
  const rows = await latestPolicies(db, clinicId);
  const inForce = (kind: PolicyKind) => {
    const row = rows.find((candidate) => candidate.kind === kind);
    return row?.isActive ? toPolicy(row) : null;
  };
  return { cancellation: inForce('cancellation'), no_show: inForce('no_show') };
}

/** Saves of one clinic's policy of one kind run one at a time, so versions are numbered in turn. */
async function lockPolicyKind(tx: Tx, clinicId: string, kind: PolicyKind) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`clinic-policy:${clinicId}:${kind}`}))`);
}

const sameTerms = (row: PolicyRow, values: NewPolicyVersion) =>
  row.isActive &&
  row.feeType === values.feeType &&
  row.feeAmount === (values.feeAmount ?? null) &&
  row.feePercent === (values.feePercent ?? null) &&
  row.noticeHours === (values.noticeHours ?? null) &&
  row.text === values.text;

/**
 * Saves the clinic's policy of `kind` by `userId`. Resolves to the policy in force and whether a new
 * version was stored. A cancellation policy needs its notice period; a no-show fee has none (any sent
 * is ignored). Throws AppError VALIDATION_FAILED (400) for a cancellation policy without notice hours.
 */
export async function savePolicy(
  db: Db,
  clinicId: string,
  userId: string,
  kind: PolicyKind,
  input: PolicyInput,
): Promise<{ policy: Policy; changed: boolean }> {
  const noticeHours = kind === 'cancellation' ? (input.noticeHours ?? null) : null;
  if (kind === 'cancellation' && noticeHours === null) {
    throw new AppError('VALIDATION_FAILED', POLICY_MESSAGES.invalidNotice, {
      noticeHours: POLICY_MESSAGES.invalidNotice,
    });
  }
  const values: NewPolicyVersion = {
    clinicId,
    kind,
    isActive: true,
    feeType: input.feeType,
    feeAmount: input.feeType === 'fixed' ? input.feeAmount : null,
    feePercent: input.feeType === 'percent' ? input.feePercent : null,
    noticeHours,
    text: input.text,
    createdBy: userId,
  };
  const result = await storeNextVersion(db, userId, 'policy.updated', clinicId, kind, (latest) =>
    latest && sameTerms(latest, values) ? null : values,
  );
  if (result.stored) return { policy: toPolicy(result.stored), changed: true };
  // Unchanged: the latest version is these terms, in force.
  return { policy: toPolicy(result.latest as PolicyRow), changed: false };
}

/**
 * Turns the clinic's policy of `kind` off: a new version that says so, keeping the terms of the last
 * for the record. Resolves to whether anything changed (nothing does when none is in force).
 */
export async function turnOffPolicy(
  db: Db,
  clinicId: string,
  userId: string,
  kind: PolicyKind,
): Promise<{ policy: null; changed: boolean }> {
  const result = await storeNextVersion(db, userId, 'policy.turned_off', clinicId, kind, (latest) => {
    if (!latest?.isActive) return null;
    const { id: _id, version: _version, createdAt: _createdAt, ...terms } = latest;
    return { ...terms, isActive: false, createdBy: userId };
  });
  return { policy: null, changed: result.stored !== undefined };
}

/**
 * Stores the next version of the clinic's policy of `kind`, as `next` makes it from the latest (null:
 * nothing to store), one save at a time, and audits it against the clinic. Resolves to the stored
 * version, if any, and the latest before it.
 */
async function storeNextVersion(
  db: Db,
  userId: string,
  action: 'policy.updated' | 'policy.turned_off',
  clinicId: string,
  kind: PolicyKind,
  next: (latest: PolicyRow | undefined) => NewPolicyVersion | null,
): Promise<{ stored?: PolicyRow; latest?: PolicyRow }> {
  return db.transaction(async (tx) => {
    await lockPolicyKind(tx, clinicId, kind);
    const latest = (await latestPolicies(tx, clinicId)).find((row) => row.kind === kind);
    const values = next(latest);
    if (!values) return { latest };
    const stored = await insertPolicyVersion(tx, values);
    await recordAudit(tx, {
      actorUserId: userId,
      action,
      entityType: 'clinic',
      entityId: clinicId,
      details: { policyId: stored.id, kind, version: stored.version },
    });
    return { stored, latest };
  });
}

const toTerms = (row: TermsRow): ClinicTerms => ({
  id: row.id,
  version: row.version,
  text: row.text,
  createdAt: row.createdAt.toISOString(),
});

/** The clinic's payment terms in force (docs/decisions/0107-payment-terms.md), or null when none. */
export async function termsInForce(db: Db | Tx, clinicId: string): Promise<ClinicTerms | null> {
  const row = await latestTerms(db, clinicId);
  return row?.isActive ? toTerms(row) : null;
}

/**
 * Stores the next version of the clinic's terms as `next` makes it from the latest (null: nothing to
 * store), one save at a time, and audits it. Resolves to the stored version, if any, and the latest.
 */
async function storeNextTerms(
  db: Db,
  userId: string,
  action: 'terms.updated' | 'terms.turned_off',
  clinicId: string,
  next: (latest: TermsRow | undefined) => { text: string; isActive: boolean } | null,
): Promise<{ stored?: TermsRow; latest?: TermsRow }> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`clinic-terms:${clinicId}`}))`);
    const latest = await latestTerms(tx, clinicId);
    const values = next(latest);
    if (!values) return { latest };
    const stored = await insertTermsVersion(tx, { ...values, clinicId, createdBy: userId });
    await recordAudit(tx, {
      actorUserId: userId,
      action,
      entityType: 'clinic',
      entityId: clinicId,
      details: { termsId: stored.id, version: stored.version },
    });
    return { stored, latest };
  });
}

/**
 * PUT /api/clinic/terms: saves the clinic's payment terms by `userId` as a new version, unless they are
 * the terms in force already. Resolves to the terms in force and whether a version was stored.
 */
export async function saveTerms(
  db: Db,
  clinicId: string,
  userId: string,
  text: string,
): Promise<{ terms: ClinicTerms; changed: boolean }> {
  const result = await storeNextTerms(db, userId, 'terms.updated', clinicId, (latest) =>
    latest?.isActive && latest.text === text ? null : { text, isActive: true },
  );
  if (result.stored) return { terms: toTerms(result.stored), changed: true };
  return { terms: toTerms(result.latest as TermsRow), changed: false };
}

/**
 * DELETE /api/clinic/terms: turns the clinic's terms off with a version that says so (its text kept for
 * the record). Resolves to whether anything changed (nothing does when none is in force).
 */
export async function turnOffTerms(
  db: Db,
  clinicId: string,
  userId: string,
): Promise<{ terms: null; changed: boolean }> {
  const result = await storeNextTerms(db, userId, 'terms.turned_off', clinicId, (latest) =>
    latest?.isActive ? { text: latest.text, isActive: false } : null,
  );
  return { terms: null, changed: result.stored !== undefined };
}

/**
 * GET /api/public/clinic-terms/:termsId: one version of a clinic's terms, as a receipt links to it
 * (a version turned off is the text it turned off). Throws AppError TERMS_NOT_FOUND (404) for an
 * unknown or malformed id.
 */
export async function publicTerms(db: Db, termsId: string): Promise<PublicTerms> {
  const row = isUuid(termsId) ? await findTermsWithClinic(db, termsId) : undefined;
  if (!row) throw new AppError('TERMS_NOT_FOUND', TERMS_MESSAGES.notFound);
  return { ...toTerms(row.terms), clinicName: row.clinicName ?? 'Unknown Clinic' };
}

/** One version of a clinic's terms by id (undefined when none), whatever its state: a payment's record. */
export async function termsById(db: Db | Tx, termsId: string): Promise<ClinicTerms | undefined> {
  const row = isUuid(termsId) ? await findTermsWithClinic(db, termsId) : undefined;
  return row ? toTerms(row.terms) : undefined;
}

/** Records that the payer of `paymentIntentId` accepted terms version `termsId` now, from `ipAddress`. */
export function recordTermsAcceptance(
  db: Db | Tx,
  acceptance: { paymentIntentId: string; termsId: string; ipAddress: string | null },
): Promise<void> {
  return insertTermsAcceptance(db, acceptance);
}

/**
 * What a payment of `paymentIntentId` keeps of the terms its payer accepted: the version `termsId`
 * (from the intent's metadata, so it must be one of the clinic's and accepted on that intent) and when
 * it was last accepted there. Undefined when there is no such acceptance.
 */
export async function acceptedTermsOf(
  db: Db | Tx,
  clinicId: string,
  paymentIntentId: string,
  termsId: string | undefined,
): Promise<{ termsId: string; acceptedAt: Date } | undefined> {
  if (!termsId || !isUuid(termsId)) return undefined;
  return latestTermsAcceptance(db, clinicId, paymentIntentId, termsId);
}
