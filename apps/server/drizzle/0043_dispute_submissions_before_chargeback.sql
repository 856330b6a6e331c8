-- An inquiry that becomes a chargeback takes evidence again. The provider's count of submissions may
-- carry the inquiry's answer over, so the count at escalation is kept and only submissions beyond it
-- mark the chargeback answered outside ClinicPay (docs/decisions/0086-disputes.md).
ALTER TABLE "disputes" ADD COLUMN "submissions_before_chargeback" integer DEFAULT 0 NOT NULL;
