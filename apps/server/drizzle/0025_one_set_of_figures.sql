ALTER TABLE "platform_daily_totals" ADD COLUMN "platform_fees" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "platform_daily_totals" ADD COLUMN "refund_count" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
-- One set of figures (decision 0097): payment_count counts every recorded payment (paid, partially
-- refunded or refunded) in both tables, and the platform's daily totals also sum the application fees,
-- so revenue can be shown as fees less card fees, and counts the payments with refunds.
CREATE OR REPLACE FUNCTION "payment_daily_totals_add"(p payments, sign integer) RETURNS void LANGUAGE plpgsql AS $$
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
    sign,
    sign * CASE p.status
      WHEN 'refunded' THEN p.amount_paid
      WHEN 'partially_refunded' THEN p.refund_amount
      ELSE 0 END,
    sign * (p.platform_fee - coalesce(p.stripe_fee, 0)),
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
  INSERT INTO "platform_daily_totals" AS t (
    "day", "shard", "payments_total", "payment_count", "refunds_total", "revenue", "platform_fees",
    "refund_count"
  ) VALUES (
    (p.paid_at AT TIME ZONE 'Europe/London')::date,
    hashtext(p.clinic_id::text) & 15,
    sign * CASE p.status
      WHEN 'paid' THEN p.amount_paid
      WHEN 'partially_refunded' THEN greatest(p.amount_paid - p.refund_amount, 0)
      ELSE 0 END,
    sign,
    sign * CASE p.status
      WHEN 'refunded' THEN p.amount_paid
      WHEN 'partially_refunded' THEN p.refund_amount
      ELSE 0 END,
    sign * (p.platform_fee - coalesce(p.stripe_fee, 0)),
    sign * p.platform_fee,
    sign * CASE WHEN p.refund_amount > 0 THEN 1 ELSE 0 END
  )
  ON CONFLICT ("day", "shard") DO UPDATE SET
    "payments_total" = t."payments_total" + excluded."payments_total",
    "payment_count" = t."payment_count" + excluded."payment_count",
    "refunds_total" = t."refunds_total" + excluded."refunds_total",
    "revenue" = t."revenue" + excluded."revenue",
    "platform_fees" = t."platform_fees" + excluded."platform_fees",
    "refund_count" = t."refund_count" + excluded."refund_count";
END;
$$;
--> statement-breakpoint
UPDATE "payment_daily_totals" SET "payment_count" = "recorded_count";
--> statement-breakpoint
UPDATE "platform_daily_totals" t
SET "payment_count" = s."payment_count", "platform_fees" = s."platform_fees", "refund_count" = s."refund_count"
FROM (
  SELECT "day", hashtext("clinic_id"::text) & 15 AS "shard", sum("recorded_count") AS "payment_count",
         sum("platform_fees") AS "platform_fees", sum("refund_count") AS "refund_count"
  FROM "payment_daily_totals"
  GROUP BY 1, 2
) s
WHERE t."day" = s."day" AND t."shard" = s."shard";
