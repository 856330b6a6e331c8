/**
 * The clinic's cancellation policy and no-show fee, versioned (docs/decisions/0090-policies.md).
 * Other modules import policies only through this file.
 */
export { policyRoutes } from './routes.js';
export { clinicPolicies, hasPolicyInForce } from './service.js';
