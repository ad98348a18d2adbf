-- Create "refunds" table
CREATE TABLE "refunds" ("id" uuid NOT NULL, "provider_refund_id" character varying NOT NULL, "reference" character varying NOT NULL, "amount_minor" bigint NOT NULL, "received_at" timestamptz NOT NULL, PRIMARY KEY ("id"));
-- Create index "refund_reference_provider_refund_id" to table: "refunds"
CREATE UNIQUE INDEX "refund_reference_provider_refund_id" ON "refunds" ("reference", "provider_refund_id");
