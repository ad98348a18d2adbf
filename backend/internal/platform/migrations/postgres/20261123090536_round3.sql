-- Modify "activities" table
ALTER TABLE "activities" ADD COLUMN "attended_by" uuid NULL, ADD COLUMN "assigned_by" uuid NULL;
-- Create index "activity_attended_by_activity_date" to table: "activities"
CREATE INDEX "activity_attended_by_activity_date" ON "activities" ("attended_by", "activity_date");
-- Modify "court_cases" table
ALTER TABLE "court_cases" ADD COLUMN "shared" boolean NOT NULL DEFAULT false;
-- Modify "payments" table
ALTER TABLE "payments" ADD COLUMN "payer_customer_code" character varying NOT NULL DEFAULT '', ADD COLUMN "payer_email" character varying NOT NULL DEFAULT '', ADD COLUMN "payer_phone" character varying NOT NULL DEFAULT '', ADD COLUMN "payer_signature" character varying NOT NULL DEFAULT '';
-- Modify "pending_uploads" table
ALTER TABLE "pending_uploads" ADD COLUMN "reserved_bytes" bigint NOT NULL DEFAULT 0;
-- Create index "pendingupload_owner_id" to table: "pending_uploads"
CREATE INDEX "pendingupload_owner_id" ON "pending_uploads" ("owner_id");
-- Modify "referrals" table
ALTER TABLE "referrals" ADD COLUMN "not_eligible_reason" character varying NOT NULL DEFAULT '', ADD COLUMN "flagged_at" timestamptz NULL;
-- Create "account_deletions" table
CREATE TABLE "account_deletions" ("id" uuid NOT NULL, "created_at" timestamptz NOT NULL, "updated_at" timestamptz NOT NULL, "user_id" uuid NOT NULL, "requested_at" timestamptz NOT NULL, "erase_at" timestamptz NOT NULL, "cancelled_at" timestamptz NULL, "steps_done" character varying NOT NULL DEFAULT '', "erased_at" timestamptz NULL, "attempts" bigint NOT NULL DEFAULT 0, "last_error" character varying NOT NULL DEFAULT '', PRIMARY KEY ("id"));
-- Create index "account_deletions_user_id_key" to table: "account_deletions"
CREATE UNIQUE INDEX "account_deletions_user_id_key" ON "account_deletions" ("user_id");
-- Create index "accountdeletion_erase_at" to table: "account_deletions"
CREATE INDEX "accountdeletion_erase_at" ON "account_deletions" ("erase_at");
-- Create "firms" table
CREATE TABLE "firms" ("id" uuid NOT NULL, "created_at" timestamptz NOT NULL, "updated_at" timestamptz NOT NULL, "name" character varying NOT NULL, "admin_id" uuid NOT NULL, PRIMARY KEY ("id"));
-- Create "retained_payments" table
CREATE TABLE "retained_payments" ("id" uuid NOT NULL, "reference" character varying NOT NULL, "plan_id" character varying NOT NULL, "amount_minor" bigint NOT NULL, "currency" character varying NOT NULL, "duration_days" bigint NOT NULL, "status" character varying NOT NULL, "provider" character varying NOT NULL, "paid_at" timestamptz NOT NULL, "applied_at" timestamptz NULL, "refunded_at" timestamptz NULL, "refunded_minor" bigint NOT NULL DEFAULT 0, "retained_at" timestamptz NOT NULL, PRIMARY KEY ("id"));
-- Create index "retained_payments_reference_key" to table: "retained_payments"
CREATE UNIQUE INDEX "retained_payments_reference_key" ON "retained_payments" ("reference");
-- Create index "retainedpayment_paid_at" to table: "retained_payments"
CREATE INDEX "retainedpayment_paid_at" ON "retained_payments" ("paid_at");
-- Create "two_steps" table
CREATE TABLE "two_steps" ("id" uuid NOT NULL, "user_id" uuid NOT NULL, "secret_sealed" bytea NOT NULL, "key_id" character varying NOT NULL, "created_at" timestamptz NOT NULL, "enabled_at" timestamptz NULL, "last_step" bigint NOT NULL DEFAULT 0, PRIMARY KEY ("id"));
-- Create index "two_steps_user_id_key" to table: "two_steps"
CREATE UNIQUE INDEX "two_steps_user_id_key" ON "two_steps" ("user_id");
-- Create "two_step_recovery_codes" table
CREATE TABLE "two_step_recovery_codes" ("id" uuid NOT NULL, "user_id" uuid NOT NULL, "code_hash" bytea NOT NULL, "created_at" timestamptz NOT NULL, "used_at" timestamptz NULL, PRIMARY KEY ("id"));
-- Create index "twosteprecoverycode_user_id" to table: "two_step_recovery_codes"
CREATE INDEX "twosteprecoverycode_user_id" ON "two_step_recovery_codes" ("user_id");
-- Create "firm_invitations" table
CREATE TABLE "firm_invitations" ("id" uuid NOT NULL, "email" character varying NOT NULL, "code_hash" bytea NOT NULL, "invited_by" uuid NOT NULL, "created_at" timestamptz NOT NULL, "expires_at" timestamptz NOT NULL, "accepted_at" timestamptz NULL, "accepted_by" uuid NULL, "revoked_at" timestamptz NULL, "firm_id" uuid NOT NULL, PRIMARY KEY ("id"), CONSTRAINT "firm_invitations_firms_invitations" FOREIGN KEY ("firm_id") REFERENCES "firms" ("id") ON UPDATE NO ACTION ON DELETE CASCADE);
-- Create index "firm_invitations_code_hash_key" to table: "firm_invitations"
CREATE UNIQUE INDEX "firm_invitations_code_hash_key" ON "firm_invitations" ("code_hash");
-- Create index "firminvitation_firm_id_email" to table: "firm_invitations"
CREATE INDEX "firminvitation_firm_id_email" ON "firm_invitations" ("firm_id", "email");
-- Create "firm_members" table
CREATE TABLE "firm_members" ("id" uuid NOT NULL, "user_id" uuid NOT NULL, "admin" boolean NOT NULL DEFAULT false, "joined_at" timestamptz NOT NULL, "firm_id" uuid NOT NULL, PRIMARY KEY ("id"), CONSTRAINT "firm_members_firms_members" FOREIGN KEY ("firm_id") REFERENCES "firms" ("id") ON UPDATE NO ACTION ON DELETE CASCADE);
-- Create index "firm_members_user_id_key" to table: "firm_members"
CREATE UNIQUE INDEX "firm_members_user_id_key" ON "firm_members" ("user_id");
-- Create index "firmmember_firm_id_user_id" to table: "firm_members"
CREATE INDEX "firmmember_firm_id_user_id" ON "firm_members" ("firm_id", "user_id");
