/**
 * What the server found when it checked the reset link a page was answered for (decision 0130): it
 * checks a Reset password link as it answers the page, and sends the copy drawn for what it found, its
 * root marked `data-link-state`. The page then shows the form or the refusal at once, without checking
 * again; at any other address (a later navigation in the page) it checks as before.
 */
import type { ResetLinkState } from '@clinicpay/shared';
import { createContext, type ReactNode, useContext } from 'react';
import { useLocation } from 'react-router';

/** The address the page was answered for (path and query), and what its link's check found. */
export interface ServedLinkState {
  location: string;
  state: ResetLinkState;
}

const ServedLinkStateContext = createContext<ServedLinkState | undefined>(undefined);

export function ServedLinkStateProvider({
  value,
  children,
}: {
  value: ServedLinkState | undefined;
  children: ReactNode;
}) {
  return <ServedLinkStateContext.Provider value={value}>{children}</ServedLinkStateContext.Provider>;
}

/** What the server found for the link of the address shown now; undefined when it did not check it. */
export function useServedLinkState(): ResetLinkState | undefined {
  const served = useContext(ServedLinkStateContext);
  const { pathname, search } = useLocation();
  return served && served.location === `${pathname}${search}` ? served.state : undefined;
}
