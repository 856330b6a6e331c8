CREATE TYPE "public"."notification_channel" AS ENUM('email', 'sms', 'webhook');--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "channel" "notification_channel" DEFAULT 'email' NOT NULL;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "recipient" text;--> statement-breakpoint
CREATE INDEX "notifications_payment_idx" ON "notifications" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "notifications_payment_request_idx" ON "notifications" USING btree ("payment_request_id");--> statement-breakpoint
UPDATE "notifications" SET "channel" = 'sms' WHERE ("payload" -> 'notification_method' ->> 'sms')::boolean IS TRUE AND ("payload" -> 'notification_method' ->> 'email')::boolean IS NOT TRUE;--> statement-breakpoint
UPDATE "notifications" SET "recipient" = CASE WHEN "channel" = 'sms' THEN "payload" -> 'patient' ->> 'phone' WHEN "recipient_type" = 'patient' THEN "payload" -> 'patient' ->> 'email' ELSE "payload" -> 'clinic' ->> 'email' END;
