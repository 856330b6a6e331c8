import { Outlet } from 'react-router';

/** The patient payment pages: no site header or footer (spec §2). */
export function PaymentLayout() {
  return (
    <main className="min-h-screen bg-slate-50 px-4 py-8">
      <Outlet />
    </main>
  );
}
