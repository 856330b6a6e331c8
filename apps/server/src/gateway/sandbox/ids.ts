import { randomBytes } from 'node:crypto';

/**
 * Stripe-looking ids that say they are the sandbox's: 'acct_sbx_…', 'pi_sbx_…', 'evt_sbx_…'; on a
 * connected account, 'py_sbx_…' (a payment from a transfer), 'pyr_sbx_…' (its refund) and 'po_sbx_…'
 * (a payout); 'cus_sbx_…', 'pm_sbx_…' and 'seti_sbx_…' for saved cards.
 */
export function sandboxId(
  prefix:
    | 'acct'
    | 'pi'
    | 'cus'
    | 'pm'
    | 'seti'
    | 're'
    | 'evt'
    | 'dp'
    | 'file'
    | 'tr'
    | 'trr'
    | 'issfr'
    | 'txn'
    | 'py'
    | 'pyr'
    | 'po',
): string {
  return `${prefix}_sbx_${randomBytes(12).toString('hex')}`;
}
