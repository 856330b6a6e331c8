import { PRODUCT_NAME } from '@clinicpay/shared';
import { Link } from 'react-router';

/** The footer links (docs/product.md#public-pages): About, Fees, Contact, Terms and Privacy. */
export const FOOTER_LINKS = [
  { to: '/about', label: 'About' },
  { to: '/fees', label: 'Fees' },
  { to: '/contact', label: 'Contact' },
  { to: '/terms', label: 'Terms' },
  { to: '/privacy', label: 'Privacy' },
] as const;

export function SiteFooter() {
  return (
    <footer className="border-t border-slate-200 bg-slate-50">
      <div className="mx-auto flex max-w-6xl flex-col gap-4 px-4 py-8 text-sm text-slate-600 md:flex-row md:items-center md:justify-between">
        <p>
          © {new Date().getFullYear()} {PRODUCT_NAME}. Payments for UK private clinics.
        </p>
        <nav aria-label="Footer">
          <ul className="flex flex-wrap gap-4">
            {FOOTER_LINKS.map((link) => (
              <li key={link.to}>
                <Link to={link.to} className="hover:text-brand-700 hover:underline">
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </footer>
  );
}
