-- Create "phone_verifications" table
CREATE TABLE "phone_verifications" ("id" uuid NOT NULL, "user_id" uuid NOT NULL, "phone" character varying NOT NULL, "code_hash" character varying NOT NULL, "attempts" bigint NOT NULL DEFAULT 0, "expires_at" timestamptz NOT NULL, "used_at" timestamptz NULL, "created_at" timestamptz NOT NULL, PRIMARY KEY ("id"));
-- Create index "phoneverification_user_id_created_at" to table: "phone_verifications"
CREATE INDEX "phoneverification_user_id_created_at" ON "phone_verifications" ("user_id", "created_at");
-- Create "reminder_consents" table
CREATE TABLE "reminder_consents" ("id" uuid NOT NULL, "user_id" uuid NOT NULL, "subject" character varying NOT NULL, "granted" boolean NOT NULL, "source" character varying NOT NULL, "detail" character varying NOT NULL DEFAULT '', "created_at" timestamptz NOT NULL, PRIMARY KEY ("id"));
-- Create index "reminderconsent_user_id_created_at" to table: "reminder_consents"
CREATE INDEX "reminderconsent_user_id_created_at" ON "reminder_consents" ("user_id", "created_at");
-- Create "reminder_messages" table
CREATE TABLE "reminder_messages" ("id" uuid NOT NULL, "created_at" timestamptz NOT NULL, "updated_at" timestamptz NOT NULL, "user_id" uuid NOT NULL, "kind" character varying NOT NULL, "day" character varying NOT NULL, "channel" character varying NOT NULL, "key" character varying NOT NULL, "recipient" character varying NOT NULL, "subject" character varying NOT NULL DEFAULT '', "text" text NOT NULL, "status" character varying NOT NULL DEFAULT 'pending', "attempts" bigint NOT NULL DEFAULT 0, "next_attempt_at" timestamptz NOT NULL, "provider_id" character varying NOT NULL DEFAULT '', "error" character varying NOT NULL DEFAULT '', "sent_at" timestamptz NULL, "delivered_at" timestamptz NULL, PRIMARY KEY ("id"));
-- Create index "reminder_messages_key_key" to table: "reminder_messages"
CREATE UNIQUE INDEX "reminder_messages_key_key" ON "reminder_messages" ("key");
-- Create index "remindermessage_provider_id" to table: "reminder_messages"
CREATE INDEX "remindermessage_provider_id" ON "reminder_messages" ("provider_id");
-- Create index "remindermessage_status_next_attempt_at" to table: "reminder_messages"
CREATE INDEX "remindermessage_status_next_attempt_at" ON "reminder_messages" ("status", "next_attempt_at");
-- Create index "remindermessage_user_id_created_at" to table: "reminder_messages"
CREATE INDEX "remindermessage_user_id_created_at" ON "reminder_messages" ("user_id", "created_at");
-- Create "reminder_settings" table
CREATE TABLE "reminder_settings" ("id" uuid NOT NULL, "created_at" timestamptz NOT NULL, "updated_at" timestamptz NOT NULL, "user_id" uuid NOT NULL, "email" boolean NOT NULL DEFAULT true, "sms" boolean NOT NULL DEFAULT false, "whatsapp" boolean NOT NULL DEFAULT true, "evening_digest" boolean NOT NULL DEFAULT true, "evening_time" character varying NOT NULL DEFAULT '18:30', "morning_digest" boolean NOT NULL DEFAULT true, "morning_time" character varying NOT NULL DEFAULT '06:30', "verified_phone" character varying NOT NULL DEFAULT '', "calendar_nonce" character varying NOT NULL DEFAULT '', "calendar_token_hash" character varying NULL, PRIMARY KEY ("id"));
-- Create index "reminder_settings_calendar_token_hash_key" to table: "reminder_settings"
CREATE UNIQUE INDEX "reminder_settings_calendar_token_hash_key" ON "reminder_settings" ("calendar_token_hash");
-- Create index "reminder_settings_user_id_key" to table: "reminder_settings"
CREATE UNIQUE INDEX "reminder_settings_user_id_key" ON "reminder_settings" ("user_id");
