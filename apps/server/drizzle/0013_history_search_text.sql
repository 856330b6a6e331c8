DROP INDEX "payment_requests_clinic_unpaid_search_idx";--> statement-breakpoint
DROP INDEX "payments_clinic_search_idx";--> statement-breakpoint
ALTER TABLE "payment_requests" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower("payment_requests"."patient_name" || ' ' || "payment_requests"."patient_email" || ' ' || coalesce("payment_requests"."patient_phone", ''))) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower("payments"."patient_name" || ' ' || "payments"."patient_email" || ' ' || coalesce("payments"."patient_phone", '') || ' ' || "payments"."payment_ref")) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "payment_requests_clinic_unpaid_search_text_idx" ON "payment_requests" USING btree ("clinic_id","search_text") WHERE "payment_requests"."paid_at" is null;--> statement-breakpoint
CREATE INDEX "payments_clinic_search_text_idx" ON "payments" USING btree ("clinic_id","search_text");--> statement-breakpoint
CREATE INDEX "payment_requests_clinic_unpaid_search_idx" ON "payment_requests" USING gin ("clinic_id","search_text" gin_trgm_ops) WHERE "payment_requests"."paid_at" is null;--> statement-breakpoint
CREATE INDEX "payments_clinic_search_idx" ON "payments" USING gin ("clinic_id","search_text" gin_trgm_ops);