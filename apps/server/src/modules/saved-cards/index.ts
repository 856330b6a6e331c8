/**
 * Saved cards (docs/decisions/0091-saved-cards-on-platform-customers.md, 0092-card-consent.md): the
 * terms a patient agrees to, their Customer at the provider, consents, saved cards and removal. Other
 * modules import saved cards only through this file.
 */
export { CARD_CHARGE_METADATA_KEY, markCardChargePaid } from './charges.js';
export { onCardChargeFailed, onSetupIntentSucceeded } from './events.js';
export { savedCardPublicRoutes, savedCardRoutes } from './routes.js';
export {
  cardOnFileTerms,
  cardSavedBySetup,
  cardSavedWith,
  customerForPatient,
  recordConsents,
  recordSavedCard,
} from './service.js';
