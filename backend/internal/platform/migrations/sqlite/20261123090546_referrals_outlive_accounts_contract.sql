-- Disable the enforcement of foreign-keys constraints
PRAGMA foreign_keys = off;
-- Create "new_referrals" table
CREATE TABLE `new_referrals` (`id` uuid NOT NULL, `created_at` datetime NOT NULL, `not_eligible_reason` text NOT NULL DEFAULT (''), `flagged_at` datetime NULL, `affiliate_id` uuid NULL, `referred_id` uuid NULL, PRIMARY KEY (`id`), CONSTRAINT `referrals_users_referrals_made` FOREIGN KEY (`affiliate_id`) REFERENCES `users` (`id`) ON DELETE SET NULL, CONSTRAINT `referrals_users_referred_by` FOREIGN KEY (`referred_id`) REFERENCES `users` (`id`) ON DELETE SET NULL);
-- Copy rows from old table "referrals" to new temporary table "new_referrals"
INSERT INTO `new_referrals` (`id`, `created_at`, `not_eligible_reason`, `flagged_at`, `affiliate_id`, `referred_id`) SELECT `id`, `created_at`, `not_eligible_reason`, `flagged_at`, `affiliate_id`, `referred_id` FROM `referrals`;
-- Drop "referrals" table after copying rows
DROP TABLE `referrals`;
-- Rename temporary table "new_referrals" to "referrals"
ALTER TABLE `new_referrals` RENAME TO `referrals`;
-- Create index "referrals_referred_id_key" to table: "referrals"
CREATE UNIQUE INDEX `referrals_referred_id_key` ON `referrals` (`referred_id`);
-- Create index "referral_affiliate_id_created_at" to table: "referrals"
CREATE INDEX `referral_affiliate_id_created_at` ON `referrals` (`affiliate_id`, `created_at`);
-- Enable back the enforcement of foreign-keys constraints
PRAGMA foreign_keys = on;
