/**
 * What the browser remembers between pages (browser storage, docs/product.md#records): the userId and
 * verificationEmail of an account waiting for verification. Cleared on sign-out
 * (docs/product.md#states-account).
 */
const USER_ID = 'userId';
const VERIFICATION_EMAIL = 'verificationEmail';

export function rememberPendingVerification(email: string, userId: string) {
  localStorage.setItem(VERIFICATION_EMAIL, email);
  localStorage.setItem(USER_ID, userId);
}

/** The email waiting for verification; null where there is no storage (a page pre-rendered at build time). */
export function pendingVerificationEmail(): string | null {
  return typeof localStorage === 'undefined' ? null : localStorage.getItem(VERIFICATION_EMAIL);
}

export function forgetPendingVerification() {
  localStorage.removeItem(VERIFICATION_EMAIL);
  localStorage.removeItem(USER_ID);
}

/** The Launch Pad stays hidden once dismissed in this browser (docs/product.md#launch-pad). */
const LAUNCH_PAD_DISMISSED = 'launchPadDismissed';

export function isLaunchPadDismissed(): boolean {
  return localStorage.getItem(LAUNCH_PAD_DISMISSED) === 'true';
}

export function dismissLaunchPad() {
  localStorage.setItem(LAUNCH_PAD_DISMISSED, 'true');
}
