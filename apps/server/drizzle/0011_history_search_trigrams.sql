-- Decision 0070: the payment history search by trigrams. pg_trgm gives the trigram operator class, btree_gin
-- lets the clinic id share the GIN index. Both are trusted extensions (PostgreSQL 13+): a database
-- owner may create them. PGlite must be started with them (src/db/client.ts, PGLITE_EXTENSIONS).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS btree_gin;--> statement-breakpoint
CREATE INDEX "payment_requests_clinic_unpaid_search_idx" ON "payment_requests" USING gin ("clinic_id",lower("patient_name" || ' ' || "patient_email" || ' ' || coalesce("patient_phone", '')) gin_trgm_ops) WHERE "payment_requests"."paid_at" is null;--> statement-breakpoint
CREATE INDEX "payments_clinic_search_idx" ON "payments" USING gin ("clinic_id",lower("patient_name" || ' ' || "patient_email" || ' ' || coalesce("patient_phone", '') || ' ' || "payment_ref") gin_trgm_ops);