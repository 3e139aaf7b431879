CREATE TABLE "phone_bindings" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"phone" text NOT NULL,
	"bound_at" timestamp (3) with time zone NOT NULL,
	CONSTRAINT "phone_bindings_phone_unique" UNIQUE("phone")
);
--> statement-breakpoint
CREATE TABLE "phone_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"phone" text NOT NULL,
	"purpose" text NOT NULL,
	"user_id" integer,
	"tenant_id" integer,
	"client_ip" text DEFAULT '' NOT NULL,
	"code_hmac" text NOT NULL,
	"tries" smallint DEFAULT 0 NOT NULL,
	"expires_at" timestamp (3) with time zone NOT NULL,
	"closed_at" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sms_provider_settings" (
	"channel" text PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"access_key_id" text NOT NULL,
	"access_key_secret" text NOT NULL,
	"endpoint" text DEFAULT '' NOT NULL,
	"region" text DEFAULT '' NOT NULL,
	"sdk_app_id" text DEFAULT '' NOT NULL,
	"sign_name" text DEFAULT '' NOT NULL,
	"show_number" text DEFAULT '' NOT NULL,
	"play_times" smallint DEFAULT 2 NOT NULL,
	"templates" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"receipt_token" text NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "trigger_contacts" ADD COLUMN "sms_enabled" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "trigger_contacts" ADD COLUMN "voice_enabled" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "trigger_contacts" ADD COLUMN "storm_cap" integer DEFAULT 10 NOT NULL;--> statement-breakpoint
ALTER TABLE "trigger_contacts" ADD COLUMN "storm_window_s" integer DEFAULT 3600 NOT NULL;--> statement-breakpoint
ALTER TABLE "trigger_contacts" ADD COLUMN "escalate_after_min" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "notice_outbox" ADD COLUMN "provider_id" text;--> statement-breakpoint
ALTER TABLE "notice_outbox" ADD COLUMN "provider_answer" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "notice_outbox" ADD COLUMN "receipt_status" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "notice_outbox" ADD COLUMN "receipt_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "notice_outbox" ADD COLUMN "quota_keys" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "notice_outbox" ADD COLUMN "digest_count" integer;--> statement-breakpoint
ALTER TABLE "phone_bindings" ADD CONSTRAINT "phone_bindings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "phone_codes" ADD CONSTRAINT "phone_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "phone_codes_phone_idx" ON "phone_codes" USING btree ("phone","created_at");--> statement-breakpoint
CREATE INDEX "phone_codes_ip_idx" ON "phone_codes" USING btree ("client_ip","created_at");--> statement-breakpoint
CREATE INDEX "phone_codes_tenant_idx" ON "phone_codes" USING btree ("tenant_id","created_at");--> statement-breakpoint
CREATE INDEX "notice_outbox_provider_idx" ON "notice_outbox" USING btree ("provider_id");