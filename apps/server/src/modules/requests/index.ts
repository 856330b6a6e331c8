/** Payment requests sent to patients by email and SMS (docs/decisions/0104-requests-go-whatever-the-settings.md), their lifetimes (0105) and reminders (0106). */
import type { JobQueue } from '../../jobs/index.js';
import { SEND_REMINDERS_CRON, sendRemindersJob } from './jobs.js';
import { type ReminderSweepDeps, sendDueReminders } from './service.js';

export { findClinicRequestRow, lockPaymentRequest, markRequestPaid } from './queries.js';
export { devReminderRoutes, publicRequestRoutes, requestRoutes } from './routes.js';
export { type SendRequestDeps, storeRequest } from './service.js';
export { sendRemindersJob };

/** Registers the every-minute reminder sweep (docs/decisions/0106-request-reminders.md) on the job queue. */
export function registerRequestJobs(jobs: JobQueue, deps: ReminderSweepDeps) {
  jobs.register(
    sendRemindersJob,
    async () => {
      await sendDueReminders(deps, new Date());
    },
    { cron: SEND_REMINDERS_CRON },
  );
}
