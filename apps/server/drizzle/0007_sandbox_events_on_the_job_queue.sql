DROP INDEX "sandbox_events_due_idx";--> statement-breakpoint
ALTER TABLE "sandbox_events" DROP COLUMN "next_attempt_at";