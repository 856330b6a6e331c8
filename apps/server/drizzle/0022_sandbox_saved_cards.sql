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
ALTER TABLE "sandbox_payment_intents" ADD COLUMN "customer_id" text;--> statement-breakpoint
ALTER TABLE "sandbox_payment_intents" ADD COLUMN "payment_method_id" text;--> statement-breakpoint
ALTER TABLE "sandbox_payment_intents" ADD COLUMN "saves_card" boolean DEFAULT false NOT NULL;