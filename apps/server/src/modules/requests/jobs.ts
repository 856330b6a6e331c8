/**
 * The requests module's job: the reminder sweep, run every minute by the job queue's schedule, once
 * per minute across every process (docs/decisions/0106-request-reminders.md).
 */
import { z } from 'zod';
import { defineJob } from '../../jobs/index.js';

export const sendRemindersJob = defineJob({
  name: 'requests.send-reminders',
  schema: z.object({}),
  // The next minute's sweep claims what this one left: a failed sweep is not retried.
  retryLimit: 0,
  expireInSeconds: 5 * 60,
});

export const SEND_REMINDERS_CRON = '* * * * *';
