ALTER TABLE "audit_log" ADD COLUMN "clinic_id" uuid;--> statement-breakpoint
CREATE INDEX "audit_log_clinic_created_idx" ON "audit_log" USING btree ("clinic_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE FUNCTION "audit_log_entity_uuid"(entity_id text) RETURNS uuid LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN entity_id ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
    THEN entity_id::uuid END;
$$;--> statement-breakpoint
CREATE FUNCTION "audit_log_set_clinic"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.clinic_id IS NULL THEN
    IF NEW.entity_type = 'clinic' THEN
      NEW.clinic_id := "audit_log_entity_uuid"(NEW.entity_id);
    ELSIF NEW.entity_type = 'payment' THEN
      SELECT p.clinic_id INTO NEW.clinic_id FROM "payments" p WHERE p.id = "audit_log_entity_uuid"(NEW.entity_id);
    END IF;
  END IF;
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "audit_log_clinic" BEFORE INSERT ON "audit_log"
  FOR EACH ROW EXECUTE FUNCTION "audit_log_set_clinic"();--> statement-breakpoint
UPDATE "audit_log" SET "clinic_id" = "audit_log_entity_uuid"("entity_id") WHERE "entity_type" = 'clinic';--> statement-breakpoint
UPDATE "audit_log" a SET "clinic_id" = p."clinic_id" FROM "payments" p
  WHERE a."entity_type" = 'payment' AND p."id" = "audit_log_entity_uuid"(a."entity_id");
