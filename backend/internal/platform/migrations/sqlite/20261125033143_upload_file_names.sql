-- Disable the enforcement of foreign-keys constraints
PRAGMA foreign_keys = off;
-- Create "new_cause_list_uploads" table
CREATE TABLE `new_cause_list_uploads` (`id` uuid NOT NULL, `owner_id` uuid NOT NULL, `created_at` datetime NOT NULL, `file_name` text NOT NULL DEFAULT (''), `list_id` uuid NOT NULL, PRIMARY KEY (`id`), CONSTRAINT `cause_list_uploads_cause_lists_uploads` FOREIGN KEY (`list_id`) REFERENCES `cause_lists` (`id`) ON DELETE CASCADE);
-- Copy rows from old table "cause_list_uploads" to new temporary table "new_cause_list_uploads"
INSERT INTO `new_cause_list_uploads` (`id`, `owner_id`, `created_at`, `list_id`) SELECT `id`, `owner_id`, `created_at`, `list_id` FROM `cause_list_uploads`;
-- Drop "cause_list_uploads" table after copying rows
DROP TABLE `cause_list_uploads`;
-- Rename temporary table "new_cause_list_uploads" to "cause_list_uploads"
ALTER TABLE `new_cause_list_uploads` RENAME TO `cause_list_uploads`;
-- Create index "causelistupload_list_id_owner_id" to table: "cause_list_uploads"
CREATE UNIQUE INDEX `causelistupload_list_id_owner_id` ON `cause_list_uploads` (`list_id`, `owner_id`);
-- Create index "causelistupload_owner_id" to table: "cause_list_uploads"
CREATE INDEX `causelistupload_owner_id` ON `cause_list_uploads` (`owner_id`);
-- Enable back the enforcement of foreign-keys constraints
PRAGMA foreign_keys = on;
