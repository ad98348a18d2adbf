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
-- Create "new_payments" table
CREATE TABLE `new_payments` (`id` uuid NOT NULL, `created_at` datetime NOT NULL, `updated_at` datetime NOT NULL, `reference` text NOT NULL, `amount_minor` integer NOT NULL, `currency` text NOT NULL, `duration_days` integer NOT NULL, `status` text NOT NULL DEFAULT ('pending'), `provider` text NOT NULL, `applied_at` datetime NULL, `paid_until_after` datetime NULL, `refunded_at` datetime NULL, `refunded_minor` integer NOT NULL DEFAULT (0), `plan_id` text NOT NULL, `user_id` uuid NOT NULL, PRIMARY KEY (`id`), CONSTRAINT `payments_plans_payments` FOREIGN KEY (`plan_id`) REFERENCES `plans` (`id`) ON DELETE NO ACTION, CONSTRAINT `payments_users_payments` FOREIGN KEY (`user_id`) REFERENCES `users` (`id`) ON DELETE NO ACTION);
-- Copy rows from old table "payments" to new temporary table "new_payments"
INSERT INTO `new_payments` (`id`, `created_at`, `updated_at`, `reference`, `amount_minor`, `currency`, `duration_days`, `status`, `provider`, `applied_at`, `paid_until_after`, `plan_id`, `user_id`) SELECT `id`, `created_at`, `updated_at`, `reference`, `amount_minor`, `currency`, `duration_days`, `status`, `provider`, `applied_at`, `paid_until_after`, `plan_id`, `user_id` FROM `payments`;
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
-- Create "cause_lists" table
CREATE TABLE `cause_lists` (`id` uuid NOT NULL, `created_at` datetime NOT NULL, `updated_at` datetime NOT NULL, `sha256` text NOT NULL, `file_name` text NOT NULL DEFAULT (''), `source` text NOT NULL, `source_url` text NOT NULL DEFAULT (''), `published` bool NOT NULL DEFAULT (false), `court` text NOT NULL DEFAULT (''), `first_date` text NULL, `last_date` text NULL, `rows` integer NOT NULL DEFAULT (0), PRIMARY KEY (`id`));
-- Create index "cause_lists_sha256_key" to table: "cause_lists"
CREATE UNIQUE INDEX `cause_lists_sha256_key` ON `cause_lists` (`sha256`);
-- Create "cause_list_dismissals" table
CREATE TABLE `cause_list_dismissals` (`id` uuid NOT NULL, `owner_id` uuid NOT NULL, `case_ref` uuid NOT NULL, `kind` text NOT NULL, `listed_date` text NULL, `created_at` datetime NOT NULL, PRIMARY KEY (`id`));
-- Create index "causelistdismissal_owner_id_case_ref_kind_listed_date" to table: "cause_list_dismissals"
CREATE UNIQUE INDEX `causelistdismissal_owner_id_case_ref_kind_listed_date` ON `cause_list_dismissals` (`owner_id`, `case_ref`, `kind`, `listed_date`);
-- Create "cause_list_entries" table
CREATE TABLE `cause_list_entries` (`id` uuid NOT NULL, `station` text NOT NULL, `court` text NOT NULL DEFAULT (''), `division` text NOT NULL DEFAULT (''), `sitting_date` text NULL, `judicial_officer` text NOT NULL DEFAULT (''), `court_room` text NOT NULL DEFAULT (''), `virtual_link` text NOT NULL DEFAULT (''), `number` integer NOT NULL DEFAULT (0), `case_number` text NOT NULL, `case_key` text NOT NULL, `case_bare` text NOT NULL, `case_prefix` text NOT NULL DEFAULT (''), `parties` text NOT NULL DEFAULT (''), `activity` text NOT NULL DEFAULT (''), `time` text NOT NULL DEFAULT (''), `list_id` uuid NOT NULL, PRIMARY KEY (`id`), CONSTRAINT `cause_list_entries_cause_lists_entries` FOREIGN KEY (`list_id`) REFERENCES `cause_lists` (`id`) ON DELETE CASCADE);
-- Create index "causelistentry_station_sitting_date" to table: "cause_list_entries"
CREATE INDEX `causelistentry_station_sitting_date` ON `cause_list_entries` (`station`, `sitting_date`);
-- Create index "causelistentry_case_key" to table: "cause_list_entries"
CREATE INDEX `causelistentry_case_key` ON `cause_list_entries` (`case_key`);
-- Create index "causelistentry_case_bare" to table: "cause_list_entries"
CREATE INDEX `causelistentry_case_bare` ON `cause_list_entries` (`case_bare`);
-- Create index "causelistentry_list_id" to table: "cause_list_entries"
CREATE INDEX `causelistentry_list_id` ON `cause_list_entries` (`list_id`);
-- Create "cause_list_fetches" table
CREATE TABLE `cause_list_fetches` (`id` uuid NOT NULL, `created_at` datetime NOT NULL, `updated_at` datetime NOT NULL, `url` text NOT NULL, `kind` text NOT NULL, `etag` text NOT NULL DEFAULT (''), `last_modified` text NOT NULL DEFAULT (''), `outcome` text NOT NULL DEFAULT (''), PRIMARY KEY (`id`));
-- Create index "cause_list_fetches_url_key" to table: "cause_list_fetches"
CREATE UNIQUE INDEX `cause_list_fetches_url_key` ON `cause_list_fetches` (`url`);
-- Create "cause_list_uploads" table
CREATE TABLE `cause_list_uploads` (`id` uuid NOT NULL, `owner_id` uuid NOT NULL, `created_at` datetime NOT NULL, `list_id` uuid NOT NULL, PRIMARY KEY (`id`), CONSTRAINT `cause_list_uploads_cause_lists_uploads` FOREIGN KEY (`list_id`) REFERENCES `cause_lists` (`id`) ON DELETE CASCADE);
-- Create index "causelistupload_list_id_owner_id" to table: "cause_list_uploads"
CREATE UNIQUE INDEX `causelistupload_list_id_owner_id` ON `cause_list_uploads` (`list_id`, `owner_id`);
-- Create index "causelistupload_owner_id" to table: "cause_list_uploads"
CREATE INDEX `causelistupload_owner_id` ON `cause_list_uploads` (`owner_id`);
-- Create "phone_verifications" table
CREATE TABLE `phone_verifications` (`id` uuid NOT NULL, `user_id` uuid NOT NULL, `phone` text NOT NULL, `code_hash` text NOT NULL, `attempts` integer NOT NULL DEFAULT (0), `expires_at` datetime NOT NULL, `used_at` datetime NULL, `created_at` datetime NOT NULL, PRIMARY KEY (`id`));
-- Create index "phoneverification_user_id_created_at" to table: "phone_verifications"
CREATE INDEX `phoneverification_user_id_created_at` ON `phone_verifications` (`user_id`, `created_at`);
-- Create "rate_limits" table
CREATE TABLE `rate_limits` (`id` integer NOT NULL PRIMARY KEY AUTOINCREMENT, `key` text NOT NULL, `count` integer NOT NULL, `expires_at` integer NOT NULL);
-- Create index "rate_limits_key_key" to table: "rate_limits"
CREATE UNIQUE INDEX `rate_limits_key_key` ON `rate_limits` (`key`);
-- Create index "ratelimit_expires_at" to table: "rate_limits"
CREATE INDEX `ratelimit_expires_at` ON `rate_limits` (`expires_at`);
-- Create "reminder_consents" table
CREATE TABLE `reminder_consents` (`id` uuid NOT NULL, `user_id` uuid NOT NULL, `subject` text NOT NULL, `granted` bool NOT NULL, `source` text NOT NULL, `detail` text NOT NULL DEFAULT (''), `created_at` datetime NOT NULL, PRIMARY KEY (`id`));
-- Create index "reminderconsent_user_id_created_at" to table: "reminder_consents"
CREATE INDEX `reminderconsent_user_id_created_at` ON `reminder_consents` (`user_id`, `created_at`);
-- Create "reminder_messages" table
CREATE TABLE `reminder_messages` (`id` uuid NOT NULL, `created_at` datetime NOT NULL, `updated_at` datetime NOT NULL, `user_id` uuid NOT NULL, `kind` text NOT NULL, `day` text NOT NULL, `channel` text NOT NULL, `key` text NOT NULL, `recipient` text NOT NULL, `subject` text NOT NULL DEFAULT (''), `text` text NOT NULL, `status` text NOT NULL DEFAULT ('pending'), `attempts` integer NOT NULL DEFAULT (0), `next_attempt_at` datetime NOT NULL, `provider_id` text NOT NULL DEFAULT (''), `error` text NOT NULL DEFAULT (''), `sent_at` datetime NULL, `delivered_at` datetime NULL, PRIMARY KEY (`id`));
-- Create index "reminder_messages_key_key" to table: "reminder_messages"
CREATE UNIQUE INDEX `reminder_messages_key_key` ON `reminder_messages` (`key`);
-- Create index "remindermessage_user_id_created_at" to table: "reminder_messages"
CREATE INDEX `remindermessage_user_id_created_at` ON `reminder_messages` (`user_id`, `created_at`);
-- Create index "remindermessage_status_next_attempt_at" to table: "reminder_messages"
CREATE INDEX `remindermessage_status_next_attempt_at` ON `reminder_messages` (`status`, `next_attempt_at`);
-- Create index "remindermessage_provider_id" to table: "reminder_messages"
CREATE INDEX `remindermessage_provider_id` ON `reminder_messages` (`provider_id`);
-- Create "reminder_settings" table
CREATE TABLE `reminder_settings` (`id` uuid NOT NULL, `created_at` datetime NOT NULL, `updated_at` datetime NOT NULL, `user_id` uuid NOT NULL, `email` bool NOT NULL DEFAULT (true), `sms` bool NOT NULL DEFAULT (false), `whatsapp` bool NOT NULL DEFAULT (true), `evening_digest` bool NOT NULL DEFAULT (true), `evening_time` text NOT NULL DEFAULT ('18:30'), `morning_digest` bool NOT NULL DEFAULT (true), `morning_time` text NOT NULL DEFAULT ('06:30'), `verified_phone` text NOT NULL DEFAULT (''), `calendar_nonce` text NOT NULL DEFAULT (''), `calendar_token_hash` text NULL, PRIMARY KEY (`id`));
-- Create index "reminder_settings_user_id_key" to table: "reminder_settings"
CREATE UNIQUE INDEX `reminder_settings_user_id_key` ON `reminder_settings` (`user_id`);
-- Create index "reminder_settings_calendar_token_hash_key" to table: "reminder_settings"
CREATE UNIQUE INDEX `reminder_settings_calendar_token_hash_key` ON `reminder_settings` (`calendar_token_hash`);
-- Enable back the enforcement of foreign-keys constraints
PRAGMA foreign_keys = on;
