ALTER TYPE "public"."link_type" ADD VALUE 'no_show_fee';--> statement-breakpoint
ALTER TYPE "public"."link_type" ADD VALUE 'late_cancellation_fee';--> statement-breakpoint
ALTER TYPE "public"."link_type" ADD VALUE 'balance';--> statement-breakpoint
DROP INDEX "card_charges_one_open_per_fee_idx";--> statement-breakpoint
ALTER TABLE "payment_links" ADD COLUMN "treatment_total" integer;--> statement-breakpoint
ALTER TABLE "payment_requests" ADD COLUMN "title" text;--> statement-breakpoint
ALTER TABLE "payment_requests" ADD COLUMN "type" "link_type";--> statement-breakpoint
ALTER TABLE "payment_requests" ADD COLUMN "original_payment_id" uuid;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "treatment_total" integer;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "original_payment_id" uuid;--> statement-breakpoint
ALTER TABLE "payment_requests" ADD CONSTRAINT "payment_requests_original_payment_id_payments_id_fk" FOREIGN KEY ("original_payment_id") REFERENCES "public"."payments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_original_payment_id_payments_id_fk" FOREIGN KEY ("original_payment_id") REFERENCES "public"."payments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_requests_original_payment_idx" ON "payment_requests" USING btree ("original_payment_id");--> statement-breakpoint
CREATE INDEX "payments_original_payment_idx" ON "payments" USING btree ("original_payment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "card_charges_one_open_per_fee_idx" ON "card_charges" USING btree ("saved_card_id",(case when "kind" in ('no_show_fee', 'late_cancellation_fee') then 'fee' else "kind" end),coalesce("original_payment_id", '00000000-0000-0000-0000-000000000000'::uuid)) WHERE "card_charges"."status" <> 'failed' and "card_charges"."kind" <> 'balance';--> statement-breakpoint
ALTER TABLE "payment_links" ADD CONSTRAINT "payment_links_deposit_below_total" CHECK ("payment_links"."treatment_total" is null or "payment_links"."treatment_total" > "payment_links"."amount");