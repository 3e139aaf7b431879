CREATE TABLE "ota_applications" (
	"id" serial PRIMARY KEY NOT NULL,
	"owner_user_id" integer NOT NULL,
	"name" text NOT NULL,
	"version" text NOT NULL,
	"models" jsonb NOT NULL,
	"counter" integer NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"sha256" text NOT NULL,
	"size" bigint NOT NULL,
	"filename" text DEFAULT '' NOT NULL,
	"manifest" jsonb NOT NULL,
	"signature" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ota_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"owner_user_id" integer NOT NULL,
	"plan_id" integer NOT NULL,
	"plan_name" text NOT NULL,
	"imei" text NOT NULL,
	"state" text NOT NULL,
	"reason" text,
	"detail" text,
	"version" text,
	"bytes" bigint,
	"at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ota_plan_devices" (
	"id" serial PRIMARY KEY NOT NULL,
	"plan_id" integer NOT NULL,
	"gateway_id" integer,
	"imei" text NOT NULL,
	"position" integer NOT NULL,
	"group_index" integer NOT NULL,
	"state" text DEFAULT 'queued' NOT NULL,
	"reason" text,
	"detail" text,
	"bytes" bigint,
	"version" text,
	"notified_at" timestamp (3) with time zone,
	"start_at" timestamp (3) with time zone,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ota_plans" (
	"id" serial PRIMARY KEY NOT NULL,
	"owner_user_id" integer NOT NULL,
	"name" text NOT NULL,
	"type" integer NOT NULL,
	"level" integer NOT NULL,
	"plan_control_count" integer,
	"application_id" integer,
	"params" jsonb,
	"param_version" integer,
	"state" text NOT NULL,
	"state_reason" text,
	"group_sizes" jsonb NOT NULL,
	"success_percent" integer NOT NULL,
	"failure_percent" integer NOT NULL,
	"rate_per_minute" integer NOT NULL,
	"start_delay_max_s" integer NOT NULL,
	"accepted_through_group" integer DEFAULT -1 NOT NULL,
	"package_base_url" text DEFAULT '' NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp (3) with time zone
);
--> statement-breakpoint
ALTER TABLE "ota_applications" ADD CONSTRAINT "ota_applications_owner_user_id_users_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ota_log" ADD CONSTRAINT "ota_log_owner_user_id_users_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ota_plan_devices" ADD CONSTRAINT "ota_plan_devices_plan_id_ota_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."ota_plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ota_plan_devices" ADD CONSTRAINT "ota_plan_devices_gateway_id_ota_gateways_id_fk" FOREIGN KEY ("gateway_id") REFERENCES "public"."ota_gateways"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ota_plans" ADD CONSTRAINT "ota_plans_owner_user_id_users_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ota_plans" ADD CONSTRAINT "ota_plans_application_id_ota_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."ota_applications"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ota_applications_owner_idx" ON "ota_applications" USING btree ("owner_user_id");--> statement-breakpoint
CREATE INDEX "ota_applications_sha_idx" ON "ota_applications" USING btree ("sha256");--> statement-breakpoint
CREATE INDEX "ota_log_owner_at_idx" ON "ota_log" USING btree ("owner_user_id","at");--> statement-breakpoint
CREATE INDEX "ota_log_plan_idx" ON "ota_log" USING btree ("plan_id");--> statement-breakpoint
CREATE INDEX "ota_log_failed_idx" ON "ota_log" USING btree ("owner_user_id","state","at");--> statement-breakpoint
CREATE UNIQUE INDEX "ota_plan_devices_plan_pos_uq" ON "ota_plan_devices" USING btree ("plan_id","position");--> statement-breakpoint
CREATE INDEX "ota_plan_devices_imei_idx" ON "ota_plan_devices" USING btree ("imei","state");--> statement-breakpoint
CREATE INDEX "ota_plan_devices_notified_idx" ON "ota_plan_devices" USING btree ("plan_id","notified_at");--> statement-breakpoint
CREATE INDEX "ota_plans_owner_idx" ON "ota_plans" USING btree ("owner_user_id");--> statement-breakpoint
CREATE INDEX "ota_plans_state_idx" ON "ota_plans" USING btree ("state");