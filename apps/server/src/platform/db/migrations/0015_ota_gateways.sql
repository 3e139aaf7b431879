CREATE TABLE "ota_gateways" (
	"id" serial PRIMARY KEY NOT NULL,
	"owner_user_id" integer NOT NULL,
	"imei" text NOT NULL,
	"iccid" text,
	"type" integer NOT NULL,
	"model" text DEFAULT '' NOT NULL,
	"default_port" integer,
	"firmware_version" text DEFAULT '' NOT NULL,
	"firmware_counter" integer DEFAULT 0 NOT NULL,
	"param_version" integer,
	"server_address" text DEFAULT '' NOT NULL,
	"point_limit" integer,
	"remark" text DEFAULT '' NOT NULL,
	"project_id" integer,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ota_sims" (
	"id" serial PRIMARY KEY NOT NULL,
	"owner_user_id" integer NOT NULL,
	"iccid" text NOT NULL,
	"carrier" text DEFAULT 'other' NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"data_used" bigint DEFAULT 0 NOT NULL,
	"data_limit" bigint,
	"expires_on" date,
	"remark" text DEFAULT '' NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ota_gateways" ADD CONSTRAINT "ota_gateways_owner_user_id_users_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ota_gateways" ADD CONSTRAINT "ota_gateways_project_id_device_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."device_projects"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ota_sims" ADD CONSTRAINT "ota_sims_owner_user_id_users_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ota_gateways_imei_uq" ON "ota_gateways" USING btree ("imei");--> statement-breakpoint
CREATE INDEX "ota_gateways_owner_idx" ON "ota_gateways" USING btree ("owner_user_id");--> statement-breakpoint
CREATE INDEX "ota_gateways_iccid_idx" ON "ota_gateways" USING btree ("iccid");--> statement-breakpoint
CREATE INDEX "ota_gateways_project_idx" ON "ota_gateways" USING btree ("project_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ota_sims_iccid_uq" ON "ota_sims" USING btree ("iccid");--> statement-breakpoint
CREATE INDEX "ota_sims_owner_idx" ON "ota_sims" USING btree ("owner_user_id");