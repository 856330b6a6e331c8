import { PRODUCT_NAME } from '@clinicpay/shared';
import { Link } from 'react-router';

/** The product mark, linking home. */
export function Brand({ to = '/' }: { to?: string }) {
  return (
    <Link to={to} className="flex items-center gap-2 text-lg font-bold text-brand-700">
      <img src="/favicon.svg" alt="" className="h-7 w-7" />
      {PRODUCT_NAME}
    </Link>
  );
}
