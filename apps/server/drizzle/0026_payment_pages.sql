ALTER TABLE "payments" ADD COLUMN "card_brand" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "card_last4" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "three_d_secure" text;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "reason" text;--> statement-breakpoint
ALTER TABLE "sandbox_payment_intents" ADD COLUMN "card_brand" text;--> statement-breakpoint
ALTER TABLE "sandbox_payment_intents" ADD COLUMN "three_d_secure" text;--> statement-breakpoint
ALTER TABLE "sandbox_refunds" ADD COLUMN "reason" text;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_reason_known" CHECK ("refunds"."reason" is null or "refunds"."reason" in ('requested_by_customer', 'duplicate', 'fraudulent'));