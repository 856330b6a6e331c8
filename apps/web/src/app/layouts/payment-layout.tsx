import { Outlet } from 'react-router';

/**
 * The patient payment pages: no site header or footer (docs/product.md#public-pages). `main` (id
 * "main") is the skip link's target and where focus falls back to when a dialog's opener has gone. In
 * print only the page's content shows, on white (the success page's receipt, decision 0024).
 */
export function PaymentLayout() {
  return (
    <main
      id="main"
      tabIndex={-1}
      className="min-h-screen bg-slate-50 px-4 py-6 outline-none sm:py-8 print:min-h-0 print:bg-white print:p-0"
    >
      <Outlet />
    </main>
  );
}
