ALTER TABLE "clinics" ADD COLUMN "reminder_days" integer[] DEFAULT '{3,7}'::integer[] NOT NULL;--> statement-breakpoint
ALTER TABLE "clinics" ADD COLUMN "request_expiry_days" integer DEFAULT 30 NOT NULL;--> statement-breakpoint
ALTER TABLE "clinics" ADD COLUMN "closed_page_text" text;--> statement-breakpoint
ALTER TABLE "payment_links" ADD COLUMN "expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payment_links" ADD COLUMN "max_payments" integer;--> statement-breakpoint
ALTER TABLE "payment_requests" ADD COLUMN "expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payment_requests" ADD COLUMN "cancelled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payment_requests" ADD COLUMN "viewed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payment_requests" ADD COLUMN "reminders_on" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_requests" ADD COLUMN "reminders_sent" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_requests" ADD COLUMN "last_reminded_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "payment_requests_awaiting_reminder_idx" ON "payment_requests" USING btree ("sent_at") WHERE "payment_requests"."status" = 'sent' and "payment_requests"."cancelled_at" is null and "payment_requests"."reminders_on";--> statement-breakpoint
ALTER TABLE "payment_links" ADD CONSTRAINT "payment_links_max_payments_positive" CHECK ("payment_links"."max_payments" is null or "payment_links"."max_payments" > 0);--> statement-breakpoint
-- Requests sent before reminders existed were never promised one: only new requests are reminded (decision 0106).
UPDATE "payment_requests" SET "reminders_on" = false;
