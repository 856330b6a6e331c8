CREATE TYPE "public"."payment_dispute_status" AS ENUM('disputed', 'dispute_won', 'dispute_lost');--> statement-breakpoint
CREATE TABLE "dispute_evidence_files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"dispute_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"filename" text NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"content" "bytea" NOT NULL,
	"provider_file_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "disputes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"clinic_id" uuid NOT NULL,
	"payment_id" uuid NOT NULL,
	"provider_dispute_id" text NOT NULL,
	"amount" integer NOT NULL,
	"reason" text NOT NULL,
	"status" text NOT NULL,
	"evidence_due_by" timestamp with time zone,
	"fee" integer DEFAULT 0 NOT NULL,
	"funds_withdrawn" integer DEFAULT 0 NOT NULL,
	"funds_reinstated" integer DEFAULT 0 NOT NULL,
	"transfer_reversal_id" text,
	"reversed_amount" integer DEFAULT 0 NOT NULL,
	"reinstatement_transfer_id" text,
	"reinstated_amount" integer DEFAULT 0 NOT NULL,
	"evidence_text" text DEFAULT '' NOT NULL,
	"submitted_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "disputes_provider_dispute_id_unique" UNIQUE("provider_dispute_id"),
	CONSTRAINT "disputes_amount_positive" CHECK ("disputes"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "fraud_warnings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"clinic_id" uuid NOT NULL,
	"payment_id" uuid NOT NULL,
	"provider_warning_id" text NOT NULL,
	"fraud_type" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"handled_at" timestamp with time zone,
	CONSTRAINT "fraud_warnings_provider_warning_id_unique" UNIQUE("provider_warning_id")
);
--> statement-breakpoint
CREATE TABLE "sandbox_disputes" (
	"id" text PRIMARY KEY NOT NULL,
	"payment_intent_id" text NOT NULL,
	"amount" integer NOT NULL,
	"reason" text NOT NULL,
	"status" text NOT NULL,
	"evidence" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"submission_count" integer DEFAULT 0 NOT NULL,
	"due_by" timestamp with time zone NOT NULL,
	"funds_withdrawn" integer DEFAULT 0 NOT NULL,
	"funds_reinstated" integer DEFAULT 0 NOT NULL,
	"fee" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_early_fraud_warnings" (
	"id" text PRIMARY KEY NOT NULL,
	"payment_intent_id" text NOT NULL,
	"fraud_type" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_files" (
	"id" text PRIMARY KEY NOT NULL,
	"purpose" text NOT NULL,
	"filename" text NOT NULL,
	"type" text NOT NULL,
	"size" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_transfers" (
	"id" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"payment_intent_id" text NOT NULL,
	"destination_account_id" text NOT NULL,
	"amount" integer NOT NULL,
	"metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"idempotency_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_transfers_idempotency_key_unique" UNIQUE("idempotency_key")
);
--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "dispute_status" "payment_dispute_status";--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "payer_ip" text;--> statement-breakpoint
ALTER TABLE "dispute_evidence_files" ADD CONSTRAINT "dispute_evidence_files_dispute_id_disputes_id_fk" FOREIGN KEY ("dispute_id") REFERENCES "public"."disputes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "disputes" ADD CONSTRAINT "disputes_clinic_id_clinics_id_fk" FOREIGN KEY ("clinic_id") REFERENCES "public"."clinics"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "disputes" ADD CONSTRAINT "disputes_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fraud_warnings" ADD CONSTRAINT "fraud_warnings_clinic_id_clinics_id_fk" FOREIGN KEY ("clinic_id") REFERENCES "public"."clinics"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fraud_warnings" ADD CONSTRAINT "fraud_warnings_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sandbox_disputes" ADD CONSTRAINT "sandbox_disputes_payment_intent_id_sandbox_payment_intents_id_fk" FOREIGN KEY ("payment_intent_id") REFERENCES "public"."sandbox_payment_intents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sandbox_early_fraud_warnings" ADD CONSTRAINT "sandbox_early_fraud_warnings_payment_intent_id_sandbox_payment_intents_id_fk" FOREIGN KEY ("payment_intent_id") REFERENCES "public"."sandbox_payment_intents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sandbox_transfers" ADD CONSTRAINT "sandbox_transfers_payment_intent_id_sandbox_payment_intents_id_fk" FOREIGN KEY ("payment_intent_id") REFERENCES "public"."sandbox_payment_intents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "dispute_evidence_files_dispute_kind_idx" ON "dispute_evidence_files" USING btree ("dispute_id","kind");--> statement-breakpoint
CREATE INDEX "disputes_clinic_created_idx" ON "disputes" USING btree ("clinic_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "disputes_payment_idx" ON "disputes" USING btree ("payment_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "disputes_open_due_idx" ON "disputes" USING btree ("evidence_due_by") WHERE "disputes"."closed_at" is null;--> statement-breakpoint
CREATE INDEX "fraud_warnings_clinic_idx" ON "fraud_warnings" USING btree ("clinic_id","created_at" DESC NULLS LAST);