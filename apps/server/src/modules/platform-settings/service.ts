/**
 * The platform fee (docs/product.md): a percent 0–100 with one decimal, held in basis points. A
 * missing or unreadable row means the default 3.0%. Every change is audited with the old and the new
 * percent, which the settings page lists as the fee history (decision 0098).
 */
import {
  basisPointsToPercentText,
  DEFAULT_PLATFORM_FEE_BASIS_POINTS,
  PLATFORM_FEE_HISTORY_LIMIT,
  PLATFORM_FEE_SETTING_DESCRIPTION,
  PLATFORM_FEE_SETTING_KEY,
  type PlatformFeeHistory,
  percentTextToBasisPoints,
} from '@clinicpay/shared';
import type { Db } from '../../db/client.js';
import { recordAudit, selectActionEntries } from '../audit/index.js';
import { findPlatformSetting, upsertPlatformSetting } from './queries.js';

/** The current platform fee in basis points (3.0% → 300). */
export async function getPlatformFeeBasisPoints(db: Db): Promise<number> {
  const stored = await findPlatformSetting(db, PLATFORM_FEE_SETTING_KEY);
  const basisPoints = stored === undefined ? null : percentTextToBasisPoints(stored);
  return basisPoints ?? DEFAULT_PLATFORM_FEE_BASIS_POINTS;
}

/**
 * Sets the platform fee (admin only). Inserts the row when it is missing and records the change, old
 * and new percent, in the audit log, in one transaction. Returns the percent text.
 */
export async function setPlatformFee(db: Db, basisPoints: number, actorUserId: string): Promise<string> {
  const previous = await getPlatformFeeBasisPoints(db);
  const value = basisPointsToPercentText(basisPoints);
  await db.transaction(async (tx) => {
    await upsertPlatformSetting(tx, {
      key: PLATFORM_FEE_SETTING_KEY,
      value,
      description: PLATFORM_FEE_SETTING_DESCRIPTION,
    });
    await recordAudit(tx, {
      actorUserId,
      action: 'platform_fee.updated',
      entityType: 'platform_settings',
      entityId: PLATFORM_FEE_SETTING_KEY,
      details: { from: basisPointsToPercentText(previous), to: value },
    });
  });
  return value;
}

const percentOrNull = (value: unknown) => (typeof value === 'string' ? value : null);

/**
 * GET /api/admin/platform-settings/fee/history: the newest fee changes (at most
 * PLATFORM_FEE_HISTORY_LIMIT) from the audit log, with who made them. An entry without the old or new
 * percent answers null for it (the page shows '—').
 */
export async function getPlatformFeeHistory(db: Db): Promise<PlatformFeeHistory> {
  const entries = await selectActionEntries(db, 'platform_fee.updated', PLATFORM_FEE_HISTORY_LIMIT);
  return {
    items: entries.map((entry) => {
      const details = (entry.details ?? {}) as Record<string, unknown>;
      return {
        id: entry.id,
        changedAt: entry.createdAt.toISOString(),
        actorEmail: entry.actorEmail,
        from: percentOrNull(details.from),
        to: percentOrNull(details.to),
      };
    }),
  };
}
