/**
 * Money helpers. Every amount is an integer number of pence (decision 0003); these
 * functions only format for display and parse what a person typed.
 */

const gbp = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP' });

/** Formats integer pence as pounds for display, e.g. 4500 → '£45.00'. */
export function formatPence(pence: number): string {
  return gbp.format(pence / 100);
}

// Optional '£', then whole pounds (thousands may be grouped with commas), then up to 2 decimals.
const POUNDS_PATTERN = /^£?\s*(\d{1,3}(?:,\d{3}){1,2}|\d{1,7})(?:\.(\d{1,2}))?$/;

/**
 * Parses a pounds amount typed by a person ('45', '45.5', '£45.50', '1,250') into integer pence without
 * floating-point arithmetic. Returns null for anything else: signs, more than 2 decimals, blanks.
 */
export function parsePoundsToPence(input: string): number | null {
  const match = POUNDS_PATTERN.exec(input.trim());
  if (!match) return null;
  const [, pounds = '', fraction = ''] = match;
  return Number(pounds.replaceAll(',', '')) * 100 + Number(fraction.padEnd(2, '0'));
}

/**
 * Integer pence as the pounds a person would type, without floating-point arithmetic: 4000 → '40.00',
 * 5 → '0.05'. The inverse of parsePoundsToPence for a form's starting value.
 */
export function penceToPoundsText(pence: number): string {
  const whole = Math.trunc(pence / 100);
  return `${whole}.${String(Math.abs(pence % 100)).padStart(2, '0')}`;
}
