import { useDocumentTitle } from '@/lib/use-document-title';

/** /admin: the admin console's home. Statistics and recent clinics join it with the admin issue. */
export function AdminHomePage() {
  useDocumentTitle('Admin Dashboard');
  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-2">
      <h1 className="text-2xl font-bold">Admin Dashboard</h1>
      <p className="text-slate-600">You are signed in as a platform administrator.</p>
    </div>
  );
}
