import { PRODUCT_NAME } from '@clinicpay/shared';
import { useEffect } from 'react';

/** Sets the tab title, prefixed with the product name (spec §9): 'ClinicPay - Fees'. */
export function useDocumentTitle(pageTitle?: string) {
  useEffect(() => {
    document.title = pageTitle ? `${PRODUCT_NAME} - ${pageTitle}` : PRODUCT_NAME;
  }, [pageTitle]);
}
