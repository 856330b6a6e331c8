import { Building2, FileText, LayoutDashboard, ScrollText, Settings, ShieldAlert } from 'lucide-react';
import { DashboardShell, type NavItem } from '@/components/layout/dashboard-shell';
import { SignOutButton } from '@/components/layout/sign-out-button';

/** The admin sidebar: the dashboard, clinics, disputes, statements, the audit log and settings. */
export const ADMIN_NAV: readonly NavItem[] = [
  { to: '/admin', label: 'Dashboard', icon: LayoutDashboard, end: true },
  { to: '/admin/clinics', label: 'Clinics', icon: Building2 },
  { to: '/admin/disputes', label: 'Disputes', icon: ShieldAlert },
  { to: '/admin/statements', label: 'Statements', icon: FileText },
  { to: '/admin/audit', label: 'Audit Log', icon: ScrollText },
  { to: '/admin/settings', label: 'Settings', icon: Settings },
];

export function AdminLayout({ onSignOut }: { onSignOut: () => void }) {
  return (
    <DashboardShell title="Admin" navItems={ADMIN_NAV} footer={<SignOutButton onSignOut={onSignOut} />} />
  );
}
