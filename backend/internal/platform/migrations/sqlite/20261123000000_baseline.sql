-- Create "activities" table
CREATE TABLE `activities` (`id` uuid NOT NULL, `created_at` datetime NOT NULL, `updated_at` datetime NOT NULL, `owner_id` uuid NOT NULL, `activity` text NOT NULL, `activity_date` text NULL, `time` text NOT NULL DEFAULT (''), `outcome` text NOT NULL DEFAULT (''), `client_name` text NOT NULL DEFAULT (''), `case_ref` uuid NOT NULL, PRIMARY KEY (`id`), CONSTRAINT `activities_court_cases_activities` FOREIGN KEY (`case_ref`) REFERENCES `court_cases` (`id`) ON DELETE CASCADE);
-- Create index "activity_owner_id_activity_date" to table: "activities"
CREATE INDEX `activity_owner_id_activity_date` ON `activities` (`owner_id`, `activity_date`);
-- Create index "activity_case_ref_activity_date" to table: "activities"
CREATE INDEX `activity_case_ref_activity_date` ON `activities` (`case_ref`, `activity_date`);
-- Create "audit_events" table
CREATE TABLE `audit_events` (`id` uuid NOT NULL, `user_id` uuid NULL, `kind` text NOT NULL, `email` text NOT NULL DEFAULT (''), `ip` text NOT NULL DEFAULT (''), `user_agent` text NOT NULL DEFAULT (''), `detail` text NOT NULL DEFAULT (''), `created_at` datetime NOT NULL, PRIMARY KEY (`id`));
-- Create index "auditevent_user_id_created_at" to table: "audit_events"
CREATE INDEX `auditevent_user_id_created_at` ON `audit_events` (`user_id`, `created_at`);
-- Create index "auditevent_created_at" to table: "audit_events"
CREATE INDEX `auditevent_created_at` ON `audit_events` (`created_at`);
-- Create "commissions" table
CREATE TABLE `commissions` (`id` uuid NOT NULL, `affiliate_id` uuid NOT NULL, `month` text NOT NULL, `amount_minor` integer NOT NULL, `currency` text NOT NULL, `status` text NOT NULL DEFAULT ('pending'), `created_at` datetime NOT NULL, `paid_at` datetime NULL, `referral_id` uuid NOT NULL, PRIMARY KEY (`id`), CONSTRAINT `commissions_referrals_commissions` FOREIGN KEY (`referral_id`) REFERENCES `referrals` (`id`) ON DELETE NO ACTION);
-- Create index "commission_referral_id_month" to table: "commissions"
CREATE UNIQUE INDEX `commission_referral_id_month` ON `commissions` (`referral_id`, `month`);
-- Create index "commission_affiliate_id_created_at" to table: "commissions"
CREATE INDEX `commission_affiliate_id_created_at` ON `commissions` (`affiliate_id`, `created_at`);
-- Create "court_cases" table
CREATE TABLE `court_cases` (`id` uuid NOT NULL, `created_at` datetime NOT NULL, `updated_at` datetime NOT NULL, `case_id` text NOT NULL, `parties` text NOT NULL DEFAULT (''), `law_court` text NOT NULL DEFAULT (''), `filing_date` text NULL, `status` text NOT NULL DEFAULT ('Registration/Filing'), `case_type` text NOT NULL DEFAULT (''), `notes` text NOT NULL DEFAULT (''), `mark_updated` bool NOT NULL DEFAULT (false), `activity_date` text NULL, `activity_time` text NOT NULL DEFAULT (''), `activity_kind` text NOT NULL DEFAULT (''), `latest_activity_date` text NULL, `owner_id` uuid NOT NULL, PRIMARY KEY (`id`), CONSTRAINT `court_cases_users_cases` FOREIGN KEY (`owner_id`) REFERENCES `users` (`id`) ON DELETE NO ACTION);
-- Create index "courtcase_owner_id_case_id" to table: "court_cases"
CREATE UNIQUE INDEX `courtcase_owner_id_case_id` ON `court_cases` (`owner_id`, `case_id`);
-- Create index "courtcase_owner_id_activity_date" to table: "court_cases"
CREATE INDEX `courtcase_owner_id_activity_date` ON `court_cases` (`owner_id`, `activity_date`);
-- Create index "courtcase_owner_id_latest_activity_date" to table: "court_cases"
CREATE INDEX `courtcase_owner_id_latest_activity_date` ON `court_cases` (`owner_id`, `latest_activity_date`);
-- Create "documents" table
CREATE TABLE `documents` (`id` uuid NOT NULL, `title` text NOT NULL, `note` text NOT NULL DEFAULT (''), `original_filename` text NOT NULL DEFAULT (''), `extension` text NOT NULL DEFAULT (''), `content_type` text NOT NULL, `size_bytes` integer NOT NULL, `sha256` text NOT NULL, `blob_key` text NOT NULL, `wrapped_key` blob NOT NULL, `key_id` text NOT NULL, `chunk_size` integer NOT NULL, `created_at` datetime NOT NULL, `case_ref` uuid NOT NULL, `owner_id` uuid NOT NULL, PRIMARY KEY (`id`), CONSTRAINT `documents_court_cases_documents` FOREIGN KEY (`case_ref`) REFERENCES `court_cases` (`id`) ON DELETE CASCADE, CONSTRAINT `documents_users_documents` FOREIGN KEY (`owner_id`) REFERENCES `users` (`id`) ON DELETE NO ACTION);
-- Create index "documents_blob_key_key" to table: "documents"
CREATE UNIQUE INDEX `documents_blob_key_key` ON `documents` (`blob_key`);
-- Create index "document_owner_id_case_ref_created_at" to table: "documents"
CREATE INDEX `document_owner_id_case_ref_created_at` ON `documents` (`owner_id`, `case_ref`, `created_at`);
-- Create "extension_tokens" table
CREATE TABLE `extension_tokens` (`id` uuid NOT NULL, `name` text NOT NULL, `token_hash` blob NOT NULL, `created_at` datetime NOT NULL, `last_used_at` datetime NULL, `revoked_at` datetime NULL, `user_id` uuid NOT NULL, PRIMARY KEY (`id`), CONSTRAINT `extension_tokens_users_extension_tokens` FOREIGN KEY (`user_id`) REFERENCES `users` (`id`) ON DELETE NO ACTION);
-- Create index "extension_tokens_token_hash_key" to table: "extension_tokens"
CREATE UNIQUE INDEX `extension_tokens_token_hash_key` ON `extension_tokens` (`token_hash`);
-- Create index "extensiontoken_user_id" to table: "extension_tokens"
CREATE INDEX `extensiontoken_user_id` ON `extension_tokens` (`user_id`);
-- Create "law_clients" table
CREATE TABLE `law_clients` (`id` uuid NOT NULL, `created_at` datetime NOT NULL, `updated_at` datetime NOT NULL, `fullname` text NOT NULL, `phone_number` text NOT NULL DEFAULT (''), `email` text NOT NULL DEFAULT (''), `national_id` text NOT NULL DEFAULT (''), `is_national_id_temporary` bool NOT NULL DEFAULT (false), `profile_image` text NOT NULL DEFAULT (''), `address` text NOT NULL DEFAULT (''), `client_type` text NOT NULL DEFAULT (''), `notes` text NOT NULL DEFAULT (''), `preferred_communication` text NOT NULL DEFAULT (''), `owner_id` uuid NOT NULL, PRIMARY KEY (`id`), CONSTRAINT `law_clients_users_clients` FOREIGN KEY (`owner_id`) REFERENCES `users` (`id`) ON DELETE NO ACTION);
-- Create index "lawclient_owner_id_fullname" to table: "law_clients"
CREATE INDEX `lawclient_owner_id_fullname` ON `law_clients` (`owner_id`, `fullname`);
-- Create "password_resets" table
CREATE TABLE `password_resets` (`id` uuid NOT NULL, `code_hash` blob NOT NULL, `created_at` datetime NOT NULL, `expires_at` datetime NOT NULL, `attempts` integer NOT NULL DEFAULT (0), `used_at` datetime NULL, `user_id` uuid NOT NULL, PRIMARY KEY (`id`), CONSTRAINT `password_resets_users_password_resets` FOREIGN KEY (`user_id`) REFERENCES `users` (`id`) ON DELETE NO ACTION);
-- Create index "passwordreset_user_id_created_at" to table: "password_resets"
CREATE INDEX `passwordreset_user_id_created_at` ON `password_resets` (`user_id`, `created_at`);
-- Create "payments" table
CREATE TABLE `payments` (`id` uuid NOT NULL, `created_at` datetime NOT NULL, `updated_at` datetime NOT NULL, `reference` text NOT NULL, `amount_minor` integer NOT NULL, `currency` text NOT NULL, `duration_days` integer NOT NULL, `status` text NOT NULL DEFAULT ('pending'), `provider` text NOT NULL, `applied_at` datetime NULL, `paid_until_after` datetime NULL, `plan_id` text NOT NULL, `user_id` uuid NOT NULL, PRIMARY KEY (`id`), CONSTRAINT `payments_plans_payments` FOREIGN KEY (`plan_id`) REFERENCES `plans` (`id`) ON DELETE NO ACTION, CONSTRAINT `payments_users_payments` FOREIGN KEY (`user_id`) REFERENCES `users` (`id`) ON DELETE NO ACTION);
-- Create index "payments_reference_key" to table: "payments"
CREATE UNIQUE INDEX `payments_reference_key` ON `payments` (`reference`);
-- Create index "payment_user_id_created_at" to table: "payments"
CREATE INDEX `payment_user_id_created_at` ON `payments` (`user_id`, `created_at`);
-- Create index "payment_status_applied_at" to table: "payments"
CREATE INDEX `payment_status_applied_at` ON `payments` (`status`, `applied_at`);
-- Create "plans" table
CREATE TABLE `plans` (`id` text NOT NULL, `name` text NOT NULL, `price_minor` integer NOT NULL, `currency` text NOT NULL, `duration_days` integer NOT NULL, `active` bool NOT NULL DEFAULT (true), `sort_order` integer NOT NULL DEFAULT (0), PRIMARY KEY (`id`));
-- Create "referrals" table
CREATE TABLE `referrals` (`id` uuid NOT NULL, `created_at` datetime NOT NULL, `affiliate_id` uuid NOT NULL, `referred_id` uuid NOT NULL, PRIMARY KEY (`id`), CONSTRAINT `referrals_users_referrals_made` FOREIGN KEY (`affiliate_id`) REFERENCES `users` (`id`) ON DELETE NO ACTION, CONSTRAINT `referrals_users_referred_by` FOREIGN KEY (`referred_id`) REFERENCES `users` (`id`) ON DELETE NO ACTION);
-- Create index "referrals_referred_id_key" to table: "referrals"
CREATE UNIQUE INDEX `referrals_referred_id_key` ON `referrals` (`referred_id`);
-- Create index "referral_affiliate_id_created_at" to table: "referrals"
CREATE INDEX `referral_affiliate_id_created_at` ON `referrals` (`affiliate_id`, `created_at`);
-- Create "refresh_tokens" table
CREATE TABLE `refresh_tokens` (`id` uuid NOT NULL, `family_id` uuid NOT NULL, `token_hash` blob NOT NULL, `created_at` datetime NOT NULL, `expires_at` datetime NOT NULL, `used_at` datetime NULL, `revoked_at` datetime NULL, `user_agent` text NOT NULL DEFAULT (''), `ip` text NOT NULL DEFAULT (''), `user_id` uuid NOT NULL, PRIMARY KEY (`id`), CONSTRAINT `refresh_tokens_users_refresh_tokens` FOREIGN KEY (`user_id`) REFERENCES `users` (`id`) ON DELETE NO ACTION);
-- Create index "refresh_tokens_token_hash_key" to table: "refresh_tokens"
CREATE UNIQUE INDEX `refresh_tokens_token_hash_key` ON `refresh_tokens` (`token_hash`);
-- Create index "refreshtoken_family_id" to table: "refresh_tokens"
CREATE INDEX `refreshtoken_family_id` ON `refresh_tokens` (`family_id`);
-- Create index "refreshtoken_user_id" to table: "refresh_tokens"
CREATE INDEX `refreshtoken_user_id` ON `refresh_tokens` (`user_id`);
-- Create index "refreshtoken_expires_at" to table: "refresh_tokens"
CREATE INDEX `refreshtoken_expires_at` ON `refresh_tokens` (`expires_at`);
-- Create "users" table
CREATE TABLE `users` (`id` uuid NOT NULL, `created_at` datetime NOT NULL, `updated_at` datetime NOT NULL, `email` text NOT NULL, `fullname` text NOT NULL, `phone_number` text NOT NULL DEFAULT (''), `password_hash` text NOT NULL, `role` text NOT NULL DEFAULT ('lawyer'), `profile_image` text NOT NULL DEFAULT (''), `affiliate_code` text NULL, `paid_until` datetime NULL, `marketing_emails` bool NOT NULL DEFAULT (false), `whatsapp_notifications` bool NOT NULL DEFAULT (true), PRIMARY KEY (`id`));
-- Create index "users_email_key" to table: "users"
CREATE UNIQUE INDEX `users_email_key` ON `users` (`email`);
-- Create index "users_affiliate_code_key" to table: "users"
CREATE UNIQUE INDEX `users_affiliate_code_key` ON `users` (`affiliate_code`);
-- Create index "user_role" to table: "users"
CREATE INDEX `user_role` ON `users` (`role`);
-- Create "law_client_cases" table
CREATE TABLE `law_client_cases` (`law_client_id` uuid NOT NULL, `court_case_id` uuid NOT NULL, PRIMARY KEY (`law_client_id`, `court_case_id`), CONSTRAINT `law_client_cases_law_client_id` FOREIGN KEY (`law_client_id`) REFERENCES `law_clients` (`id`) ON DELETE CASCADE, CONSTRAINT `law_client_cases_court_case_id` FOREIGN KEY (`court_case_id`) REFERENCES `court_cases` (`id`) ON DELETE CASCADE);
