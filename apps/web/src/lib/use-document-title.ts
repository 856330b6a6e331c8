import { PRODUCT_NAME } from '@clinicpay/shared';
import { useEffect } from 'react';

/** Sets the tab title, prefixed with the product name (docs/product.md#constants): 'ClinicPay - Fees'. */
export function useDocumentTitle(pageTitle?: string) {
  useEffect(() => {
    document.title = pageTitle ? `${PRODUCT_NAME} - ${pageTitle}` : PRODUCT_NAME;
  }, [pageTitle]);
}
