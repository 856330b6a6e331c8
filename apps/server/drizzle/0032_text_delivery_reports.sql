ALTER TABLE "notifications" ADD COLUMN "provider_message_id" text;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "delivered_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "notifications_provider_message_idx" ON "notifications" USING btree ("provider_message_id");