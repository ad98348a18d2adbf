-- Disable the enforcement of foreign-keys constraints
PRAGMA foreign_keys = off;
-- Create "new_activities" table
CREATE TABLE `new_activities` (`id` uuid NOT NULL, `created_at` datetime NOT NULL, `updated_at` datetime NOT NULL, `owner_id` uuid NOT NULL, `activity` text NOT NULL, `activity_date` text NULL, `time` text NOT NULL DEFAULT (''), `outcome` text NOT NULL DEFAULT (''), `client_name` text NOT NULL DEFAULT (''), `imported` bool NOT NULL DEFAULT (false), `case_ref` uuid NOT NULL, PRIMARY KEY (`id`), CONSTRAINT `activities_court_cases_activities` FOREIGN KEY (`case_ref`) REFERENCES `court_cases` (`id`) ON DELETE CASCADE);
-- Copy rows from old table "activities" to new temporary table "new_activities"
INSERT INTO `new_activities` (`id`, `created_at`, `updated_at`, `owner_id`, `activity`, `activity_date`, `time`, `outcome`, `client_name`, `case_ref`) SELECT `id`, `created_at`, `updated_at`, `owner_id`, `activity`, `activity_date`, `time`, `outcome`, `client_name`, `case_ref` FROM `activities`;
-- Drop "activities" table after copying rows
DROP TABLE `activities`;
-- Rename temporary table "new_activities" to "activities"
ALTER TABLE `new_activities` RENAME TO `activities`;
-- Create index "activity_owner_id_activity_date" to table: "activities"
CREATE INDEX `activity_owner_id_activity_date` ON `activities` (`owner_id`, `activity_date`);
-- Create index "activity_case_ref_activity_date" to table: "activities"
CREATE INDEX `activity_case_ref_activity_date` ON `activities` (`case_ref`, `activity_date`);
-- Create "new_court_cases" table
CREATE TABLE `new_court_cases` (`id` uuid NOT NULL, `created_at` datetime NOT NULL, `updated_at` datetime NOT NULL, `case_id` text NOT NULL, `parties` text NOT NULL DEFAULT (''), `law_court` text NOT NULL DEFAULT (''), `filing_date` text NULL, `status` text NOT NULL DEFAULT ('Registration/Filing'), `case_type` text NOT NULL DEFAULT (''), `notes` text NOT NULL DEFAULT (''), `mark_updated` bool NOT NULL DEFAULT (false), `activity_date` text NULL, `activity_time` text NOT NULL DEFAULT (''), `activity_kind` text NOT NULL DEFAULT (''), `latest_activity_date` text NULL, `latest_done` bool NOT NULL DEFAULT (false), `concluded` bool NOT NULL DEFAULT (false), `owner_id` uuid NOT NULL, PRIMARY KEY (`id`), CONSTRAINT `court_cases_users_cases` FOREIGN KEY (`owner_id`) REFERENCES `users` (`id`) ON DELETE NO ACTION);
-- Copy rows from old table "court_cases" to new temporary table "new_court_cases"
INSERT INTO `new_court_cases` (`id`, `created_at`, `updated_at`, `case_id`, `parties`, `law_court`, `filing_date`, `status`, `case_type`, `notes`, `mark_updated`, `activity_date`, `activity_time`, `activity_kind`, `latest_activity_date`, `owner_id`) SELECT `id`, `created_at`, `updated_at`, `case_id`, `parties`, `law_court`, `filing_date`, `status`, `case_type`, `notes`, `mark_updated`, `activity_date`, `activity_time`, `activity_kind`, `latest_activity_date`, `owner_id` FROM `court_cases`;
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
-- Create "rate_limits" table
CREATE TABLE `rate_limits` (`id` integer NOT NULL PRIMARY KEY AUTOINCREMENT, `key` text NOT NULL, `count` integer NOT NULL, `expires_at` integer NOT NULL);
-- Create index "rate_limits_key_key" to table: "rate_limits"
CREATE UNIQUE INDEX `rate_limits_key_key` ON `rate_limits` (`key`);
-- Create index "ratelimit_expires_at" to table: "rate_limits"
CREATE INDEX `ratelimit_expires_at` ON `rate_limits` (`expires_at`);
-- Enable back the enforcement of foreign-keys constraints
PRAGMA foreign_keys = on;
