CREATE TABLE "sandbox_customers" (
	"id" text PRIMARY KEY NOT NULL,
	"email" text,
	"name" text,
	"metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"idempotency_key" text NOT NULL,
	"request_fingerprint" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_customers_idempotency_key_unique" UNIQUE("idempotency_key")
);
--> statement-breakpoint
CREATE TABLE "sandbox_payment_methods" (
	"id" text PRIMARY KEY NOT NULL,
	"customer_id" text,
	"test_card_number" text NOT NULL,
	"brand" text NOT NULL,
	"last4" text NOT NULL,
	"exp_month" integer NOT NULL,
	"exp_year" integer NOT NULL,
	"country" text NOT NULL,
	"detached_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_setup_intents" (
	"id" text PRIMARY KEY NOT NULL,
	"client_secret" text NOT NULL,
	"customer_id" text NOT NULL,
	"status" text DEFAULT 'requires_payment_method' NOT NULL,
	"payment_method_id" text,
	"metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"last_setup_error" jsonb,
	"idempotency_key" text NOT NULL,
	"request_fingerprint" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_setup_intents_idempotency_key_unique" UNIQUE("idempotency_key")
);
--> statement-breakpoint
CREATE TABLE "card_charges" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"clinic_id" uuid NOT NULL,
	"patient_id" uuid NOT NULL,
	"saved_card_id" uuid NOT NULL,
	"original_payment_id" uuid,
	"kind" text NOT NULL,
	"amount" integer NOT NULL,
	"status" text DEFAULT 'processing' NOT NULL,
	"payment_intent_id" text,
	"authentication_token" text,
	"payment_id" uuid,
	"failure_code" text,
	"decline_code" text,
	"failure_message" text,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "card_charges_amount_positive" CHECK ("card_charges"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "card_consents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"clinic_id" uuid NOT NULL,
	"patient_id" uuid NOT NULL,
	"payment_intent_id" text NOT NULL,
	"saved_card_id" uuid,
	"payment_id" uuid,
	"policy_kind" text NOT NULL,
	"policy_version" integer NOT NULL,
	"policy_text" text NOT NULL,
	"maximum_amount" integer NOT NULL,
	"consented_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ip_address" text,
	"user_agent" text
);
--> statement-breakpoint
CREATE TABLE "card_customers" (
	"patient_id" uuid PRIMARY KEY NOT NULL,
	"clinic_id" uuid NOT NULL,
	"provider_customer_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "card_customers_provider_customer_id_unique" UNIQUE("provider_customer_id")
);
--> statement-breakpoint
CREATE TABLE "saved_cards" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"clinic_id" uuid NOT NULL,
	"patient_id" uuid NOT NULL,
	"provider_customer_id" text NOT NULL,
	"provider_payment_method_id" text NOT NULL,
	"brand" text NOT NULL,
	"last4" text NOT NULL,
	"exp_month" integer NOT NULL,
	"exp_year" integer NOT NULL,
	"payment_id" uuid,
	"removed_at" timestamp with time zone,
	"removed_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payment_links" ADD COLUMN "requires_card_on_file" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "sandbox_payment_intents" ADD COLUMN "customer_id" text;--> statement-breakpoint
ALTER TABLE "sandbox_payment_intents" ADD COLUMN "payment_method_id" text;--> statement-breakpoint
ALTER TABLE "sandbox_payment_intents" ADD COLUMN "saves_card" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "card_charges" ADD CONSTRAINT "card_charges_clinic_id_clinics_id_fk" FOREIGN KEY ("clinic_id") REFERENCES "public"."clinics"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_charges" ADD CONSTRAINT "card_charges_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_charges" ADD CONSTRAINT "card_charges_saved_card_id_saved_cards_id_fk" FOREIGN KEY ("saved_card_id") REFERENCES "public"."saved_cards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_charges" ADD CONSTRAINT "card_charges_original_payment_id_payments_id_fk" FOREIGN KEY ("original_payment_id") REFERENCES "public"."payments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_charges" ADD CONSTRAINT "card_charges_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_charges" ADD CONSTRAINT "card_charges_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_consents" ADD CONSTRAINT "card_consents_clinic_id_clinics_id_fk" FOREIGN KEY ("clinic_id") REFERENCES "public"."clinics"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_consents" ADD CONSTRAINT "card_consents_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_consents" ADD CONSTRAINT "card_consents_saved_card_id_saved_cards_id_fk" FOREIGN KEY ("saved_card_id") REFERENCES "public"."saved_cards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_consents" ADD CONSTRAINT "card_consents_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_customers" ADD CONSTRAINT "card_customers_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_customers" ADD CONSTRAINT "card_customers_clinic_id_clinics_id_fk" FOREIGN KEY ("clinic_id") REFERENCES "public"."clinics"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_cards" ADD CONSTRAINT "saved_cards_clinic_id_clinics_id_fk" FOREIGN KEY ("clinic_id") REFERENCES "public"."clinics"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_cards" ADD CONSTRAINT "saved_cards_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_cards" ADD CONSTRAINT "saved_cards_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_cards" ADD CONSTRAINT "saved_cards_removed_by_users_id_fk" FOREIGN KEY ("removed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "card_charges_one_open_per_fee_idx" ON "card_charges" USING btree ("saved_card_id",(case when "kind" in ('no_show_fee', 'late_cancellation_fee') then 'fee' else "kind" end),coalesce("original_payment_id", '00000000-0000-0000-0000-000000000000'::uuid)) WHERE "card_charges"."status" <> 'failed';--> statement-breakpoint
CREATE INDEX "card_charges_patient_idx" ON "card_charges" USING btree ("patient_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "card_consents_intent_kind_idx" ON "card_consents" USING btree ("payment_intent_id","policy_kind");--> statement-breakpoint
CREATE INDEX "card_consents_saved_card_idx" ON "card_consents" USING btree ("saved_card_id");--> statement-breakpoint
CREATE UNIQUE INDEX "saved_cards_payment_method_idx" ON "saved_cards" USING btree ("provider_payment_method_id");--> statement-breakpoint
CREATE INDEX "saved_cards_patient_idx" ON "saved_cards" USING btree ("patient_id","created_at");