/**
 * The signed-in user's query key, apart from session.ts so that what needs only the key (the app's
 * providers, in every page's entry) does not bring the session's schema and, with it, zod (decision 0127).
 */

/** The query keys of the session; only this feature writes them. */
export const sessionKeys = { current: ['session'] as const };
/** The signed-in user's query key, which the app clears when the server says the session ended. */
export const SESSION_QUERY_KEY = sessionKeys.current;
