ALTER TABLE "payment_links" ADD COLUMN "secures_appointment" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_requests" ADD COLUMN "treatment_total" integer;--> statement-breakpoint
ALTER TABLE "payment_requests" ADD COLUMN "requires_card_on_file" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "saved_card_id" uuid;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_saved_card_id_saved_cards_id_fk" FOREIGN KEY ("saved_card_id") REFERENCES "public"."saved_cards"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_links" ADD CONSTRAINT "payment_links_secures_with_card_only" CHECK (not "payment_links"."secures_appointment" or ("payment_links"."requires_card_on_file" and "payment_links"."treatment_total" is null));--> statement-breakpoint
ALTER TABLE "payment_requests" ADD CONSTRAINT "payment_requests_deposit_below_total" CHECK ("payment_requests"."treatment_total" is null or "payment_requests"."treatment_total" > "payment_requests"."custom_amount");