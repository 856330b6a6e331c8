/**
 * Platform settings (spec §3 platform_settings, system_settings; §9): the platform fee percent, read
 * by checkout and set by admins, and the notification webhook URLs.
 */
export { platformSettingsRoutes } from './routes.js';
export { getPlatformFeeBasisPoints } from './service.js';
export { getNotificationWebhooks } from './webhooks.js';
