-- Create "audit_events" table
CREATE TABLE "audit_events" ("id" uuid NOT NULL, "user_id" uuid NULL, "kind" character varying NOT NULL, "email" character varying NOT NULL DEFAULT '', "ip" character varying NOT NULL DEFAULT '', "user_agent" character varying NOT NULL DEFAULT '', "detail" character varying NOT NULL DEFAULT '', "created_at" timestamptz NOT NULL, PRIMARY KEY ("id"));
-- Create index "auditevent_created_at" to table: "audit_events"
CREATE INDEX "auditevent_created_at" ON "audit_events" ("created_at");
-- Create index "auditevent_user_id_created_at" to table: "audit_events"
CREATE INDEX "auditevent_user_id_created_at" ON "audit_events" ("user_id", "created_at");
-- Create "users" table
CREATE TABLE "users" ("id" uuid NOT NULL, "created_at" timestamptz NOT NULL, "updated_at" timestamptz NOT NULL, "email" character varying NOT NULL, "fullname" character varying NOT NULL, "phone_number" character varying NOT NULL DEFAULT '', "password_hash" character varying NOT NULL, "role" character varying NOT NULL DEFAULT 'lawyer', "profile_image" character varying NOT NULL DEFAULT '', "affiliate_code" character varying NULL, "paid_until" timestamptz NULL, "marketing_emails" boolean NOT NULL DEFAULT false, "whatsapp_notifications" boolean NOT NULL DEFAULT true, PRIMARY KEY ("id"));
-- Create index "user_role" to table: "users"
CREATE INDEX "user_role" ON "users" ("role");
-- Create index "users_affiliate_code_key" to table: "users"
CREATE UNIQUE INDEX "users_affiliate_code_key" ON "users" ("affiliate_code");
-- Create index "users_email_key" to table: "users"
CREATE UNIQUE INDEX "users_email_key" ON "users" ("email");
-- Create "court_cases" table
CREATE TABLE "court_cases" ("id" uuid NOT NULL, "created_at" timestamptz NOT NULL, "updated_at" timestamptz NOT NULL, "case_id" character varying NOT NULL, "parties" character varying NOT NULL DEFAULT '', "law_court" character varying NOT NULL DEFAULT '', "filing_date" date NULL, "status" character varying NOT NULL DEFAULT 'Registration/Filing', "case_type" character varying NOT NULL DEFAULT '', "notes" character varying NOT NULL DEFAULT '', "mark_updated" boolean NOT NULL DEFAULT false, "activity_date" date NULL, "activity_time" character varying NOT NULL DEFAULT '', "activity_kind" character varying NOT NULL DEFAULT '', "latest_activity_date" date NULL, "owner_id" uuid NOT NULL, PRIMARY KEY ("id"), CONSTRAINT "court_cases_users_cases" FOREIGN KEY ("owner_id") REFERENCES "users" ("id") ON UPDATE NO ACTION ON DELETE NO ACTION);
-- Create index "courtcase_owner_id_activity_date" to table: "court_cases"
CREATE INDEX "courtcase_owner_id_activity_date" ON "court_cases" ("owner_id", "activity_date");
-- Create index "courtcase_owner_id_case_id" to table: "court_cases"
CREATE UNIQUE INDEX "courtcase_owner_id_case_id" ON "court_cases" ("owner_id", "case_id");
-- Create index "courtcase_owner_id_latest_activity_date" to table: "court_cases"
CREATE INDEX "courtcase_owner_id_latest_activity_date" ON "court_cases" ("owner_id", "latest_activity_date");
-- Create "activities" table
CREATE TABLE "activities" ("id" uuid NOT NULL, "created_at" timestamptz NOT NULL, "updated_at" timestamptz NOT NULL, "owner_id" uuid NOT NULL, "activity" character varying NOT NULL, "activity_date" date NULL, "time" character varying NOT NULL DEFAULT '', "outcome" character varying NOT NULL DEFAULT '', "client_name" character varying NOT NULL DEFAULT '', "case_ref" uuid NOT NULL, PRIMARY KEY ("id"), CONSTRAINT "activities_court_cases_activities" FOREIGN KEY ("case_ref") REFERENCES "court_cases" ("id") ON UPDATE NO ACTION ON DELETE CASCADE);
-- Create index "activity_case_ref_activity_date" to table: "activities"
CREATE INDEX "activity_case_ref_activity_date" ON "activities" ("case_ref", "activity_date");
-- Create index "activity_owner_id_activity_date" to table: "activities"
CREATE INDEX "activity_owner_id_activity_date" ON "activities" ("owner_id", "activity_date");
-- Create "referrals" table
CREATE TABLE "referrals" ("id" uuid NOT NULL, "created_at" timestamptz NOT NULL, "affiliate_id" uuid NOT NULL, "referred_id" uuid NOT NULL, PRIMARY KEY ("id"), CONSTRAINT "referrals_users_referrals_made" FOREIGN KEY ("affiliate_id") REFERENCES "users" ("id") ON UPDATE NO ACTION ON DELETE NO ACTION, CONSTRAINT "referrals_users_referred_by" FOREIGN KEY ("referred_id") REFERENCES "users" ("id") ON UPDATE NO ACTION ON DELETE NO ACTION);
-- Create index "referral_affiliate_id_created_at" to table: "referrals"
CREATE INDEX "referral_affiliate_id_created_at" ON "referrals" ("affiliate_id", "created_at");
-- Create index "referrals_referred_id_key" to table: "referrals"
CREATE UNIQUE INDEX "referrals_referred_id_key" ON "referrals" ("referred_id");
-- Create "commissions" table
CREATE TABLE "commissions" ("id" uuid NOT NULL, "affiliate_id" uuid NOT NULL, "month" character varying NOT NULL, "amount_minor" bigint NOT NULL, "currency" character varying NOT NULL, "status" character varying NOT NULL DEFAULT 'pending', "created_at" timestamptz NOT NULL, "paid_at" timestamptz NULL, "referral_id" uuid NOT NULL, PRIMARY KEY ("id"), CONSTRAINT "commissions_referrals_commissions" FOREIGN KEY ("referral_id") REFERENCES "referrals" ("id") ON UPDATE NO ACTION ON DELETE NO ACTION);
-- Create index "commission_affiliate_id_created_at" to table: "commissions"
CREATE INDEX "commission_affiliate_id_created_at" ON "commissions" ("affiliate_id", "created_at");
-- Create index "commission_referral_id_month" to table: "commissions"
CREATE UNIQUE INDEX "commission_referral_id_month" ON "commissions" ("referral_id", "month");
-- Create "documents" table
CREATE TABLE "documents" ("id" uuid NOT NULL, "title" character varying NOT NULL, "note" character varying NOT NULL DEFAULT '', "original_filename" character varying NOT NULL DEFAULT '', "extension" character varying NOT NULL DEFAULT '', "content_type" character varying NOT NULL, "size_bytes" bigint NOT NULL, "sha256" character varying NOT NULL, "blob_key" character varying NOT NULL, "wrapped_key" bytea NOT NULL, "key_id" character varying NOT NULL, "chunk_size" bigint NOT NULL, "created_at" timestamptz NOT NULL, "case_ref" uuid NOT NULL, "owner_id" uuid NOT NULL, PRIMARY KEY ("id"), CONSTRAINT "documents_court_cases_documents" FOREIGN KEY ("case_ref") REFERENCES "court_cases" ("id") ON UPDATE NO ACTION ON DELETE CASCADE, CONSTRAINT "documents_users_documents" FOREIGN KEY ("owner_id") REFERENCES "users" ("id") ON UPDATE NO ACTION ON DELETE NO ACTION);
-- Create index "document_owner_id_case_ref_created_at" to table: "documents"
CREATE INDEX "document_owner_id_case_ref_created_at" ON "documents" ("owner_id", "case_ref", "created_at");
-- Create index "documents_blob_key_key" to table: "documents"
CREATE UNIQUE INDEX "documents_blob_key_key" ON "documents" ("blob_key");
-- Create "extension_tokens" table
CREATE TABLE "extension_tokens" ("id" uuid NOT NULL, "name" character varying NOT NULL, "token_hash" bytea NOT NULL, "created_at" timestamptz NOT NULL, "last_used_at" timestamptz NULL, "revoked_at" timestamptz NULL, "user_id" uuid NOT NULL, PRIMARY KEY ("id"), CONSTRAINT "extension_tokens_users_extension_tokens" FOREIGN KEY ("user_id") REFERENCES "users" ("id") ON UPDATE NO ACTION ON DELETE NO ACTION);
-- Create index "extension_tokens_token_hash_key" to table: "extension_tokens"
CREATE UNIQUE INDEX "extension_tokens_token_hash_key" ON "extension_tokens" ("token_hash");
-- Create index "extensiontoken_user_id" to table: "extension_tokens"
CREATE INDEX "extensiontoken_user_id" ON "extension_tokens" ("user_id");
-- Create "law_clients" table
CREATE TABLE "law_clients" ("id" uuid NOT NULL, "created_at" timestamptz NOT NULL, "updated_at" timestamptz NOT NULL, "fullname" character varying NOT NULL, "phone_number" character varying NOT NULL DEFAULT '', "email" character varying NOT NULL DEFAULT '', "national_id" character varying NOT NULL DEFAULT '', "is_national_id_temporary" boolean NOT NULL DEFAULT false, "profile_image" character varying NOT NULL DEFAULT '', "address" character varying NOT NULL DEFAULT '', "client_type" character varying NOT NULL DEFAULT '', "notes" character varying NOT NULL DEFAULT '', "preferred_communication" character varying NOT NULL DEFAULT '', "owner_id" uuid NOT NULL, PRIMARY KEY ("id"), CONSTRAINT "law_clients_users_clients" FOREIGN KEY ("owner_id") REFERENCES "users" ("id") ON UPDATE NO ACTION ON DELETE NO ACTION);
-- Create index "lawclient_owner_id_fullname" to table: "law_clients"
CREATE INDEX "lawclient_owner_id_fullname" ON "law_clients" ("owner_id", "fullname");
-- Create "law_client_cases" table
CREATE TABLE "law_client_cases" ("law_client_id" uuid NOT NULL, "court_case_id" uuid NOT NULL, PRIMARY KEY ("law_client_id", "court_case_id"), CONSTRAINT "law_client_cases_court_case_id" FOREIGN KEY ("court_case_id") REFERENCES "court_cases" ("id") ON UPDATE NO ACTION ON DELETE CASCADE, CONSTRAINT "law_client_cases_law_client_id" FOREIGN KEY ("law_client_id") REFERENCES "law_clients" ("id") ON UPDATE NO ACTION ON DELETE CASCADE);
-- Create "password_resets" table
CREATE TABLE "password_resets" ("id" uuid NOT NULL, "code_hash" bytea NOT NULL, "created_at" timestamptz NOT NULL, "expires_at" timestamptz NOT NULL, "attempts" bigint NOT NULL DEFAULT 0, "used_at" timestamptz NULL, "user_id" uuid NOT NULL, PRIMARY KEY ("id"), CONSTRAINT "password_resets_users_password_resets" FOREIGN KEY ("user_id") REFERENCES "users" ("id") ON UPDATE NO ACTION ON DELETE NO ACTION);
-- Create index "passwordreset_user_id_created_at" to table: "password_resets"
CREATE INDEX "passwordreset_user_id_created_at" ON "password_resets" ("user_id", "created_at");
-- Create "plans" table
CREATE TABLE "plans" ("id" character varying NOT NULL, "name" character varying NOT NULL, "price_minor" bigint NOT NULL, "currency" character varying NOT NULL, "duration_days" bigint NOT NULL, "active" boolean NOT NULL DEFAULT true, "sort_order" bigint NOT NULL DEFAULT 0, PRIMARY KEY ("id"));
-- Create "payments" table
CREATE TABLE "payments" ("id" uuid NOT NULL, "created_at" timestamptz NOT NULL, "updated_at" timestamptz NOT NULL, "reference" character varying NOT NULL, "amount_minor" bigint NOT NULL, "currency" character varying NOT NULL, "duration_days" bigint NOT NULL, "status" character varying NOT NULL DEFAULT 'pending', "provider" character varying NOT NULL, "applied_at" timestamptz NULL, "paid_until_after" timestamptz NULL, "plan_id" character varying NOT NULL, "user_id" uuid NOT NULL, PRIMARY KEY ("id"), CONSTRAINT "payments_plans_payments" FOREIGN KEY ("plan_id") REFERENCES "plans" ("id") ON UPDATE NO ACTION ON DELETE NO ACTION, CONSTRAINT "payments_users_payments" FOREIGN KEY ("user_id") REFERENCES "users" ("id") ON UPDATE NO ACTION ON DELETE NO ACTION);
-- Create index "payment_status_applied_at" to table: "payments"
CREATE INDEX "payment_status_applied_at" ON "payments" ("status", "applied_at");
-- Create index "payment_user_id_created_at" to table: "payments"
CREATE INDEX "payment_user_id_created_at" ON "payments" ("user_id", "created_at");
-- Create index "payments_reference_key" to table: "payments"
CREATE UNIQUE INDEX "payments_reference_key" ON "payments" ("reference");
-- Create "refresh_tokens" table
CREATE TABLE "refresh_tokens" ("id" uuid NOT NULL, "family_id" uuid NOT NULL, "token_hash" bytea NOT NULL, "created_at" timestamptz NOT NULL, "expires_at" timestamptz NOT NULL, "used_at" timestamptz NULL, "revoked_at" timestamptz NULL, "user_agent" character varying NOT NULL DEFAULT '', "ip" character varying NOT NULL DEFAULT '', "user_id" uuid NOT NULL, PRIMARY KEY ("id"), CONSTRAINT "refresh_tokens_users_refresh_tokens" FOREIGN KEY ("user_id") REFERENCES "users" ("id") ON UPDATE NO ACTION ON DELETE NO ACTION);
-- Create index "refresh_tokens_token_hash_key" to table: "refresh_tokens"
CREATE UNIQUE INDEX "refresh_tokens_token_hash_key" ON "refresh_tokens" ("token_hash");
-- Create index "refreshtoken_expires_at" to table: "refresh_tokens"
CREATE INDEX "refreshtoken_expires_at" ON "refresh_tokens" ("expires_at");
-- Create index "refreshtoken_family_id" to table: "refresh_tokens"
CREATE INDEX "refreshtoken_family_id" ON "refresh_tokens" ("family_id");
-- Create index "refreshtoken_user_id" to table: "refresh_tokens"
CREATE INDEX "refreshtoken_user_id" ON "refresh_tokens" ("user_id");
