-- Modify "activities" table
ALTER TABLE "activities" ADD COLUMN "attended_by" uuid NULL, ADD COLUMN "assigned_by" uuid NULL;
-- Create index "activity_attended_by_activity_date" to table: "activities"
CREATE INDEX "activity_attended_by_activity_date" ON "activities" ("attended_by", "activity_date");
-- Modify "court_cases" table
ALTER TABLE "court_cases" ADD COLUMN "shared" boolean NOT NULL DEFAULT false;
-- Create "firms" table
CREATE TABLE "firms" ("id" uuid NOT NULL, "created_at" timestamptz NOT NULL, "updated_at" timestamptz NOT NULL, "name" character varying NOT NULL, "admin_id" uuid NOT NULL, PRIMARY KEY ("id"));
-- Create "firm_invitations" table
CREATE TABLE "firm_invitations" ("id" uuid NOT NULL, "email" character varying NOT NULL, "code_hash" bytea NOT NULL, "invited_by" uuid NOT NULL, "created_at" timestamptz NOT NULL, "expires_at" timestamptz NOT NULL, "accepted_at" timestamptz NULL, "accepted_by" uuid NULL, "revoked_at" timestamptz NULL, "firm_id" uuid NOT NULL, PRIMARY KEY ("id"), CONSTRAINT "firm_invitations_firms_invitations" FOREIGN KEY ("firm_id") REFERENCES "firms" ("id") ON UPDATE NO ACTION ON DELETE CASCADE);
-- Create index "firm_invitations_code_hash_key" to table: "firm_invitations"
CREATE UNIQUE INDEX "firm_invitations_code_hash_key" ON "firm_invitations" ("code_hash");
-- Create index "firminvitation_firm_id_email" to table: "firm_invitations"
CREATE INDEX "firminvitation_firm_id_email" ON "firm_invitations" ("firm_id", "email");
-- Create "firm_members" table
CREATE TABLE "firm_members" ("id" uuid NOT NULL, "user_id" uuid NOT NULL, "admin" boolean NOT NULL DEFAULT false, "joined_at" timestamptz NOT NULL, "firm_id" uuid NOT NULL, PRIMARY KEY ("id"), CONSTRAINT "firm_members_firms_members" FOREIGN KEY ("firm_id") REFERENCES "firms" ("id") ON UPDATE NO ACTION ON DELETE CASCADE);
-- Create index "firm_members_user_id_key" to table: "firm_members"
CREATE UNIQUE INDEX "firm_members_user_id_key" ON "firm_members" ("user_id");
-- Create index "firmmember_firm_id_user_id" to table: "firm_members"
CREATE INDEX "firmmember_firm_id_user_id" ON "firm_members" ("firm_id", "user_id");
