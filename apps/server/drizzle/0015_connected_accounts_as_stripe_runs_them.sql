ALTER TABLE "clinics" ALTER COLUMN "stripe_status" SET DATA TYPE text;--> statement-breakpoint
DROP TYPE "public"."provider_status";--> statement-breakpoint
CREATE TYPE "public"."provider_status" AS ENUM('connected', 'not_connected', 'pending', 'verifying', 'action_needed', 'restricted', 'rejected');--> statement-breakpoint
-- The old 'suspended' is 'restricted' now (decision 0080).
UPDATE "clinics" SET "stripe_status" = 'restricted' WHERE "stripe_status" = 'suspended';--> statement-breakpoint
ALTER TABLE "clinics" ALTER COLUMN "stripe_status" SET DATA TYPE "public"."provider_status" USING "stripe_status"::"public"."provider_status";--> statement-breakpoint
ALTER TABLE "clinics" ADD COLUMN "provider_account_id" text;--> statement-breakpoint
ALTER TABLE "clinics" ADD COLUMN "provider_accounts_ended" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "clinics" ADD COLUMN "provider_requirements_due" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "clinics" ADD COLUMN "provider_requirements_deadline" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "clinics" ADD COLUMN "payments_turned_off_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "clinics" ADD COLUMN "statement_name" text;--> statement-breakpoint
ALTER TABLE "sandbox_accounts" ADD COLUMN "payouts_enabled" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "sandbox_accounts" ADD COLUMN "card_payments_capability" text DEFAULT 'inactive' NOT NULL;--> statement-breakpoint
ALTER TABLE "sandbox_accounts" ADD COLUMN "transfers_capability" text DEFAULT 'inactive' NOT NULL;--> statement-breakpoint
ALTER TABLE "sandbox_accounts" ADD COLUMN "currently_due" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "sandbox_accounts" ADD COLUMN "past_due" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "sandbox_accounts" ADD COLUMN "current_deadline" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sandbox_accounts" ADD COLUMN "disabled_reason" text;--> statement-breakpoint
ALTER TABLE "sandbox_accounts" ADD COLUMN "request_fingerprint" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "sandbox_payment_intents" ADD COLUMN "statement_descriptor_suffix" text;--> statement-breakpoint
ALTER TABLE "sandbox_payment_intents" ADD COLUMN "refunds_fail_later" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "sandbox_payment_intents" ADD COLUMN "request_fingerprint" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "clinics" ADD CONSTRAINT "clinics_provider_account_id_unique" UNIQUE("provider_account_id");--> statement-breakpoint
-- A clinic's account in use is its own account, kept from now on across disconnects (decision 0081).
UPDATE "clinics" SET "provider_account_id" = "stripe_account_id" WHERE "stripe_account_id" IS NOT NULL;--> statement-breakpoint
-- Sandbox accounts that take payments have both capabilities active, as Stripe's would.
UPDATE "sandbox_accounts" SET "payouts_enabled" = true, "card_payments_capability" = 'active', "transfers_capability" = 'active' WHERE "charges_enabled";
