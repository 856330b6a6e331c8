-- One home per money rule (decision 0119). Each rule is a one-expression SQL function, which PostgreSQL
-- inlines into the query that calls it, so a query pays nothing for naming it. Every query, statistic,
-- export and statement that works out a figure calls these; packages/shared/src/figures.ts holds the
-- TypeScript reference (paymentMoney, requestAmount), and money-rules.test.ts holds the two equal on
-- random payments, on PGlite and PostgreSQL. Amounts are integer pence.

-- A payment counts once it is recorded: paid, partially refunded or refunded (decision 0097).
CREATE OR REPLACE FUNCTION "payment_is_recorded"(status payment_status) RETURNS boolean
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$ SELECT status IN ('paid', 'partially_refunded', 'refunded') $$;
--> statement-breakpoint
-- Gross: what the patient paid, before refunds.
CREATE OR REPLACE FUNCTION "payment_gross"(status payment_status, amount_paid integer) RETURNS integer
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN payment_is_recorded(status) THEN amount_paid ELSE 0 END
$$;
--> statement-breakpoint
-- Refunded: what was given back of it (a refunded payment gave back all of it).
CREATE OR REPLACE FUNCTION "payment_refunded"(status payment_status, amount_paid integer, refund_amount integer)
RETURNS integer LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE status WHEN 'refunded' THEN amount_paid WHEN 'partially_refunded' THEN refund_amount ELSE 0 END
$$;
--> statement-breakpoint
-- Net: gross less refunded.
CREATE OR REPLACE FUNCTION "payment_net"(status payment_status, amount_paid integer, refund_amount integer)
RETURNS integer LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT payment_gross(status, amount_paid) - payment_refunded(status, amount_paid, refund_amount)
$$;
--> statement-breakpoint
-- The application fee the platform took on a recorded payment.
CREATE OR REPLACE FUNCTION "payment_application_fee"(status payment_status, platform_fee integer) RETURNS integer
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN payment_is_recorded(status) THEN platform_fee ELSE 0 END
$$;
--> statement-breakpoint
-- The card fee (Stripe's fee) the platform paid on a recorded payment; 0 until the provider reports it.
CREATE OR REPLACE FUNCTION "payment_card_fee"(status payment_status, stripe_fee integer) RETURNS integer
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN payment_is_recorded(status) THEN coalesce(stripe_fee, 0) ELSE 0 END
$$;
--> statement-breakpoint
-- Platform revenue: the application fee less the card fee, negative for a loss (decision 0085).
CREATE OR REPLACE FUNCTION "payment_platform_revenue"(status payment_status, platform_fee integer, stripe_fee integer)
RETURNS integer LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT payment_application_fee(status, platform_fee) - payment_card_fee(status, stripe_fee)
$$;
--> statement-breakpoint
-- The clinic's share of a refund: a refund reverses the clinic's transfer in proportion,
-- round(refund × net amount ÷ amount paid), half away from zero.
CREATE OR REPLACE FUNCTION "refund_clinic_share"(refund integer, net_amount integer, amount_paid integer)
RETURNS integer LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT round(refund::numeric * net_amount / amount_paid)::integer
$$;
--> statement-breakpoint
-- What a payment request charges: its own amount, or its payment link's.
CREATE OR REPLACE FUNCTION "payment_request_amount"(custom_amount integer, link_amount integer) RETURNS integer
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$ SELECT coalesce(custom_amount, link_amount) $$;
--> statement-breakpoint
-- The daily totals, now from the rules above (the same sums as migration 0025 wrote out).
CREATE OR REPLACE FUNCTION "payment_daily_totals_add"(p payments, sign integer) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF NOT payment_is_recorded(p.status) THEN
    RETURN;
  END IF;
  INSERT INTO "payment_daily_totals" AS t (
    "day", "clinic_id", "payments_total", "payment_count", "refunds_total", "revenue",
    "recorded_count", "amount_paid", "refund_count", "refund_amount", "platform_fees"
  ) VALUES (
    (p.paid_at AT TIME ZONE 'Europe/London')::date,
    p.clinic_id,
    sign * payment_net(p.status, p.amount_paid, p.refund_amount),
    sign,
    sign * payment_refunded(p.status, p.amount_paid, p.refund_amount),
    sign * payment_platform_revenue(p.status, p.platform_fee, p.stripe_fee),
    sign,
    sign * payment_gross(p.status, p.amount_paid),
    sign * CASE WHEN payment_refunded(p.status, p.amount_paid, p.refund_amount) > 0 THEN 1 ELSE 0 END,
    sign * payment_refunded(p.status, p.amount_paid, p.refund_amount),
    sign * payment_application_fee(p.status, p.platform_fee)
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
    sign * payment_net(p.status, p.amount_paid, p.refund_amount),
    sign,
    sign * payment_refunded(p.status, p.amount_paid, p.refund_amount),
    sign * payment_platform_revenue(p.status, p.platform_fee, p.stripe_fee),
    sign * payment_application_fee(p.status, p.platform_fee),
    sign * CASE WHEN payment_refunded(p.status, p.amount_paid, p.refund_amount) > 0 THEN 1 ELSE 0 END
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
