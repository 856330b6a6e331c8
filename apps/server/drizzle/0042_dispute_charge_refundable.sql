-- A dispute records the provider's is_charge_refundable, so a payment under an inquiry can still be
-- refunded while a chargeback's cannot (docs/decisions/0139-refunds-during-an-inquiry.md). Disputes
-- recorded before are given Stripe's value for their kind: an open inquiry's payment is refundable.
ALTER TABLE "disputes" ADD COLUMN "charge_refundable" boolean DEFAULT false NOT NULL;--> statement-breakpoint
UPDATE "disputes" SET "charge_refundable" = true WHERE "status" LIKE 'warning\_%';
