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
