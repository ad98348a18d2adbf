-- Create "fake_checkouts" table
CREATE TABLE `fake_checkouts` (`id` uuid NOT NULL, `created_at` datetime NOT NULL, `updated_at` datetime NOT NULL, `reference` text NOT NULL, `outcome` text NOT NULL, PRIMARY KEY (`id`));
-- Create index "fake_checkouts_reference_key" to table: "fake_checkouts"
CREATE UNIQUE INDEX `fake_checkouts_reference_key` ON `fake_checkouts` (`reference`);
-- Create "installations" table
CREATE TABLE `installations` (`id` integer NOT NULL PRIMARY KEY AUTOINCREMENT, `installation_id` text NOT NULL, `key_check` blob NULL, `key_check_id` text NOT NULL DEFAULT (''), `created_at` datetime NOT NULL);
-- Create "pending_uploads" table
CREATE TABLE `pending_uploads` (`id` uuid NOT NULL, `blob_key` text NOT NULL, `owner_id` uuid NOT NULL, `created_at` datetime NOT NULL, PRIMARY KEY (`id`));
-- Create index "pending_uploads_blob_key_key" to table: "pending_uploads"
CREATE UNIQUE INDEX `pending_uploads_blob_key_key` ON `pending_uploads` (`blob_key`);
-- Create index "pendingupload_created_at" to table: "pending_uploads"
CREATE INDEX `pendingupload_created_at` ON `pending_uploads` (`created_at`);
