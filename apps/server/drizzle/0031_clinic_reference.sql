ALTER TABLE "payment_links" ADD COLUMN "clinic_reference" text;--> statement-breakpoint
ALTER TABLE "payment_requests" ADD COLUMN "clinic_reference" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "clinic_reference" text;--> statement-breakpoint
-- The search text takes the clinic's reference (decision 0108). A generated column's expression is
-- replaced by dropping and adding it again, which drops its indexes: they are made again below.
ALTER TABLE "payment_requests" DROP COLUMN "search_text";--> statement-breakpoint
ALTER TABLE "payment_requests" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower("payment_requests"."patient_name" || ' ' || "payment_requests"."patient_email" || ' ' || coalesce("payment_requests"."patient_phone", '') || ' ' || coalesce("payment_requests"."clinic_reference", ''))) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" DROP COLUMN "search_text";--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower("payments"."patient_name" || ' ' || "payments"."patient_email" || ' ' || coalesce("payments"."patient_phone", '') || ' ' || coalesce("payments"."clinic_reference", '') || ' ' || "payments"."payment_ref")) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "payment_requests_clinic_unpaid_search_text_idx" ON "payment_requests" USING btree ("clinic_id","search_text") WHERE "payment_requests"."paid_at" is null;--> statement-breakpoint
CREATE INDEX "payments_clinic_search_text_idx" ON "payments" USING btree ("clinic_id","search_text");--> statement-breakpoint
CREATE INDEX "payment_requests_clinic_unpaid_search_idx" ON "payment_requests" USING gin ("clinic_id","search_text" gin_trgm_ops) WHERE "payment_requests"."paid_at" is null;--> statement-breakpoint
CREATE INDEX "payments_clinic_search_idx" ON "payments" USING gin ("clinic_id","search_text" gin_trgm_ops);
