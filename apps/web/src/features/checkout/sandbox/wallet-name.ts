/**
 * The wallet the sandbox's simulated device offers; its name prefixes wallet failures
 * (docs/product.md#messages-payment-page).
 */
export const SANDBOX_WALLET_NAME = 'Apple Pay';
