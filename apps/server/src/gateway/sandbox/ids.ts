import { randomBytes } from 'node:crypto';

/** Stripe-looking ids that say they are the sandbox's: 'acct_sbx_…', 'pi_sbx_…', 'evt_sbx_…'. */
export function sandboxId(
  prefix: 'acct' | 'pi' | 're' | 'evt' | 'dp' | 'file' | 'tr' | 'trr' | 'issfr' | 'txn',
): string {
  return `${prefix}_sbx_${randomBytes(12).toString('hex')}`;
}
