CREATE TABLE "payment_request_counts" (
	"clinic_id" uuid PRIMARY KEY NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"paid" integer DEFAULT 0 NOT NULL,
	"cancelled" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payout_lines" (
	"payout_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"provider_transaction_id" text NOT NULL,
	"type" text NOT NULL,
	"origin" text NOT NULL,
	"amount" integer NOT NULL,
	"fee" integer NOT NULL,
	"net" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"description" text,
	"payment_intent_id" text,
	"payment_id" uuid,
	"payment_reference" text,
	"patient_name" text,
	CONSTRAINT "payout_lines_payout_id_position_pk" PRIMARY KEY("payout_id","position")
);
--> statement-breakpoint
CREATE TABLE "audit_daily_counts" (
	"clinic_id" uuid NOT NULL,
	"action" text NOT NULL,
	"day" date NOT NULL,
	"entries" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "audit_daily_counts_clinic_id_action_day_pk" PRIMARY KEY("clinic_id","action","day")
);
--> statement-breakpoint
CREATE TABLE "audit_platform_daily_counts" (
	"action" text NOT NULL,
	"day" date NOT NULL,
	"shard" smallint NOT NULL,
	"entries" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "audit_platform_daily_counts_action_day_shard_pk" PRIMARY KEY("action","day","shard")
);
--> statement-breakpoint
DROP INDEX "payment_requests_clinic_sent_idx";--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "provider_created_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "lines_recorded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payment_request_counts" ADD CONSTRAINT "payment_request_counts_clinic_id_clinics_id_fk" FOREIGN KEY ("clinic_id") REFERENCES "public"."clinics"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_lines" ADD CONSTRAINT "payout_lines_payout_id_payouts_id_fk" FOREIGN KEY ("payout_id") REFERENCES "public"."payouts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_requests_clinic_sent_id_idx" ON "payment_requests" USING btree ("clinic_id","sent_at" DESC NULLS LAST,"id" DESC NULLS LAST,"status","cancelled_at","expires_at","viewed_at","last_reminded_at","search_text");--> statement-breakpoint
CREATE INDEX "payment_requests_clinic_waiting_idx" ON "payment_requests" USING btree ("clinic_id","expires_at","viewed_at","last_reminded_at") WHERE "payment_requests"."status" = 'sent' and "payment_requests"."cancelled_at" is null;--> statement-breakpoint
CREATE INDEX "payment_requests_clinic_all_search_idx" ON "payment_requests" USING gin ("clinic_id","search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "audit_log_clinic_action_created_idx" ON "audit_log" USING btree ("clinic_id","action","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
-- Each clinic's request counts follow its requests (docs/decisions/0128-back-office-at-scale.md): all of
-- them, the paid ones and the cancelled ones (unpaid, with a cancellation), as the Requests page's
-- filters count them. Inserts are counted once per statement (a bulk insert touches the row once).
CREATE FUNCTION "payment_request_counts_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "payment_request_counts" AS t ("clinic_id", "total", "paid", "cancelled")
  SELECT "clinic_id", count(*)::int, count(*) FILTER (WHERE "status" = 'paid')::int,
         count(*) FILTER (WHERE "status" = 'sent' AND "cancelled_at" IS NOT NULL)::int
  FROM "inserted" GROUP BY "clinic_id" ORDER BY "clinic_id"
  ON CONFLICT ("clinic_id") DO UPDATE SET
    "total" = t."total" + excluded."total",
    "paid" = t."paid" + excluded."paid",
    "cancelled" = t."cancelled" + excluded."cancelled";
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "payment_request_counts_insert" AFTER INSERT ON "payment_requests"
  REFERENCING NEW TABLE AS "inserted" FOR EACH STATEMENT EXECUTE FUNCTION "payment_request_counts_insert"();--> statement-breakpoint
CREATE FUNCTION "payment_request_counts_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "payment_request_counts" SET
    "total" = "total" - 1,
    "paid" = "paid" - (OLD."status" = 'paid')::int,
    "cancelled" = "cancelled" - (OLD."status" = 'sent' AND OLD."cancelled_at" IS NOT NULL)::int
  WHERE "clinic_id" = OLD."clinic_id";
  IF TG_OP = 'DELETE' THEN
    RETURN OLD;
  END IF;
  INSERT INTO "payment_request_counts" AS t ("clinic_id", "total", "paid", "cancelled")
  VALUES (NEW."clinic_id", 1, (NEW."status" = 'paid')::int,
          (NEW."status" = 'sent' AND NEW."cancelled_at" IS NOT NULL)::int)
  ON CONFLICT ("clinic_id") DO UPDATE SET
    "total" = t."total" + 1,
    "paid" = t."paid" + excluded."paid",
    "cancelled" = t."cancelled" + excluded."cancelled";
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "payment_request_counts_delete" AFTER DELETE ON "payment_requests"
  FOR EACH ROW EXECUTE FUNCTION "payment_request_counts_change"();--> statement-breakpoint
CREATE TRIGGER "payment_request_counts_update" AFTER UPDATE OF "clinic_id", "status", "cancelled_at" ON "payment_requests"
  FOR EACH ROW WHEN (OLD."clinic_id" IS DISTINCT FROM NEW."clinic_id" OR OLD."status" IS DISTINCT FROM NEW."status"
    OR (OLD."cancelled_at" IS NULL) <> (NEW."cancelled_at" IS NULL))
  EXECUTE FUNCTION "payment_request_counts_change"();--> statement-breakpoint
INSERT INTO "payment_request_counts" ("clinic_id", "total", "paid", "cancelled")
SELECT "clinic_id", count(*)::int, count(*) FILTER (WHERE "status" = 'paid')::int,
       count(*) FILTER (WHERE "status" = 'sent' AND "cancelled_at" IS NOT NULL)::int
FROM "payment_requests" GROUP BY "clinic_id";--> statement-breakpoint
-- The audit trail's counts per London day (docs/decisions/0128-back-office-at-scale.md): every entry by
-- action ('' for every action) and shard (the clinic's, as platform_daily_totals: decision 0022), and a
-- clinic's by action. The log is append-only (decision 0124), so inserts are all there is to follow; each
-- statement's entries are counted at once, and its rows are taken in one order (every action's, then
-- each action's, then each clinic's, each by key), so two transactions of one shard queue on the first
-- rather than each holding a row the other waits for.
CREATE FUNCTION "audit_counts_follow"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "audit_platform_daily_counts" AS t ("action", "day", "shard", "entries")
  SELECT '', "day", "shard", count(*)::int FROM (
    SELECT ("created_at" AT TIME ZONE 'Europe/London')::date AS "day",
           (hashtext(coalesce("clinic_id"::text, '')) & 15)::smallint AS "shard"
    FROM "inserted") AS e
  GROUP BY "day", "shard" ORDER BY "day", "shard"
  ON CONFLICT ("action", "day", "shard") DO UPDATE SET "entries" = t."entries" + excluded."entries";
  INSERT INTO "audit_platform_daily_counts" AS t ("action", "day", "shard", "entries")
  SELECT "action", "day", "shard", count(*)::int FROM (
    SELECT "action", ("created_at" AT TIME ZONE 'Europe/London')::date AS "day",
           (hashtext(coalesce("clinic_id"::text, '')) & 15)::smallint AS "shard"
    FROM "inserted") AS e
  GROUP BY "action", "day", "shard" ORDER BY "action", "day", "shard"
  ON CONFLICT ("action", "day", "shard") DO UPDATE SET "entries" = t."entries" + excluded."entries";
  INSERT INTO "audit_daily_counts" AS t ("clinic_id", "action", "day", "entries")
  SELECT "clinic_id", "action", ("created_at" AT TIME ZONE 'Europe/London')::date, count(*)::int
  FROM "inserted" WHERE "clinic_id" IS NOT NULL
  GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
  ON CONFLICT ("clinic_id", "action", "day") DO UPDATE SET "entries" = t."entries" + excluded."entries";
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "audit_counts_follow" AFTER INSERT ON "audit_log"
  REFERENCING NEW TABLE AS "inserted" FOR EACH STATEMENT EXECUTE FUNCTION "audit_counts_follow"();--> statement-breakpoint
INSERT INTO "audit_platform_daily_counts" ("action", "day", "shard", "entries")
SELECT '', ("created_at" AT TIME ZONE 'Europe/London')::date, (hashtext(coalesce("clinic_id"::text, '')) & 15)::smallint, count(*)::int
FROM "audit_log" GROUP BY 2, 3;--> statement-breakpoint
INSERT INTO "audit_platform_daily_counts" ("action", "day", "shard", "entries")
SELECT "action", ("created_at" AT TIME ZONE 'Europe/London')::date, (hashtext(coalesce("clinic_id"::text, '')) & 15)::smallint, count(*)::int
FROM "audit_log" GROUP BY 1, 2, 3;--> statement-breakpoint
INSERT INTO "audit_daily_counts" ("clinic_id", "action", "day", "entries")
SELECT "clinic_id", "action", ("created_at" AT TIME ZONE 'Europe/London')::date, count(*)::int
FROM "audit_log" WHERE "clinic_id" IS NOT NULL GROUP BY 1, 2, 3;
