/** The platform fee percent (spec §3 platform_settings, §9): read by checkout, set by admins. */
export { platformSettingsRoutes } from './routes.js';
export { getPlatformFeeBasisPoints } from './service.js';
