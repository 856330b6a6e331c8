import { createContext, useContext } from 'react';

/**
 * Reads the payment page's data again, as the page provides it (payment-page.tsx): the form asks for it
 * when the server says the clinic's payment terms changed meanwhile (docs/decisions/0107-payment-terms.md).
 * Through a context rather than the query client, so the form's chunk does not share react-query's
 * hooks with the page's, which split a chunk off and cost more than the payment pages' budget allows.
 */
export const ReloadPageData = createContext<() => void>(() => {});

export const useReloadPageData = () => useContext(ReloadPageData);
