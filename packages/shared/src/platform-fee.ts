/**
 * The platform fee percent (docs/product.md#constants: 0–100, step 0.1, default 3.0). It is held
 * exactly as an integer number of basis points (3.0% = 300) and written as text with one decimal ('3.0')
 * in platform_settings, so no float ever holds it (decision 0003).
 */
import { z } from 'zod';

export const DEFAULT_PLATFORM_FEE_BASIS_POINTS = 300;
export const PLATFORM_FEE_SETTING_KEY = 'platform_fee_percent';
export const PLATFORM_FEE_SETTING_DESCRIPTION = 'Platform fee percentage charged on all transactions';

const PERCENT_TEXT = /^(\d{1,3})(?:\.(\d))?$/;

/** '3.0' → 300, '12.5' → 1250; null when the text is not a percent 0–100 with at most one decimal. */
export function percentTextToBasisPoints(text: string): number | null {
  const match = PERCENT_TEXT.exec(text.trim());
  if (!match) return null;
  const basisPoints = Number(match[1]) * 100 + Number(match[2] ?? '0') * 10;
  return basisPoints <= 10_000 ? basisPoints : null;
}

/** 300 → '3.0', 1250 → '12.5': the stored and displayed form of a fee percent. */
export function basisPointsToPercentText(basisPoints: number): string {
  const tenths = Math.round(basisPoints / 10);
  return `${Math.trunc(tenths / 10)}.${tenths % 10}`;
}

/** GET /api/platform-settings/fee: the fee percent as text with one decimal, e.g. '3.0'. */
export const platformFeeResponseSchema = z.object({
  platformFeePercent: z.string(),
});
export type PlatformFeeResponse = z.infer<typeof platformFeeResponseSchema>;

export const PLATFORM_FEE_LOAD_ERROR = 'Failed to load platform fee setting';

export const PLATFORM_FEE_MESSAGES = {
  invalid: 'Please enter a fee between 0 and 100 with at most one decimal',
  updated: (percent: string) => `Platform fee updated to ${percent}%`,
  updateFailed: 'Failed to update platform fee',
} as const;

/**
 * PUT /api/admin/platform-settings/fee. The percent may come as a number from the input (step 0.1) or
 * as text; either way it is read as text, never as a float, into basis points.
 */
export const platformFeeUpdateSchema = z.object({
  platformFeePercent: z
    .union([z.number(), z.string()], { error: PLATFORM_FEE_MESSAGES.invalid })
    .transform((value, ctx) => {
      const basisPoints = percentTextToBasisPoints(String(value));
      if (basisPoints === null) {
        ctx.addIssue({ code: 'custom', message: PLATFORM_FEE_MESSAGES.invalid });
        return z.NEVER;
      }
      return basisPoints;
    }),
});
export type PlatformFeeUpdate = z.input<typeof platformFeeUpdateSchema>;

export const platformFeeUpdateResponseSchema = platformFeeResponseSchema.extend({ message: z.string() });
