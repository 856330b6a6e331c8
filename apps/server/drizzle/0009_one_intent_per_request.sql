ALTER TABLE "payment_requests" ADD COLUMN "payment_intent_id" text;--> statement-breakpoint
-- Decision 0020: a request keeps one payment that counts (paid or partially refunded). A request paid
-- more than once before it (docs/decisions/archive/0012-checkout-and-recording.md allowed that) keeps
-- its first payment; the later ones become pending, as a second payment recorded from now on is, so the
-- index below can be built.
UPDATE "payments" SET "status" = 'pending' WHERE "id" IN (
  SELECT "id" FROM (
    SELECT "id", row_number() OVER (PARTITION BY "payment_request_id" ORDER BY "paid_at", "created_at", "id") AS "n"
    FROM "payments" WHERE "payment_request_id" IS NOT NULL AND "status" IN ('paid', 'partially_refunded')
  ) AS "ranked" WHERE "n" > 1
);--> statement-breakpoint
CREATE UNIQUE INDEX "payments_request_live_idx" ON "payments" USING btree ("payment_request_id") WHERE "payments"."status" in ('paid', 'partially_refunded');--> statement-breakpoint
ALTER TABLE "payment_requests" ADD CONSTRAINT "payment_requests_payment_intent_id_unique" UNIQUE("payment_intent_id");