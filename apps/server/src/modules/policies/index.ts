/**
 * The clinic's cancellation policy and no-show fee (docs/decisions/0090-policies.md), and its payment
 * terms (docs/decisions/0107-payment-terms.md), versioned.
 * Other modules import policies only through this file.
 */
export { policyRoutes, publicTermsRoutes } from './routes.js';
export {
  acceptedTermsOf,
  clinicPolicies,
  hasPolicyInForce,
  recordTermsAcceptance,
  termsById,
  termsInForce,
} from './service.js';
