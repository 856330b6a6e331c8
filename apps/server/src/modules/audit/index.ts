/**
 * The audit log: who did what, and when, to what. Every change an admin, a clinic or the card provider
 * makes to money, settings or access is recorded here, in the transaction that makes the change, so an
 * entry exists exactly when the change does. Admins read it whole, filtered and paged (decision 0098).
 */
import type { AuditAction } from '@clinicpay/shared';
import type { Tx } from '../../db/client.js';
import { auditLog } from '../../db/schema/index.js';
import { currentClientAddress } from '../../http/request-context.js';

/** The actions ClinicPay audits (listed with their labels in @clinicpay/shared). */
export type { AuditAction } from '@clinicpay/shared';

export interface AuditEntry {
  /** The user who acted; null when the card provider did (a provider event). */
  actorUserId: string | null;
  action: AuditAction;
  /** What was acted on, e.g. 'payment', 'clinic', 'platform_settings'. */
  entityType: string;
  entityId: string;
  /** What changed, e.g. amounts in pence or the old and new values. */
  details: Record<string, unknown>;
  /**
   * The clinic the entry is about, where the entity does not name it (a user's own sign-in security);
   * otherwise the database sets it from a clinic or payment entity (decision 0071).
   */
  clinicId?: string | null;
}

/**
 * Records one audit entry in `tx`; the time is the database's, and where it came from is the address of
 * the request running, if any (decision 0124). Throws only what the database throws.
 */
export async function recordAudit(tx: Pick<Tx, 'insert'>, entry: AuditEntry): Promise<void> {
  await tx.insert(auditLog).values({ ...entry, ipAddress: currentClientAddress() });
}

export { selectActionEntries } from './queries.js';
export { listAuditEntries, listClinicAuditEntries } from './service.js';
