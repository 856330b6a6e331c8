/** The clinic logo: upload, delete and serving (spec §2 Clinic Settings, §3 logo storage, §5). */
import type { FastifyInstance } from 'fastify';

export async function logoRoutes(_app: FastifyInstance) {}
