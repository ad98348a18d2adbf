-- Create "phone_verifications" table
CREATE TABLE `phone_verifications` (`id` uuid NOT NULL, `user_id` uuid NOT NULL, `phone` text NOT NULL, `code_hash` text NOT NULL, `attempts` integer NOT NULL DEFAULT (0), `expires_at` datetime NOT NULL, `used_at` datetime NULL, `created_at` datetime NOT NULL, PRIMARY KEY (`id`));
-- Create index "phoneverification_user_id_created_at" to table: "phone_verifications"
CREATE INDEX `phoneverification_user_id_created_at` ON `phone_verifications` (`user_id`, `created_at`);
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
