/**
 * Saved cards (docs/decisions/0091-saved-cards-on-platform-customers.md, 0092-card-consent.md): the
 * terms a patient agrees to, their Customer at the provider, consents, saved cards and removal. Other
 * modules import saved cards only through this file.
 */
export { CARD_CHARGE_METADATA_KEY, markCardChargePaid, onCardChargeFailed } from './charges.js';
export { savedCardPublicRoutes, savedCardRoutes } from './routes.js';
export {
  cardOnFileTerms,
  cardSavedBySetup,
  cardSavedWith,
  customerForPatient,
  onSetupIntentSucceeded,
  recordConsents,
  recordSavedCard,
} from './service.js';
