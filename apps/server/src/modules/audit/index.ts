/**
 * The audit log (design.md "Security model"): who did what, and when, to what. Refunds, fee changes
 * and provider disconnections are recorded here, each in the transaction that makes the change, so an
 * entry exists exactly when the change does.
 */
import type { Tx } from '../../db/client.js';
import { auditLog } from '../../db/schema/index.js';

/** The actions ClinicPay audits. */
export type AuditAction =
  | 'clinic.invited'
  | 'dispute.transfer_reversed'
  | 'dispute.transfer_reinstated'
  | 'notification.retried'
  | 'notification_webhooks.updated'
  | 'platform_fee.updated'
  | 'policy.updated'
  | 'policy.turned_off'
  | 'provider.disconnected'
  | 'provider.reconnected'
  | 'provider.payments_restored'
  | 'provider.account_closed'
  | 'refund.succeeded'
  | 'refund.failed'
  | 'saved_card.removed';

export interface AuditEntry {
  /** The user who acted; null when the card provider did (a provider event). */
  actorUserId: string | null;
  action: AuditAction;
  /** What was acted on, e.g. 'payment', 'clinic', 'platform_settings'. */
  entityType: string;
  entityId: string;
  /** What changed, e.g. amounts in pence or the old and new values. */
  details: Record<string, unknown>;
}

/** Records one audit entry in `tx`; the time is the database's. Throws only what the database throws. */
export async function recordAudit(tx: Pick<Tx, 'insert'>, entry: AuditEntry): Promise<void> {
  await tx.insert(auditLog).values(entry);
}
