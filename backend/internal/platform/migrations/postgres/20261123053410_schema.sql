-- Create "cause_lists" table
CREATE TABLE "cause_lists" ("id" uuid NOT NULL, "created_at" timestamptz NOT NULL, "updated_at" timestamptz NOT NULL, "sha256" character varying NOT NULL, "file_name" character varying NOT NULL DEFAULT '', "source" character varying NOT NULL, "source_url" character varying NOT NULL DEFAULT '', "published" boolean NOT NULL DEFAULT false, "court" character varying NOT NULL DEFAULT '', "first_date" date NULL, "last_date" date NULL, "rows" bigint NOT NULL DEFAULT 0, PRIMARY KEY ("id"));
-- Create index "cause_lists_sha256_key" to table: "cause_lists"
CREATE UNIQUE INDEX "cause_lists_sha256_key" ON "cause_lists" ("sha256");
-- Create "cause_list_dismissals" table
CREATE TABLE "cause_list_dismissals" ("id" uuid NOT NULL, "owner_id" uuid NOT NULL, "case_ref" uuid NOT NULL, "kind" character varying NOT NULL, "listed_date" date NULL, "created_at" timestamptz NOT NULL, PRIMARY KEY ("id"));
-- Create index "causelistdismissal_owner_id_case_ref_kind_listed_date" to table: "cause_list_dismissals"
CREATE UNIQUE INDEX "causelistdismissal_owner_id_case_ref_kind_listed_date" ON "cause_list_dismissals" ("owner_id", "case_ref", "kind", "listed_date");
-- Create "cause_list_fetches" table
CREATE TABLE "cause_list_fetches" ("id" uuid NOT NULL, "created_at" timestamptz NOT NULL, "updated_at" timestamptz NOT NULL, "url" character varying NOT NULL, "kind" character varying NOT NULL, "etag" character varying NOT NULL DEFAULT '', "last_modified" character varying NOT NULL DEFAULT '', "outcome" character varying NOT NULL DEFAULT '', PRIMARY KEY ("id"));
-- Create index "cause_list_fetches_url_key" to table: "cause_list_fetches"
CREATE UNIQUE INDEX "cause_list_fetches_url_key" ON "cause_list_fetches" ("url");
-- Create "cause_list_entries" table
CREATE TABLE "cause_list_entries" ("id" uuid NOT NULL, "station" character varying NOT NULL, "court" character varying NOT NULL DEFAULT '', "division" character varying NOT NULL DEFAULT '', "sitting_date" date NULL, "judicial_officer" character varying NOT NULL DEFAULT '', "court_room" character varying NOT NULL DEFAULT '', "virtual_link" character varying NOT NULL DEFAULT '', "number" bigint NOT NULL DEFAULT 0, "case_number" character varying NOT NULL, "case_key" character varying NOT NULL, "case_bare" character varying NOT NULL, "case_prefix" character varying NOT NULL DEFAULT '', "parties" character varying NOT NULL DEFAULT '', "activity" character varying NOT NULL DEFAULT '', "time" character varying NOT NULL DEFAULT '', "list_id" uuid NOT NULL, PRIMARY KEY ("id"), CONSTRAINT "cause_list_entries_cause_lists_entries" FOREIGN KEY ("list_id") REFERENCES "cause_lists" ("id") ON UPDATE NO ACTION ON DELETE CASCADE);
-- Create index "causelistentry_case_bare" to table: "cause_list_entries"
CREATE INDEX "causelistentry_case_bare" ON "cause_list_entries" ("case_bare");
-- Create index "causelistentry_case_key" to table: "cause_list_entries"
CREATE INDEX "causelistentry_case_key" ON "cause_list_entries" ("case_key");
-- Create index "causelistentry_list_id" to table: "cause_list_entries"
CREATE INDEX "causelistentry_list_id" ON "cause_list_entries" ("list_id");
-- Create index "causelistentry_station_sitting_date" to table: "cause_list_entries"
CREATE INDEX "causelistentry_station_sitting_date" ON "cause_list_entries" ("station", "sitting_date");
-- Create "cause_list_uploads" table
CREATE TABLE "cause_list_uploads" ("id" uuid NOT NULL, "owner_id" uuid NOT NULL, "created_at" timestamptz NOT NULL, "list_id" uuid NOT NULL, PRIMARY KEY ("id"), CONSTRAINT "cause_list_uploads_cause_lists_uploads" FOREIGN KEY ("list_id") REFERENCES "cause_lists" ("id") ON UPDATE NO ACTION ON DELETE CASCADE);
-- Create index "causelistupload_list_id_owner_id" to table: "cause_list_uploads"
CREATE UNIQUE INDEX "causelistupload_list_id_owner_id" ON "cause_list_uploads" ("list_id", "owner_id");
-- Create index "causelistupload_owner_id" to table: "cause_list_uploads"
CREATE INDEX "causelistupload_owner_id" ON "cause_list_uploads" ("owner_id");
