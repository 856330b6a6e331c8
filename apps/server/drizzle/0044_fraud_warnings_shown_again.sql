-- Early fraud warnings are no longer marked handled when a refund takes what is left of their payment:
-- the dashboard shows a warning while something is left to refund and no dispute holds the payment,
-- so a refund that fails brings it back (docs/decisions/0086-disputes.md). Warnings marked handled that
-- way before (well after they arrived) are unmarked; those with nothing left, or a dispute, stay hidden.
UPDATE "fraud_warnings" SET "handled_at" = NULL WHERE "handled_at" > "created_at" + interval '1 second';
