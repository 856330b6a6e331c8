/**
 * `node --import tsx bench/email-worker.bench.ts`: how fast one server process's job workers deliver
 * email to a real SMTP server on loopback, on the embedded database `npm start` uses (or PostgreSQL
 * with BENCH_EMAIL_DATABASE_URL, a database it may fill). A burst of EMAILS notices is queued at once,
 * then a password reset behind them; the bench reports the emails a second and how long the reset
 * waited. Budget: a burst never delays a password reset by more than 10 s. Prints a markdown table for
 * docs/benchmarks.md.
 */
import os from 'node:os';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { openDatabase } from '../src/db/client.js';
import { queueEmail } from '../src/mail/email-job.js';
import { startSmtpPeer } from '../test/smtp-peer.js';

const EMAILS = Number(process.env.BENCH_EMAILS ?? 1000);

const peer = await startSmtpPeer();
const url = process.env.BENCH_EMAIL_DATABASE_URL;
const database = await openDatabase(url ? { kind: 'postgres', url } : { kind: 'pglite' });
await database.migrate();
const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', SMTP_URL: peer.url });
const app = await buildApp({ config, database, workers: true });
await app.ready();

const delivered = (subject: string) => peer.accepted.filter((mail) => mail.subject === subject).length;
async function until(done: () => boolean) {
  while (!done()) await new Promise((resolve) => setTimeout(resolve, 20));
}

const started = performance.now();
for (let n = 0; n < EMAILS; n++) {
  await queueEmail(app.jobs, {
    to: `patient${n}@bench.example`,
    subject: 'A notice',
    text: 'Queued in a burst.',
  });
}
const queued = performance.now();
await queueEmail(
  app.jobs,
  { to: 'owner@bench.example', subject: 'Reset your ClinicPay password', text: 'The reset.' },
  { urgent: true },
);
const resetQueued = performance.now();
await until(() => delivered('Reset your ClinicPay password') === 1);
const resetWaited = performance.now() - resetQueued;
await until(() => delivered('A notice') === EMAILS);
const finished = performance.now();
await app.close();
await peer.close();

const seconds = (ms: number) => (ms / 1000).toFixed(1);
console.log(`
Machine: ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, Node ${process.version}, ${url ? 'PostgreSQL' : 'PGlite (embedded)'}, one server process, SMTP peer on loopback.

| emails | queued in s | all delivered in s | emails a second | the reset, queued behind them, delivered in s |
| --- | --- | --- | --- | --- |
| ${EMAILS} | ${seconds(queued - started)} | ${seconds(finished - started)} | ${(EMAILS / ((finished - started) / 1000)).toFixed(0)} | ${seconds(resetWaited)} |
`);
