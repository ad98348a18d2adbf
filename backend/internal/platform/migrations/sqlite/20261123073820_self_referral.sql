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
-- Enable back the enforcement of foreign-keys constraints
PRAGMA foreign_keys = on;
