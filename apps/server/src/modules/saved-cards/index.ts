/**
 * Saved cards (docs/decisions/0091-saved-cards-on-platform-customers.md, 0092-card-consent.md): the
 * terms a patient agrees to, their Customer at the provider, consents, saved cards and removal. Other
 * modules import saved cards only through this file.
 */

import type { Db } from '../../db/client.js';
import type { CardGateway } from '../../gateway/index.js';
import type { JobQueue } from '../../jobs/index.js';
import { resumeStaleCardCharges } from './charges.js';
import { RESUME_STALE_CARD_CHARGES_CRON, resumeStaleCardChargesJob } from './jobs.js';

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

/**
 * Registers the every-minute sweep of card charges the provider never answered
 * (docs/decisions/0137-card-charges-asked-again.md) on the job queue (before it starts).
 */
export function registerSavedCardJobs(
  jobs: JobQueue,
  deps: { db: Db; gateway: CardGateway; publicUrl: string; onError: (error: unknown) => void },
): void {
  jobs.register(
    resumeStaleCardChargesJob,
    async () => {
      await resumeStaleCardCharges({ ...deps, jobs }, new Date());
    },
    { cron: RESUME_STALE_CARD_CHARGES_CRON },
  );
}
