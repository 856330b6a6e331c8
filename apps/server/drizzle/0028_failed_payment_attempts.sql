CREATE TABLE "failed_payment_attempts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"clinic_id" uuid NOT NULL,
	"provider_event_id" text NOT NULL,
	"payment_intent_id" text NOT NULL,
	"payment_link_id" uuid,
	"payment_request_id" uuid,
	"patient_name" text NOT NULL,
	"patient_email" text NOT NULL,
	"patient_phone" text,
	"amount" integer NOT NULL,
	"type" "link_type" NOT NULL,
	"title" text NOT NULL,
	"failure_code" text NOT NULL,
	"decline_code" text,
	"failure_message" text NOT NULL,
	"failed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "failed_payment_attempts_provider_event_id_unique" UNIQUE("provider_event_id")
);
--> statement-breakpoint
ALTER TABLE "failed_payment_attempts" ADD CONSTRAINT "failed_payment_attempts_clinic_id_clinics_id_fk" FOREIGN KEY ("clinic_id") REFERENCES "public"."clinics"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "failed_payment_attempts" ADD CONSTRAINT "failed_payment_attempts_payment_link_id_payment_links_id_fk" FOREIGN KEY ("payment_link_id") REFERENCES "public"."payment_links"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "failed_payment_attempts" ADD CONSTRAINT "failed_payment_attempts_payment_request_id_payment_requests_id_fk" FOREIGN KEY ("payment_request_id") REFERENCES "public"."payment_requests"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "failed_payment_attempts_clinic_idx" ON "failed_payment_attempts" USING btree ("clinic_id","failed_at","id");