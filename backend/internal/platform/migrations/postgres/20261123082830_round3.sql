-- Modify "pending_uploads" table
ALTER TABLE "pending_uploads" ADD COLUMN "reserved_bytes" bigint NOT NULL DEFAULT 0;
-- Create index "pendingupload_owner_id" to table: "pending_uploads"
CREATE INDEX "pendingupload_owner_id" ON "pending_uploads" ("owner_id");
-- Create "account_deletions" table
CREATE TABLE "account_deletions" ("id" uuid NOT NULL, "created_at" timestamptz NOT NULL, "updated_at" timestamptz NOT NULL, "user_id" uuid NOT NULL, "requested_at" timestamptz NOT NULL, "erase_at" timestamptz NOT NULL, "cancelled_at" timestamptz NULL, "steps_done" character varying NOT NULL DEFAULT '', "erased_at" timestamptz NULL, "attempts" bigint NOT NULL DEFAULT 0, "last_error" character varying NOT NULL DEFAULT '', PRIMARY KEY ("id"));
-- Create index "account_deletions_user_id_key" to table: "account_deletions"
CREATE UNIQUE INDEX "account_deletions_user_id_key" ON "account_deletions" ("user_id");
-- Create index "accountdeletion_erase_at" to table: "account_deletions"
CREATE INDEX "accountdeletion_erase_at" ON "account_deletions" ("erase_at");
-- Create "retained_payments" table
CREATE TABLE "retained_payments" ("id" uuid NOT NULL, "reference" character varying NOT NULL, "plan_id" character varying NOT NULL, "amount_minor" bigint NOT NULL, "currency" character varying NOT NULL, "duration_days" bigint NOT NULL, "status" character varying NOT NULL, "provider" character varying NOT NULL, "paid_at" timestamptz NOT NULL, "applied_at" timestamptz NULL, "refunded_at" timestamptz NULL, "refunded_minor" bigint NOT NULL DEFAULT 0, "retained_at" timestamptz NOT NULL, PRIMARY KEY ("id"));
-- Create index "retained_payments_reference_key" to table: "retained_payments"
CREATE UNIQUE INDEX "retained_payments_reference_key" ON "retained_payments" ("reference");
-- Create index "retainedpayment_paid_at" to table: "retained_payments"
CREATE INDEX "retainedpayment_paid_at" ON "retained_payments" ("paid_at");
-- Modify "referrals" table
ALTER TABLE "referrals" DROP CONSTRAINT "referrals_users_referrals_made", DROP CONSTRAINT "referrals_users_referred_by", ALTER COLUMN "affiliate_id" DROP NOT NULL, ALTER COLUMN "referred_id" DROP NOT NULL, ADD CONSTRAINT "referrals_users_referrals_made" FOREIGN KEY ("affiliate_id") REFERENCES "users" ("id") ON UPDATE NO ACTION ON DELETE SET NULL, ADD CONSTRAINT "referrals_users_referred_by" FOREIGN KEY ("referred_id") REFERENCES "users" ("id") ON UPDATE NO ACTION ON DELETE SET NULL;
