/**
 * The durable job queue (decision 0019): pg-boss on ClinicPay's database. Modules declare
 * job contracts with defineJob, register one handler per contract, and send jobs in the transaction
 * that makes them necessary.
 */
export { defineJob, type JobHandler } from './contract.js';
export { createJobQueue, type JobQueue } from './queue.js';
