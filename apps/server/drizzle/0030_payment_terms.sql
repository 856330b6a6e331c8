CREATE TABLE "clinic_terms" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"clinic_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"text" text NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "terms_acceptances" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"payment_intent_id" text NOT NULL,
	"terms_id" uuid NOT NULL,
	"accepted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ip_address" text
);
--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "terms_id" uuid;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "terms_accepted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "clinic_terms" ADD CONSTRAINT "clinic_terms_clinic_id_clinics_id_fk" FOREIGN KEY ("clinic_id") REFERENCES "public"."clinics"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clinic_terms" ADD CONSTRAINT "clinic_terms_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "terms_acceptances" ADD CONSTRAINT "terms_acceptances_terms_id_clinic_terms_id_fk" FOREIGN KEY ("terms_id") REFERENCES "public"."clinic_terms"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "clinic_terms_clinic_version_idx" ON "clinic_terms" USING btree ("clinic_id","version");--> statement-breakpoint
CREATE INDEX "terms_acceptances_intent_idx" ON "terms_acceptances" USING btree ("payment_intent_id","accepted_at" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_terms_id_clinic_terms_id_fk" FOREIGN KEY ("terms_id") REFERENCES "public"."clinic_terms"("id") ON DELETE restrict ON UPDATE no action;