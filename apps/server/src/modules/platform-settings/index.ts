/**
 * Platform settings (spec §3 platform_settings, system_settings; §9): the platform fee percent, read
 * by checkout and set by admins, the notification webhook URLs and the secret their deliveries are
 * signed with.
 */
export { platformSettingsRoutes } from './routes.js';
export { getPlatformFeeBasisPoints } from './service.js';
export { getWebhookSigningSecret } from './webhook-secret.js';
export { getNotificationWebhooks } from './webhooks.js';
