CREATE TABLE "ledger_accounts" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"owner_user_id" integer,
	"unit" text NOT NULL,
	"posted" bigint DEFAULT 0 NOT NULL,
	"pending_debits" bigint DEFAULT 0 NOT NULL,
	"pending_credits" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_accounts_kind_owner_uq" UNIQUE NULLS NOT DISTINCT("kind","owner_user_id"),
	CONSTRAINT "ledger_accounts_pending_nonneg" CHECK ("ledger_accounts"."pending_debits" >= 0 AND "ledger_accounts"."pending_credits" >= 0),
	CONSTRAINT "ledger_accounts_available_nonneg" CHECK ("ledger_accounts"."kind" IN ('platform_revenue', 'payment_clearing', 'sms_supply', 'voice_supply') OR "ledger_accounts"."posted" - "ledger_accounts"."pending_debits" >= 0)
);
--> statement-breakpoint
CREATE TABLE "ledger_transfers" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"from_account_id" integer NOT NULL,
	"to_account_id" integer NOT NULL,
	"amount" bigint NOT NULL,
	"unit" text NOT NULL,
	"kind" text NOT NULL,
	"status" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"reference" text,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"posted_at" timestamp (3) with time zone,
	"voided_at" timestamp (3) with time zone,
	CONSTRAINT "ledger_transfers_idempotency_key_uq" UNIQUE("idempotency_key"),
	CONSTRAINT "ledger_transfers_amount_positive" CHECK ("ledger_transfers"."amount" > 0),
	CONSTRAINT "ledger_transfers_distinct_accounts" CHECK ("ledger_transfers"."from_account_id" <> "ledger_transfers"."to_account_id"),
	CONSTRAINT "ledger_transfers_status" CHECK ("ledger_transfers"."status" IN ('pending', 'posted', 'voided'))
);
--> statement-breakpoint
ALTER TABLE "ledger_transfers" ADD CONSTRAINT "ledger_transfers_from_account_id_ledger_accounts_id_fk" FOREIGN KEY ("from_account_id") REFERENCES "public"."ledger_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_transfers" ADD CONSTRAINT "ledger_transfers_to_account_id_ledger_accounts_id_fk" FOREIGN KEY ("to_account_id") REFERENCES "public"."ledger_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ledger_transfers_from_idx" ON "ledger_transfers" USING btree ("from_account_id","id");--> statement-breakpoint
CREATE INDEX "ledger_transfers_to_idx" ON "ledger_transfers" USING btree ("to_account_id","id");