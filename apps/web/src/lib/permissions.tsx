/**
 * The signed-in member's role, for the screens to show only what it may do (decision 0121). The clinic
 * area provides it from the session; the server refuses the rest whatever a screen shows. A screen
 * rendered on its own (a feature's tests) has no provider and is shown as its owner sees it.
 */
import { type ClinicRole, type Permission, roleCan } from '@clinicpay/shared';
import { createContext, type ReactNode, useContext } from 'react';

const ClinicRoleContext = createContext<ClinicRole | null>('owner');

/** Gives the screens below it the member's role (null: in no clinic, so nothing is offered). */
export function ClinicRoleProvider({ role, children }: { role: ClinicRole | null; children: ReactNode }) {
  return <ClinicRoleContext.Provider value={role}>{children}</ClinicRoleContext.Provider>;
}

/** Whether the member's role may do `permission`'s work (PERMISSIONS in @clinicpay/shared). */
export function useCan(permission: Permission): boolean {
  return roleCan(useContext(ClinicRoleContext), permission);
}

/**
 * Renders `children` when the member may do `permission`'s work, and otherwise `fallback` (nothing by
 * default): for a page, the notice that it is the owner's or a manager's.
 */
export function Can({
  permission,
  children,
  fallback = null,
}: {
  permission: Permission;
  children: ReactNode;
  fallback?: ReactNode;
}) {
  return useCan(permission) ? children : fallback;
}
