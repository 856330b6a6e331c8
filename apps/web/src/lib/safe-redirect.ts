/** Only same-site paths are followed after sign-in, so a crafted link cannot send users elsewhere. */
export function safeRedirectPath(value: string | null): string | null {
  const sameSitePath = /^\/(?![/\\])/;
  return value !== null && sameSitePath.test(value) ? value : null;
}
