import { PAYOUTS_PAGE_PATH } from '@clinicpay/shared';
import {
  History,
  Inbox,
  Landmark,
  LayoutDashboard,
  LinkIcon,
  Send,
  Settings,
  ShieldAlert,
  Users,
} from 'lucide-react';
import { DashboardShell, type NavItem } from '@/components/layout/dashboard-shell';
import { SignOutButton } from '@/components/layout/sign-out-button';

/** The clinic sidebar: the dashboard, links, history, requests, patients, disputes, payouts and settings. */
export const CLINIC_NAV: readonly NavItem[] = [
  { to: '/dashboard', label: 'Dashboard', icon: LayoutDashboard, end: true },
  { to: '/dashboard/create-link', label: 'Create a Link', icon: LinkIcon },
  { to: '/dashboard/send-link', label: 'Send a Link', icon: Send },
  { to: '/dashboard/payment-history', label: 'Payment History', icon: History },
  { to: '/dashboard/requests', label: 'Requests', icon: Inbox },
  { to: '/dashboard/patients', label: 'Patients', icon: Users },
  { to: '/dashboard/disputes', label: 'Disputes', icon: ShieldAlert },
  { to: PAYOUTS_PAGE_PATH, label: 'Payouts', icon: Landmark },
  { to: '/dashboard/settings', label: 'Settings', icon: Settings },
];

/** The clinic area; onSignOut ends the session and goes to /sign-in (docs/product.md#sidebars). */
export function ClinicLayout({ onSignOut }: { onSignOut: () => void }) {
  return (
    <DashboardShell title="Clinic" navItems={CLINIC_NAV} footer={<SignOutButton onSignOut={onSignOut} />} />
  );
}
