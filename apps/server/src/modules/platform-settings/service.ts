/**
 * The platform fee (spec §9, design.md "Money and fees"): a percent 0–100 with one decimal, held in
 * basis points. A missing or unreadable row means the default 3.0% (spec §8).
 */
import {
  DEFAULT_PLATFORM_FEE_BASIS_POINTS,
  PLATFORM_FEE_SETTING_KEY,
  percentTextToBasisPoints,
} from '@clinicpay/shared';
import type { Db } from '../../db/client.js';
import { findPlatformSetting } from './queries.js';

/** The current platform fee in basis points (3.0% → 300). */
export async function getPlatformFeeBasisPoints(db: Db): Promise<number> {
  const stored = await findPlatformSetting(db, PLATFORM_FEE_SETTING_KEY);
  const basisPoints = stored === undefined ? null : percentTextToBasisPoints(stored);
  return basisPoints ?? DEFAULT_PLATFORM_FEE_BASIS_POINTS;
}
