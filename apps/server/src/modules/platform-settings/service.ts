/**
 * The platform fee (spec §9, design.md "Money and fees"): a percent 0–100 with one decimal, held in
 * basis points. A missing or unreadable row means the default 3.0% (spec §8).
 */
import {
  basisPointsToPercentText,
  DEFAULT_PLATFORM_FEE_BASIS_POINTS,
  PLATFORM_FEE_SETTING_DESCRIPTION,
  PLATFORM_FEE_SETTING_KEY,
  percentTextToBasisPoints,
} from '@clinicpay/shared';
import type { Db } from '../../db/client.js';
import { recordAudit } from '../audit/index.js';
import { findPlatformSetting, upsertPlatformSetting } from './queries.js';

/** The current platform fee in basis points (3.0% → 300). */
export async function getPlatformFeeBasisPoints(db: Db): Promise<number> {
  const stored = await findPlatformSetting(db, PLATFORM_FEE_SETTING_KEY);
  const basisPoints = stored === undefined ? null : percentTextToBasisPoints(stored);
  return basisPoints ?? DEFAULT_PLATFORM_FEE_BASIS_POINTS;
}

/**
 * Sets the platform fee (admin only; spec §2 "Admin Settings"). Inserts the row when it is missing
 * (spec §7) and records the change in the audit log, in one transaction. Returns the percent text.
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
