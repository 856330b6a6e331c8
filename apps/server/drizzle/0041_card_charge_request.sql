-- A charge of a saved card stores what the provider is asked before asking it, so one whose answer was
-- lost (the provider could not be reached, or the process stopped around the call) is asked again word
-- for word under the same idempotency key by the every-minute sweep; the partial index finds those
-- charges: still processing with no payment intent (docs/decisions/0137-card-charges-asked-again.md).
ALTER TABLE "card_charges" ADD COLUMN "provider_request" jsonb;--> statement-breakpoint
CREATE INDEX "card_charges_unanswered_idx" ON "card_charges" USING btree ("created_at") WHERE "card_charges"."status" = 'processing' and "card_charges"."payment_intent_id" is null;