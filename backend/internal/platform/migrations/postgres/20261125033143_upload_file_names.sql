-- Modify "cause_list_uploads" table
ALTER TABLE "cause_list_uploads" ADD COLUMN "file_name" character varying NOT NULL DEFAULT '';
