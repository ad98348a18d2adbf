-- Disable the enforcement of foreign-keys constraints
PRAGMA foreign_keys = off;
-- Create "new_referrals" table
CREATE TABLE `new_referrals` (`id` uuid NOT NULL, `created_at` datetime NOT NULL, `affiliate_id` uuid NULL, `referred_id` uuid NULL, PRIMARY KEY (`id`), CONSTRAINT `referrals_users_referrals_made` FOREIGN KEY (`affiliate_id`) REFERENCES `users` (`id`) ON DELETE SET NULL, CONSTRAINT `referrals_users_referred_by` FOREIGN KEY (`referred_id`) REFERENCES `users` (`id`) ON DELETE SET NULL);
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
-- Create "account_deletions" table
CREATE TABLE `account_deletions` (`id` uuid NOT NULL, `created_at` datetime NOT NULL, `updated_at` datetime NOT NULL, `user_id` uuid NOT NULL, `requested_at` datetime NOT NULL, `erase_at` datetime NOT NULL, `cancelled_at` datetime NULL, `steps_done` text NOT NULL DEFAULT (''), `erased_at` datetime NULL, `attempts` integer NOT NULL DEFAULT (0), `last_error` text NOT NULL DEFAULT (''), PRIMARY KEY (`id`));
-- Create index "account_deletions_user_id_key" to table: "account_deletions"
CREATE UNIQUE INDEX `account_deletions_user_id_key` ON `account_deletions` (`user_id`);
-- Create index "accountdeletion_erase_at" to table: "account_deletions"
CREATE INDEX `accountdeletion_erase_at` ON `account_deletions` (`erase_at`);
-- Create "retained_payments" table
CREATE TABLE `retained_payments` (`id` uuid NOT NULL, `reference` text NOT NULL, `plan_id` text NOT NULL, `amount_minor` integer NOT NULL, `currency` text NOT NULL, `duration_days` integer NOT NULL, `status` text NOT NULL, `provider` text NOT NULL, `paid_at` datetime NOT NULL, `applied_at` datetime NULL, `refunded_at` datetime NULL, `refunded_minor` integer NOT NULL DEFAULT (0), `retained_at` datetime NOT NULL, PRIMARY KEY (`id`));
-- Create index "retained_payments_reference_key" to table: "retained_payments"
CREATE UNIQUE INDEX `retained_payments_reference_key` ON `retained_payments` (`reference`);
-- Create index "retainedpayment_paid_at" to table: "retained_payments"
CREATE INDEX `retainedpayment_paid_at` ON `retained_payments` (`paid_at`);
-- Enable back the enforcement of foreign-keys constraints
PRAGMA foreign_keys = on;
