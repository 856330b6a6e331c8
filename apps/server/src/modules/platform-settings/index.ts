/**
 * Platform settings (platform_settings, system_settings): the platform fee percent, read by checkout
 * and set by admins with its history, the notification webhook URLs and the secret their deliveries
 * are signed with, shown masked, revealed and rotated with an audit entry (decision 0098).
 */
export { platformSettingsRoutes } from './routes.js';
export { getPlatformFeeBasisPoints } from './service.js';
export { getWebhookSigningSecret } from './webhook-secret.js';
export { getNotificationWebhooks } from './webhooks.js';
