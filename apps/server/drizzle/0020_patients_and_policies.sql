CREATE TABLE "patients" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"clinic_id" uuid NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"search_text" text GENERATED ALWAYS AS (lower("patients"."name" || ' ' || "patients"."email" || ' ' || coalesce("patients"."phone", ''))) STORED NOT NULL
);
--> statement-breakpoint
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
ALTER TABLE "payment_requests" ADD COLUMN "patient_id" uuid;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "patient_id" uuid;--> statement-breakpoint
ALTER TABLE "patients" ADD CONSTRAINT "patients_clinic_id_clinics_id_fk" FOREIGN KEY ("clinic_id") REFERENCES "public"."clinics"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clinic_policies" ADD CONSTRAINT "clinic_policies_clinic_id_clinics_id_fk" FOREIGN KEY ("clinic_id") REFERENCES "public"."clinics"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clinic_policies" ADD CONSTRAINT "clinic_policies_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "patients_clinic_email_idx" ON "patients" USING btree ("clinic_id","email");--> statement-breakpoint
CREATE INDEX "patients_clinic_lower_name_idx" ON "patients" USING btree ("clinic_id",lower("name"),"id");--> statement-breakpoint
CREATE INDEX "patients_clinic_search_idx" ON "patients" USING gin ("clinic_id","search_text" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "clinic_policies_clinic_kind_version_idx" ON "clinic_policies" USING btree ("clinic_id","kind","version");--> statement-breakpoint
ALTER TABLE "payment_requests" ADD CONSTRAINT "payment_requests_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_requests_patient_sent_idx" ON "payment_requests" USING btree ("patient_id","sent_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "payments_patient_paid_at_idx" ON "payments" USING btree ("patient_id","paid_at" DESC NULLS LAST);--> statement-breakpoint
-- Each clinic's patients so far, from its requests and payments: one per email address, under the name
-- it gave last and the latest phone it gave (docs/decisions/0089-patients.md).
INSERT INTO "patients" ("clinic_id", "name", "email", "phone", "created_at", "updated_at")
SELECT DISTINCT ON ("clinic_id", "email") "clinic_id", "name", "email",
  (array_remove(array_agg("phone") OVER "same", NULL))[1],
  min("at") OVER "same", "at"
FROM (
  SELECT "clinic_id", "patient_name" AS "name", lower(trim("patient_email")) AS "email", "patient_phone" AS "phone", "sent_at" AS "at"
  FROM "payment_requests" WHERE trim("patient_email") <> ''
  UNION ALL
  SELECT "clinic_id", "patient_name", lower(trim("patient_email")), "patient_phone", "paid_at"
  FROM "payments" WHERE trim("patient_email") <> ''
) AS "seen"
WINDOW "same" AS (PARTITION BY "clinic_id", "email" ORDER BY "at" DESC ROWS BETWEEN UNBOUNDED PRECEDING AND UNBOUNDED FOLLOWING)
ORDER BY "clinic_id", "email", "at" DESC;--> statement-breakpoint
-- Filing changes no amount: the daily totals' trigger (migration 0010) is held off meanwhile, rather
-- than take and give back each payment's figures one row at a time.
ALTER TABLE "payments" DISABLE TRIGGER "payments_daily_totals";--> statement-breakpoint
UPDATE "payments" SET "patient_id" = "patients"."id" FROM "patients"
WHERE "patients"."clinic_id" = "payments"."clinic_id" AND "patients"."email" = lower(trim("payments"."patient_email"));--> statement-breakpoint
ALTER TABLE "payments" ENABLE TRIGGER "payments_daily_totals";--> statement-breakpoint
UPDATE "payment_requests" SET "patient_id" = "patients"."id" FROM "patients"
WHERE "patients"."clinic_id" = "payment_requests"."clinic_id" AND "patients"."email" = lower(trim("payment_requests"."patient_email"));
