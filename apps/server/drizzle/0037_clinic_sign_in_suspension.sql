ALTER TABLE "clinics" ADD COLUMN "sign_in_suspended_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "clinics" ADD COLUMN "sign_in_suspension_reason" text;