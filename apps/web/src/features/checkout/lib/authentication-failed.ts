/**
 * Back from a failed or cancelled 3-D Secure challenge, the success page sends the patient to the
 * payment form again with this navigation state, and the form says why in its alert
 * (docs/decisions/0100-declines-keep-the-form.md). A small module of its own: the success page, in
 * every payment page's first load, needs only this.
 */
export const AUTHENTICATION_FAILED_STATE = { authenticationFailed: true } as const;

/** Whether a location's state says the bank's check just failed. */
export function authenticationFailedIn(state: unknown): boolean {
  return typeof state === 'object' && state !== null && 'authenticationFailed' in state;
}
