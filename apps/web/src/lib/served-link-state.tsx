/**
 * What the server found when it checked the link a page was answered for (decision 0130): it checks a
 * Reset password link, and a Join link's invitation (decision 0134), as it answers the page, and sends
 * the copy drawn for what it found, its root marked `data-link-state`, or `data-invitation-refusal`
 * and `data-invitation`. The page then shows its form or the refusal at once, without checking again;
 * at any other address (a later navigation in the page) it checks as before.
 */
import type { InvitationCheck, ResetLinkState } from '@clinicpay/shared';
import { createContext, type ReactNode, useContext } from 'react';
import { useLocation } from 'react-router';

/** The address the page was answered for (path and query), and what checking its link found. */
export interface ServedLinkState {
  location: string;
  /** Reset password: what checking its link found. */
  state?: ResetLinkState;
  /** Join: what checking its invitation found. */
  invitation?: InvitationCheck;
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

/** What the server found for the address shown now; undefined when it did not check it. */
function useServed(): ServedLinkState | undefined {
  const served = useContext(ServedLinkStateContext);
  const { pathname, search } = useLocation();
  return served && served.location === `${pathname}${search}` ? served : undefined;
}

/** What the server found for the reset link of the address shown now; undefined when it did not check it. */
export function useServedLinkState(): ResetLinkState | undefined {
  return useServed()?.state;
}

/** What the server found for the Join link of the address shown now; undefined when it did not check it. */
export function useServedInvitation(): InvitationCheck | undefined {
  return useServed()?.invitation;
}
