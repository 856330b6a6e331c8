/** /healthz and /readyz for load balancers. */
export { healthRoutes } from './routes.js';
