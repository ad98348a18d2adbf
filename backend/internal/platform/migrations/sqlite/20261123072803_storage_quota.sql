-- Disable the enforcement of foreign-keys constraints
PRAGMA foreign_keys = off;
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
-- Enable back the enforcement of foreign-keys constraints
PRAGMA foreign_keys = on;
