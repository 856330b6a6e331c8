CREATE TABLE "clinic_policies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"clinic_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"version" integer NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"fee_type" text NOT NULL,
	"fee_amount" integer,
	"fee_percent" integer,
	"notice_hours" integer,
	"text" text NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "clinic_policies_kind" CHECK ("clinic_policies"."kind" in ('cancellation', 'no_show')),
	CONSTRAINT "clinic_policies_fee" CHECK (("clinic_policies"."fee_type" = 'fixed' and "clinic_policies"."fee_amount" between 30 and 100000 and "clinic_policies"."fee_percent" is null)
        or ("clinic_policies"."fee_type" = 'percent' and "clinic_policies"."fee_percent" between 1 and 100 and "clinic_policies"."fee_amount" is null)),
	CONSTRAINT "clinic_policies_notice" CHECK (("clinic_policies"."kind" = 'cancellation') = ("clinic_policies"."notice_hours" is not null)
        and ("clinic_policies"."notice_hours" is null or "clinic_policies"."notice_hours" between 1 and 168))
);
--> statement-breakpoint
ALTER TABLE "clinic_policies" ADD CONSTRAINT "clinic_policies_clinic_id_clinics_id_fk" FOREIGN KEY ("clinic_id") REFERENCES "public"."clinics"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clinic_policies" ADD CONSTRAINT "clinic_policies_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "clinic_policies_clinic_kind_version_idx" ON "clinic_policies" USING btree ("clinic_id","kind","version");