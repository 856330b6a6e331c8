DROP INDEX "payments_request_once_idx";--> statement-breakpoint
CREATE INDEX "payments_request_idx" ON "payments" USING btree ("payment_request_id");