CREATE TABLE "ota_gateway_commands" (
	"id" serial PRIMARY KEY NOT NULL,
	"gateway_id" integer NOT NULL,
	"owner_user_id" integer NOT NULL,
	"imei" text NOT NULL,
	"kind" text NOT NULL,
	"status" text NOT NULL,
	"error" text DEFAULT '' NOT NULL,
	"project_id" integer,
	"application_id" integer,
	"plan_id" integer,
	"param_version" integer,
	"rssi" smallint,
	"ber" smallint,
	"created_by" integer,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp (3) with time zone,
	"answered_at" timestamp (3) with time zone
);
--> statement-breakpoint
CREATE TABLE "ota_gateway_signal" (
	"id" serial PRIMARY KEY NOT NULL,
	"gateway_id" integer NOT NULL,
	"rssi" smallint NOT NULL,
	"ber" smallint NOT NULL,
	"at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ota_gateways" ADD COLUMN "firmware_plan_id" integer;--> statement-breakpoint
ALTER TABLE "ota_gateways" ADD COLUMN "param_plan_id" integer;--> statement-breakpoint
ALTER TABLE "ota_gateways" ADD COLUMN "plan_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "ota_gateways" ADD COLUMN "csq_rssi" smallint;--> statement-breakpoint
ALTER TABLE "ota_gateways" ADD COLUMN "csq_ber" smallint;--> statement-breakpoint
ALTER TABLE "ota_gateways" ADD COLUMN "csq_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "ota_gateway_commands" ADD CONSTRAINT "ota_gateway_commands_gateway_id_ota_gateways_id_fk" FOREIGN KEY ("gateway_id") REFERENCES "public"."ota_gateways"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ota_gateway_commands" ADD CONSTRAINT "ota_gateway_commands_owner_user_id_users_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ota_gateway_commands" ADD CONSTRAINT "ota_gateway_commands_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ota_gateway_signal" ADD CONSTRAINT "ota_gateway_signal_gateway_id_ota_gateways_id_fk" FOREIGN KEY ("gateway_id") REFERENCES "public"."ota_gateways"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ota_gateway_commands_gateway_idx" ON "ota_gateway_commands" USING btree ("gateway_id","id");--> statement-breakpoint
CREATE INDEX "ota_gateway_commands_owner_idx" ON "ota_gateway_commands" USING btree ("owner_user_id","id");--> statement-breakpoint
CREATE INDEX "ota_gateway_signal_gateway_at_idx" ON "ota_gateway_signal" USING btree ("gateway_id","at");--> statement-breakpoint
-- hand-written: the plan columns of gateways that were in plans before this migration
UPDATE "ota_gateways" g SET
  "firmware_plan_id" = (SELECT max(d."plan_id") FROM "ota_plan_devices" d JOIN "ota_plans" p ON p."id" = d."plan_id" WHERE d."gateway_id" = g."id" AND p."type" = 2),
  "param_plan_id" = (SELECT max(d."plan_id") FROM "ota_plan_devices" d JOIN "ota_plans" p ON p."id" = d."plan_id" WHERE d."gateway_id" = g."id" AND p."type" = 1),
  "plan_at" = (SELECT max(p."created_at") FROM "ota_plan_devices" d JOIN "ota_plans" p ON p."id" = d."plan_id" WHERE d."gateway_id" = g."id");
