-- The platform fee starts at 3.0% (docs/product.md#constants) and the two notification webhook keys exist
-- unset (docs/product.md#record-settings).
INSERT INTO "platform_settings" ("key", "value", "description")
VALUES ('platform_fee_percent', '3.0', 'Platform fee percentage charged on all transactions')
ON CONFLICT ("key") DO NOTHING;
--> statement-breakpoint
INSERT INTO "system_settings" ("key", "value", "description")
VALUES
  ('patient_notification_webhook', NULL, 'Webhook called for patient notifications'),
  ('clinic_notification_webhook', NULL, 'Webhook called for clinic notifications')
ON CONFLICT ("key") DO NOTHING;
