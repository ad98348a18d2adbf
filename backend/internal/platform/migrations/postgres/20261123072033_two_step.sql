-- Create "two_steps" table
CREATE TABLE "two_steps" ("id" uuid NOT NULL, "user_id" uuid NOT NULL, "secret_sealed" bytea NOT NULL, "key_id" character varying NOT NULL, "created_at" timestamptz NOT NULL, "enabled_at" timestamptz NULL, "last_step" bigint NOT NULL DEFAULT 0, PRIMARY KEY ("id"));
-- Create index "two_steps_user_id_key" to table: "two_steps"
CREATE UNIQUE INDEX "two_steps_user_id_key" ON "two_steps" ("user_id");
-- Create "two_step_recovery_codes" table
CREATE TABLE "two_step_recovery_codes" ("id" uuid NOT NULL, "user_id" uuid NOT NULL, "code_hash" bytea NOT NULL, "created_at" timestamptz NOT NULL, "used_at" timestamptz NULL, PRIMARY KEY ("id"));
-- Create index "twosteprecoverycode_user_id" to table: "two_step_recovery_codes"
CREATE INDEX "twosteprecoverycode_user_id" ON "two_step_recovery_codes" ("user_id");
