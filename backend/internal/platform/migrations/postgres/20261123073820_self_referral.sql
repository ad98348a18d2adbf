-- Modify "payments" table
ALTER TABLE "payments" ADD COLUMN "payer_customer_code" character varying NOT NULL DEFAULT '', ADD COLUMN "payer_email" character varying NOT NULL DEFAULT '', ADD COLUMN "payer_phone" character varying NOT NULL DEFAULT '', ADD COLUMN "payer_signature" character varying NOT NULL DEFAULT '';
-- Modify "referrals" table
ALTER TABLE "referrals" ADD COLUMN "not_eligible_reason" character varying NOT NULL DEFAULT '', ADD COLUMN "flagged_at" timestamptz NULL;
