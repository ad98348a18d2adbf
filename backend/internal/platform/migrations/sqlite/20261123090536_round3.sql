-- Disable the enforcement of foreign-keys constraints
PRAGMA foreign_keys = off;
-- Create "new_referrals" table
CREATE TABLE `new_referrals` (`id` uuid NOT NULL, `created_at` datetime NOT NULL, `not_eligible_reason` text NOT NULL DEFAULT (''), `flagged_at` datetime NULL, `affiliate_id` uuid NOT NULL, `referred_id` uuid NOT NULL, PRIMARY KEY (`id`), CONSTRAINT `referrals_users_referrals_made` FOREIGN KEY (`affiliate_id`) REFERENCES `users` (`id`) ON DELETE NO ACTION, CONSTRAINT `referrals_users_referred_by` FOREIGN KEY (`referred_id`) REFERENCES `users` (`id`) ON DELETE NO ACTION);
-- Copy rows from old table "referrals" to new temporary table "new_referrals"
INSERT INTO `new_referrals` (`id`, `created_at`, `affiliate_id`, `referred_id`) SELECT `id`, `created_at`, `affiliate_id`, `referred_id` FROM `referrals`;
-- Drop "referrals" table after copying rows
DROP TABLE `referrals`;
-- Rename temporary table "new_referrals" to "referrals"
ALTER TABLE `new_referrals` RENAME TO `referrals`;
-- Create index "referrals_referred_id_key" to table: "referrals"
CREATE UNIQUE INDEX `referrals_referred_id_key` ON `referrals` (`referred_id`);
-- Create index "referral_affiliate_id_created_at" to table: "referrals"
CREATE INDEX `referral_affiliate_id_created_at` ON `referrals` (`affiliate_id`, `created_at`);
-- Create "new_pending_uploads" table
CREATE TABLE `new_pending_uploads` (`id` uuid NOT NULL, `blob_key` text NOT NULL, `owner_id` uuid NOT NULL, `reserved_bytes` integer NOT NULL DEFAULT (0), `created_at` datetime NOT NULL, PRIMARY KEY (`id`));
-- Copy rows from old table "pending_uploads" to new temporary table "new_pending_uploads"
INSERT INTO `new_pending_uploads` (`id`, `blob_key`, `owner_id`, `created_at`) SELECT `id`, `blob_key`, `owner_id`, `created_at` FROM `pending_uploads`;
-- Drop "pending_uploads" table after copying rows
DROP TABLE `pending_uploads`;
-- Rename temporary table "new_pending_uploads" to "pending_uploads"
ALTER TABLE `new_pending_uploads` RENAME TO `pending_uploads`;
-- Create index "pending_uploads_blob_key_key" to table: "pending_uploads"
CREATE UNIQUE INDEX `pending_uploads_blob_key_key` ON `pending_uploads` (`blob_key`);
-- Create index "pendingupload_created_at" to table: "pending_uploads"
CREATE INDEX `pendingupload_created_at` ON `pending_uploads` (`created_at`);
-- Create index "pendingupload_owner_id" to table: "pending_uploads"
CREATE INDEX `pendingupload_owner_id` ON `pending_uploads` (`owner_id`);
-- Create "new_activities" table
CREATE TABLE `new_activities` (`id` uuid NOT NULL, `created_at` datetime NOT NULL, `updated_at` datetime NOT NULL, `owner_id` uuid NOT NULL, `activity` text NOT NULL, `activity_date` text NULL, `time` text NOT NULL DEFAULT (''), `outcome` text NOT NULL DEFAULT (''), `client_name` text NOT NULL DEFAULT (''), `imported` bool NOT NULL DEFAULT (false), `attended_by` uuid NULL, `assigned_by` uuid NULL, `case_ref` uuid NOT NULL, PRIMARY KEY (`id`), CONSTRAINT `activities_court_cases_activities` FOREIGN KEY (`case_ref`) REFERENCES `court_cases` (`id`) ON DELETE CASCADE);
-- Copy rows from old table "activities" to new temporary table "new_activities"
INSERT INTO `new_activities` (`id`, `created_at`, `updated_at`, `owner_id`, `activity`, `activity_date`, `time`, `outcome`, `client_name`, `imported`, `case_ref`) SELECT `id`, `created_at`, `updated_at`, `owner_id`, `activity`, `activity_date`, `time`, `outcome`, `client_name`, `imported`, `case_ref` FROM `activities`;
-- Drop "activities" table after copying rows
DROP TABLE `activities`;
-- Rename temporary table "new_activities" to "activities"
ALTER TABLE `new_activities` RENAME TO `activities`;
-- Create index "activity_owner_id_activity_date" to table: "activities"
CREATE INDEX `activity_owner_id_activity_date` ON `activities` (`owner_id`, `activity_date`);
-- Create index "activity_case_ref_activity_date" to table: "activities"
CREATE INDEX `activity_case_ref_activity_date` ON `activities` (`case_ref`, `activity_date`);
-- Create index "activity_attended_by_activity_date" to table: "activities"
CREATE INDEX `activity_attended_by_activity_date` ON `activities` (`attended_by`, `activity_date`);
-- Create "new_court_cases" table
CREATE TABLE `new_court_cases` (`id` uuid NOT NULL, `created_at` datetime NOT NULL, `updated_at` datetime NOT NULL, `case_id` text NOT NULL, `parties` text NOT NULL DEFAULT (''), `law_court` text NOT NULL DEFAULT (''), `filing_date` text NULL, `status` text NOT NULL DEFAULT ('Registration/Filing'), `case_type` text NOT NULL DEFAULT (''), `notes` text NOT NULL DEFAULT (''), `mark_updated` bool NOT NULL DEFAULT (false), `activity_date` text NULL, `activity_time` text NOT NULL DEFAULT (''), `activity_kind` text NOT NULL DEFAULT (''), `latest_activity_date` text NULL, `latest_done` bool NOT NULL DEFAULT (false), `concluded` bool NOT NULL DEFAULT (false), `shared` bool NOT NULL DEFAULT (false), `owner_id` uuid NOT NULL, PRIMARY KEY (`id`), CONSTRAINT `court_cases_users_cases` FOREIGN KEY (`owner_id`) REFERENCES `users` (`id`) ON DELETE NO ACTION);
-- Copy rows from old table "court_cases" to new temporary table "new_court_cases"
INSERT INTO `new_court_cases` (`id`, `created_at`, `updated_at`, `case_id`, `parties`, `law_court`, `filing_date`, `status`, `case_type`, `notes`, `mark_updated`, `activity_date`, `activity_time`, `activity_kind`, `latest_activity_date`, `latest_done`, `concluded`, `owner_id`) SELECT `id`, `created_at`, `updated_at`, `case_id`, `parties`, `law_court`, `filing_date`, `status`, `case_type`, `notes`, `mark_updated`, `activity_date`, `activity_time`, `activity_kind`, `latest_activity_date`, `latest_done`, `concluded`, `owner_id` FROM `court_cases`;
-- Drop "court_cases" table after copying rows
DROP TABLE `court_cases`;
-- Rename temporary table "new_court_cases" to "court_cases"
ALTER TABLE `new_court_cases` RENAME TO `court_cases`;
-- Create index "courtcase_owner_id_case_id" to table: "court_cases"
CREATE UNIQUE INDEX `courtcase_owner_id_case_id` ON `court_cases` (`owner_id`, `case_id`);
-- Create index "courtcase_owner_id_activity_date" to table: "court_cases"
CREATE INDEX `courtcase_owner_id_activity_date` ON `court_cases` (`owner_id`, `activity_date`);
-- Create index "courtcase_owner_id_latest_activity_date" to table: "court_cases"
CREATE INDEX `courtcase_owner_id_latest_activity_date` ON `court_cases` (`owner_id`, `latest_activity_date`);
-- Create "new_payments" table
CREATE TABLE `new_payments` (`id` uuid NOT NULL, `created_at` datetime NOT NULL, `updated_at` datetime NOT NULL, `reference` text NOT NULL, `amount_minor` integer NOT NULL, `currency` text NOT NULL, `duration_days` integer NOT NULL, `status` text NOT NULL DEFAULT ('pending'), `provider` text NOT NULL, `applied_at` datetime NULL, `paid_until_after` datetime NULL, `refunded_at` datetime NULL, `refunded_minor` integer NOT NULL DEFAULT (0), `payer_customer_code` text NOT NULL DEFAULT (''), `payer_email` text NOT NULL DEFAULT (''), `payer_phone` text NOT NULL DEFAULT (''), `payer_signature` text NOT NULL DEFAULT (''), `plan_id` text NOT NULL, `user_id` uuid NOT NULL, PRIMARY KEY (`id`), CONSTRAINT `payments_plans_payments` FOREIGN KEY (`plan_id`) REFERENCES `plans` (`id`) ON DELETE NO ACTION, CONSTRAINT `payments_users_payments` FOREIGN KEY (`user_id`) REFERENCES `users` (`id`) ON DELETE NO ACTION);
-- Copy rows from old table "payments" to new temporary table "new_payments"
INSERT INTO `new_payments` (`id`, `created_at`, `updated_at`, `reference`, `amount_minor`, `currency`, `duration_days`, `status`, `provider`, `applied_at`, `paid_until_after`, `refunded_at`, `refunded_minor`, `plan_id`, `user_id`) SELECT `id`, `created_at`, `updated_at`, `reference`, `amount_minor`, `currency`, `duration_days`, `status`, `provider`, `applied_at`, `paid_until_after`, `refunded_at`, `refunded_minor`, `plan_id`, `user_id` FROM `payments`;
-- Drop "payments" table after copying rows
DROP TABLE `payments`;
-- Rename temporary table "new_payments" to "payments"
ALTER TABLE `new_payments` RENAME TO `payments`;
-- Create index "payments_reference_key" to table: "payments"
CREATE UNIQUE INDEX `payments_reference_key` ON `payments` (`reference`);
-- Create index "payment_user_id_created_at" to table: "payments"
CREATE INDEX `payment_user_id_created_at` ON `payments` (`user_id`, `created_at`);
-- Create index "payment_status_applied_at" to table: "payments"
CREATE INDEX `payment_status_applied_at` ON `payments` (`status`, `applied_at`);
-- Create "account_deletions" table
CREATE TABLE `account_deletions` (`id` uuid NOT NULL, `created_at` datetime NOT NULL, `updated_at` datetime NOT NULL, `user_id` uuid NOT NULL, `requested_at` datetime NOT NULL, `erase_at` datetime NOT NULL, `cancelled_at` datetime NULL, `steps_done` text NOT NULL DEFAULT (''), `erased_at` datetime NULL, `attempts` integer NOT NULL DEFAULT (0), `last_error` text NOT NULL DEFAULT (''), PRIMARY KEY (`id`));
-- Create index "account_deletions_user_id_key" to table: "account_deletions"
CREATE UNIQUE INDEX `account_deletions_user_id_key` ON `account_deletions` (`user_id`);
-- Create index "accountdeletion_erase_at" to table: "account_deletions"
CREATE INDEX `accountdeletion_erase_at` ON `account_deletions` (`erase_at`);
-- Create "firms" table
CREATE TABLE `firms` (`id` uuid NOT NULL, `created_at` datetime NOT NULL, `updated_at` datetime NOT NULL, `name` text NOT NULL, `admin_id` uuid NOT NULL, PRIMARY KEY (`id`));
-- Create "firm_invitations" table
CREATE TABLE `firm_invitations` (`id` uuid NOT NULL, `email` text NOT NULL, `code_hash` blob NOT NULL, `invited_by` uuid NOT NULL, `created_at` datetime NOT NULL, `expires_at` datetime NOT NULL, `accepted_at` datetime NULL, `accepted_by` uuid NULL, `revoked_at` datetime NULL, `firm_id` uuid NOT NULL, PRIMARY KEY (`id`), CONSTRAINT `firm_invitations_firms_invitations` FOREIGN KEY (`firm_id`) REFERENCES `firms` (`id`) ON DELETE CASCADE);
-- Create index "firm_invitations_code_hash_key" to table: "firm_invitations"
CREATE UNIQUE INDEX `firm_invitations_code_hash_key` ON `firm_invitations` (`code_hash`);
-- Create index "firminvitation_firm_id_email" to table: "firm_invitations"
CREATE INDEX `firminvitation_firm_id_email` ON `firm_invitations` (`firm_id`, `email`);
-- Create "firm_members" table
CREATE TABLE `firm_members` (`id` uuid NOT NULL, `user_id` uuid NOT NULL, `admin` bool NOT NULL DEFAULT (false), `joined_at` datetime NOT NULL, `firm_id` uuid NOT NULL, PRIMARY KEY (`id`), CONSTRAINT `firm_members_firms_members` FOREIGN KEY (`firm_id`) REFERENCES `firms` (`id`) ON DELETE CASCADE);
-- Create index "firm_members_user_id_key" to table: "firm_members"
CREATE UNIQUE INDEX `firm_members_user_id_key` ON `firm_members` (`user_id`);
-- Create index "firmmember_firm_id_user_id" to table: "firm_members"
CREATE INDEX `firmmember_firm_id_user_id` ON `firm_members` (`firm_id`, `user_id`);
-- Create "retained_payments" table
CREATE TABLE `retained_payments` (`id` uuid NOT NULL, `reference` text NOT NULL, `plan_id` text NOT NULL, `amount_minor` integer NOT NULL, `currency` text NOT NULL, `duration_days` integer NOT NULL, `status` text NOT NULL, `provider` text NOT NULL, `paid_at` datetime NOT NULL, `applied_at` datetime NULL, `refunded_at` datetime NULL, `refunded_minor` integer NOT NULL DEFAULT (0), `retained_at` datetime NOT NULL, PRIMARY KEY (`id`));
-- Create index "retained_payments_reference_key" to table: "retained_payments"
CREATE UNIQUE INDEX `retained_payments_reference_key` ON `retained_payments` (`reference`);
-- Create index "retainedpayment_paid_at" to table: "retained_payments"
CREATE INDEX `retainedpayment_paid_at` ON `retained_payments` (`paid_at`);
-- Create "two_steps" table
CREATE TABLE `two_steps` (`id` uuid NOT NULL, `user_id` uuid NOT NULL, `secret_sealed` blob NOT NULL, `key_id` text NOT NULL, `created_at` datetime NOT NULL, `enabled_at` datetime NULL, `last_step` integer NOT NULL DEFAULT (0), PRIMARY KEY (`id`));
-- Create index "two_steps_user_id_key" to table: "two_steps"
CREATE UNIQUE INDEX `two_steps_user_id_key` ON `two_steps` (`user_id`);
-- Create "two_step_recovery_codes" table
CREATE TABLE `two_step_recovery_codes` (`id` uuid NOT NULL, `user_id` uuid NOT NULL, `code_hash` blob NOT NULL, `created_at` datetime NOT NULL, `used_at` datetime NULL, PRIMARY KEY (`id`));
-- Create index "twosteprecoverycode_user_id" to table: "two_step_recovery_codes"
CREATE INDEX `twosteprecoverycode_user_id` ON `two_step_recovery_codes` (`user_id`);
-- Enable back the enforcement of foreign-keys constraints
PRAGMA foreign_keys = on;
