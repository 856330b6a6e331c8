-- The Patients list reads a page's ids from this index in name order. PostgreSQL reads an index alone
-- (an index-only scan, without visiting the table) only when every column the query names is in it, and
-- lower(name) names "name", which the index held only inside the expression: so every patient an OFFSET
-- skipped was read from the table too (the last of 4,000 pages: 186 ms at 100,000 patients,
-- docs/benchmarks.md). With "name" carried in the index as well, the skipped ones are index entries
-- alone. Drizzle's schema cannot say INCLUDE, so db/schema/patients.ts names the index as before.
DROP INDEX IF EXISTS "patients_clinic_lower_name_idx";--> statement-breakpoint
CREATE INDEX "patients_clinic_lower_name_idx" ON "patients" USING btree ("clinic_id", lower("name"), "id") INCLUDE ("name");
