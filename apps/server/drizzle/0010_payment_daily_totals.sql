CREATE TABLE "payment_daily_totals" (
	"day" date NOT NULL,
	"clinic_id" uuid NOT NULL,
	"payments_total" bigint DEFAULT 0 NOT NULL,
	"payment_count" integer DEFAULT 0 NOT NULL,
	"refunds_total" bigint DEFAULT 0 NOT NULL,
	"revenue" bigint DEFAULT 0 NOT NULL,
	"recorded_count" integer DEFAULT 0 NOT NULL,
	"amount_paid" bigint DEFAULT 0 NOT NULL,
	"refund_count" integer DEFAULT 0 NOT NULL,
	"refund_amount" bigint DEFAULT 0 NOT NULL,
	"platform_fees" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "payment_daily_totals_clinic_id_day_pk" PRIMARY KEY("clinic_id","day")
);
--> statement-breakpoint
ALTER TABLE "payment_daily_totals" ADD CONSTRAINT "payment_daily_totals_clinic_id_clinics_id_fk" FOREIGN KEY ("clinic_id") REFERENCES "public"."clinics"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE FUNCTION "payment_daily_totals_add"(p payments, sign integer) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF p.status NOT IN ('paid', 'partially_refunded', 'refunded') THEN
    RETURN;
  END IF;
  INSERT INTO "payment_daily_totals" AS t (
    "day", "clinic_id", "payments_total", "payment_count", "refunds_total", "revenue",
    "recorded_count", "amount_paid", "refund_count", "refund_amount", "platform_fees"
  ) VALUES (
    (p.paid_at AT TIME ZONE 'Europe/London')::date,
    p.clinic_id,
    sign * CASE p.status
      WHEN 'paid' THEN p.amount_paid
      WHEN 'partially_refunded' THEN greatest(p.amount_paid - p.refund_amount, 0)
      ELSE 0 END,
    sign * CASE WHEN p.status IN ('paid', 'partially_refunded') THEN 1 ELSE 0 END,
    sign * CASE p.status
      WHEN 'refunded' THEN p.amount_paid
      WHEN 'partially_refunded' THEN p.refund_amount
      ELSE 0 END,
    sign * greatest(p.platform_fee - coalesce(p.stripe_fee, 0), 0),
    sign,
    sign * p.amount_paid,
    sign * CASE WHEN p.refund_amount > 0 THEN 1 ELSE 0 END,
    sign * p.refund_amount,
    sign * p.platform_fee
  )
  ON CONFLICT ("clinic_id", "day") DO UPDATE SET
    "payments_total" = t."payments_total" + excluded."payments_total",
    "payment_count" = t."payment_count" + excluded."payment_count",
    "refunds_total" = t."refunds_total" + excluded."refunds_total",
    "revenue" = t."revenue" + excluded."revenue",
    "recorded_count" = t."recorded_count" + excluded."recorded_count",
    "amount_paid" = t."amount_paid" + excluded."amount_paid",
    "refund_count" = t."refund_count" + excluded."refund_count",
    "refund_amount" = t."refund_amount" + excluded."refund_amount",
    "platform_fees" = t."platform_fees" + excluded."platform_fees";
END;
$$;--> statement-breakpoint
CREATE FUNCTION "payment_daily_totals_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- The old row's contribution is taken away and the new row's added: an insert adds, a delete takes
  -- away, an update does both (also when a payment moves between days, clinics or statuses).
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM "payment_daily_totals_add"(OLD, -1);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    PERFORM "payment_daily_totals_add"(NEW, 1);
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "payments_daily_totals" AFTER INSERT OR UPDATE OR DELETE ON "payments"
  FOR EACH ROW EXECUTE FUNCTION "payment_daily_totals_apply"();--> statement-breakpoint
INSERT INTO "payment_daily_totals" (
  "day", "clinic_id", "payments_total", "payment_count", "refunds_total", "revenue",
  "recorded_count", "amount_paid", "refund_count", "refund_amount", "platform_fees"
)
SELECT
  (paid_at AT TIME ZONE 'Europe/London')::date,
  clinic_id,
  sum(CASE status WHEN 'paid' THEN amount_paid
    WHEN 'partially_refunded' THEN greatest(amount_paid - refund_amount, 0) ELSE 0 END),
  count(*) FILTER (WHERE status IN ('paid', 'partially_refunded')),
  sum(CASE status WHEN 'refunded' THEN amount_paid WHEN 'partially_refunded' THEN refund_amount ELSE 0 END),
  sum(greatest(platform_fee - coalesce(stripe_fee, 0), 0)),
  count(*),
  sum(amount_paid),
  count(*) FILTER (WHERE refund_amount > 0),
  sum(refund_amount),
  sum(platform_fee)
FROM "payments"
WHERE status IN ('paid', 'partially_refunded', 'refunded')
GROUP BY 1, 2;
