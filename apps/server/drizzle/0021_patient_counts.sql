CREATE TABLE "patient_counts" (
	"clinic_id" uuid PRIMARY KEY NOT NULL,
	"total" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "patient_counts" ADD CONSTRAINT "patient_counts_clinic_id_clinics_id_fk" FOREIGN KEY ("clinic_id") REFERENCES "public"."clinics"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "patients_clinic_search_text_idx" ON "patients" USING btree ("clinic_id","search_text");--> statement-breakpoint
-- Each clinic's patient count follows its patients (docs/decisions/0089-patients.md).
CREATE FUNCTION "patient_counts_follow"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "patient_counts" ("clinic_id", "total") VALUES (NEW.clinic_id, 1)
    ON CONFLICT ("clinic_id") DO UPDATE SET "total" = "patient_counts"."total" + 1;
    RETURN NEW;
  END IF;
  UPDATE "patient_counts" SET "total" = "total" - 1 WHERE "clinic_id" = OLD.clinic_id;
  RETURN OLD;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "patient_counts_follow" AFTER INSERT OR DELETE ON "patients"
  FOR EACH ROW EXECUTE FUNCTION "patient_counts_follow"();--> statement-breakpoint
INSERT INTO "patient_counts" ("clinic_id", "total")
SELECT "clinic_id", count(*)::int FROM "patients" GROUP BY "clinic_id"
ON CONFLICT ("clinic_id") DO UPDATE SET "total" = excluded."total";
