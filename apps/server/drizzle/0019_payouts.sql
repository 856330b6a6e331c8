CREATE TABLE "payouts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"clinic_id" uuid NOT NULL,
	"provider_payout_id" text NOT NULL,
	"provider_account_id" text NOT NULL,
	"amount" integer NOT NULL,
	"status" text NOT NULL,
	"arrival_date" timestamp with time zone NOT NULL,
	"failure_code" text,
	"failure_notified_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payouts_provider_payout_id_unique" UNIQUE("provider_payout_id")
);
--> statement-breakpoint
CREATE TABLE "sandbox_balance_transactions" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"type" text NOT NULL,
	"origin" text NOT NULL,
	"amount" integer NOT NULL,
	"fee" integer DEFAULT 0 NOT NULL,
	"net" integer NOT NULL,
	"description" text,
	"source_id" text NOT NULL,
	"payment_intent_id" text,
	"payout_id" text,
	"available_on" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_payouts" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"amount" integer NOT NULL,
	"status" text DEFAULT 'in_transit' NOT NULL,
	"arrival_date" timestamp with time zone NOT NULL,
	"fails_with" text,
	"failure_code" text,
	"failure_message" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sandbox_accounts" ADD COLUMN "fail_next_payout" text;--> statement-breakpoint
ALTER TABLE "sandbox_payment_intents" ADD COLUMN "funds_available_at_once" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_clinic_id_clinics_id_fk" FOREIGN KEY ("clinic_id") REFERENCES "public"."clinics"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sandbox_balance_transactions" ADD CONSTRAINT "sandbox_balance_transactions_payment_intent_id_sandbox_payment_intents_id_fk" FOREIGN KEY ("payment_intent_id") REFERENCES "public"."sandbox_payment_intents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sandbox_balance_transactions" ADD CONSTRAINT "sandbox_balance_transactions_payout_id_sandbox_payouts_id_fk" FOREIGN KEY ("payout_id") REFERENCES "public"."sandbox_payouts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payouts_clinic_idx" ON "payouts" USING btree ("clinic_id","created_at");--> statement-breakpoint
CREATE INDEX "sandbox_balance_transactions_account_idx" ON "sandbox_balance_transactions" USING btree ("account_id","payout_id");--> statement-breakpoint
CREATE INDEX "sandbox_balance_transactions_payout_idx" ON "sandbox_balance_transactions" USING btree ("payout_id");--> statement-breakpoint
CREATE INDEX "sandbox_payouts_account_idx" ON "sandbox_payouts" USING btree ("account_id","created_at");