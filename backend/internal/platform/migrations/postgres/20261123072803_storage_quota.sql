-- Modify "pending_uploads" table
ALTER TABLE "pending_uploads" ADD COLUMN "reserved_bytes" bigint NOT NULL DEFAULT 0;
-- Create index "pendingupload_owner_id" to table: "pending_uploads"
CREATE INDEX "pendingupload_owner_id" ON "pending_uploads" ("owner_id");
