import { PAYOUTS_PAGE_PATH, type Permission } from '@clinicpay/shared';
import {
  FileText,
  History,
  Inbox,
  Landmark,
  LayoutDashboard,
  LinkIcon,
  LockKeyhole,
  ScrollText,
  Send,
  Settings,
  ShieldAlert,
  Users,
} from 'lucide-react';
import { DashboardShell, type NavItem } from '@/components/layout/dashboard-shell';
import { SignOutButton } from '@/components/layout/sign-out-button';
import { useCan } from '@/lib/permissions';

/** A sidebar entry, shown to the roles its permission names (decision 0121), or to those it doesn't (`unless`). */
type ClinicNavItem = NavItem & { permission?: Permission; unless?: Permission };

/**
 * The clinic sidebar: the dashboard, links, history, requests, patients, disputes, payouts and settings.
 * Disputes are a manager's and the owner's; Payouts and Settings the owner's, and a manager has
 * Statements (the monthly statement the owner finds on Payouts). The others find their
 * password and sign-in security under Security instead of Settings.
 */
export const CLINIC_NAV: readonly ClinicNavItem[] = [
  { to: '/dashboard', label: 'Dashboard', icon: LayoutDashboard, end: true },
  { to: '/dashboard/create-link', label: 'Create a Link', icon: LinkIcon },
  { to: '/dashboard/send-link', label: 'Send a Link', icon: Send },
  { to: '/dashboard/payment-history', label: 'Payment History', icon: History },
  { to: '/dashboard/requests', label: 'Requests', icon: Inbox },
  { to: '/dashboard/patients', label: 'Patients', icon: Users },
  { to: '/dashboard/disputes', label: 'Disputes', icon: ShieldAlert, permission: 'money' },
  { to: PAYOUTS_PAGE_PATH, label: 'Payouts', icon: Landmark, permission: 'manage' },
  // The owner's statement is on Payouts; managers, who may export it but not see payouts, have its own page.
  { to: '/dashboard/statements', label: 'Statements', icon: FileText, permission: 'money', unless: 'manage' },
  { to: '/dashboard/audit', label: 'Audit Log', icon: ScrollText, permission: 'manage' },
  { to: '/dashboard/settings', label: 'Settings', icon: Settings, permission: 'manage' },
  { to: '/dashboard/security', label: 'Security', icon: LockKeyhole, unless: 'manage' },
];

/** The clinic area; onSignOut ends the session and goes to /sign-in (docs/product.md#sidebars). */
export function ClinicLayout({ onSignOut }: { onSignOut: () => void }) {
  const can = { collect: useCan('collect'), money: useCan('money'), manage: useCan('manage') };
  const navItems = CLINIC_NAV.filter(
    (item) => (!item.permission || can[item.permission]) && (!item.unless || !can[item.unless]),
  );
  return (
    <DashboardShell title="Clinic" navItems={navItems} footer={<SignOutButton onSignOut={onSignOut} />} />
  );
}
