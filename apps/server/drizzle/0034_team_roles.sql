CREATE TYPE "public"."clinic_role" AS ENUM('owner', 'manager', 'reception');--> statement-breakpoint
CREATE TABLE "team_invitations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"clinic_id" uuid NOT NULL,
	"email" text NOT NULL,
	"role" "clinic_role" NOT NULL,
	"token_hash" text NOT NULL,
	"invited_by_user_id" text,
	"expires_at" timestamp with time zone NOT NULL,
	"accepted_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "team_invitations_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "clinic_role" "clinic_role";--> statement-breakpoint
-- Each clinic had one user until teams (decision 0121): that user becomes its owner.
UPDATE "users" SET "clinic_role" = 'owner' WHERE "role" = 'clinic' AND "clinic_id" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "team_invitations" ADD CONSTRAINT "team_invitations_clinic_id_clinics_id_fk" FOREIGN KEY ("clinic_id") REFERENCES "public"."clinics"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_invitations" ADD CONSTRAINT "team_invitations_invited_by_user_id_users_id_fk" FOREIGN KEY ("invited_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "team_invitations_clinic_id_idx" ON "team_invitations" USING btree ("clinic_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "users_one_owner_per_clinic" ON "users" USING btree ("clinic_id") WHERE "users"."clinic_role" = 'owner';