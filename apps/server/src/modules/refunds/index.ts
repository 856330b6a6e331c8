/** Refunds: full and partial, made in ClinicPay or at the provider (spec §4 "Refund", §5). */
import type { FastifyInstance } from 'fastify';

export async function refundRoutes(_app: FastifyInstance) {}
