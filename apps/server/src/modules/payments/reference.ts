/**
 * Payment references: short, human-readable and unique ('CP-7KQ2-M9XD'), from an alphabet without
 * look-alike characters (no 0/O, 1/I/L), so a patient can read one out over the phone.
 */
import { randomInt } from 'node:crypto';

const ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';

function group(): string {
  let text = '';
  for (let index = 0; index < 4; index++) text += ALPHABET[randomInt(ALPHABET.length)];
  return text;
}

/** 31^8 ≈ 8.5 × 10^11 references; the unique column catches the rare repeat and recording draws again. */
export function newPaymentReference(): string {
  return `CP-${group()}-${group()}`;
}
