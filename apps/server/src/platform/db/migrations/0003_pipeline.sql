CREATE TABLE "device_commands" (
	"id" serial PRIMARY KEY NOT NULL,
	"device_id" integer NOT NULL,
	"point_id" integer,
	"kind" text NOT NULL,
	"value" jsonb,
	"status" text NOT NULL,
	"error" text DEFAULT '' NOT NULL,
	"created_by" integer,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp (3) with time zone,
	"answered_at" timestamp (3) with time zone
);
--> statement-breakpoint
CREATE TABLE "device_onoffline_log" (
	"id" serial PRIMARY KEY NOT NULL,
	"device_id" integer NOT NULL,
	"status" smallint NOT NULL,
	"via" text NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"remote_address" text DEFAULT '' NOT NULL,
	"at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "device_signal" (
	"id" serial PRIMARY KEY NOT NULL,
	"device_id" integer NOT NULL,
	"csq" smallint NOT NULL,
	"at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ingest_counters" (
	"device_id" integer NOT NULL,
	"day" text NOT NULL,
	"readings" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "ingest_counters_device_id_day_pk" PRIMARY KEY("device_id","day")
);
--> statement-breakpoint
CREATE TABLE "point_history" (
	"point_id" integer NOT NULL,
	"ts" timestamp (3) with time zone NOT NULL,
	"value" double precision,
	"text" text,
	CONSTRAINT "point_history_point_id_ts_pk" PRIMARY KEY("point_id","ts")
) PARTITION BY RANGE ("ts");
--> statement-breakpoint
-- Monthly partitions (point_history_yYYYYmMM) are created ahead and dropped after retention by the
-- pipeline's history maintenance; rows outside them (a device clock far off) land here.
CREATE TABLE "point_history_default" PARTITION OF "point_history" DEFAULT;
--> statement-breakpoint
CREATE TABLE "point_latest" (
	"point_id" integer PRIMARY KEY NOT NULL,
	"device_id" integer NOT NULL,
	"ts" timestamp (3) with time zone NOT NULL,
	"value" double precision,
	"text" text,
	"stored_ts" timestamp (3) with time zone,
	"stored_value" double precision
);
--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "heartbeat" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "heartbeat_interval_s" integer DEFAULT 120 NOT NULL;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "csq" smallint;--> statement-breakpoint
ALTER TABLE "device_commands" ADD CONSTRAINT "device_commands_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_commands" ADD CONSTRAINT "device_commands_point_id_data_points_id_fk" FOREIGN KEY ("point_id") REFERENCES "public"."data_points"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_commands" ADD CONSTRAINT "device_commands_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_onoffline_log" ADD CONSTRAINT "device_onoffline_log_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_signal" ADD CONSTRAINT "device_signal_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ingest_counters" ADD CONSTRAINT "ingest_counters_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "point_latest" ADD CONSTRAINT "point_latest_point_id_data_points_id_fk" FOREIGN KEY ("point_id") REFERENCES "public"."data_points"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "point_latest" ADD CONSTRAINT "point_latest_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "device_commands_device_idx" ON "device_commands" USING btree ("device_id","id");--> statement-breakpoint
CREATE INDEX "device_onoffline_log_device_at_idx" ON "device_onoffline_log" USING btree ("device_id","at");--> statement-breakpoint
CREATE INDEX "device_onoffline_log_at_idx" ON "device_onoffline_log" USING btree ("at");--> statement-breakpoint
CREATE INDEX "device_signal_device_at_idx" ON "device_signal" USING btree ("device_id","at");--> statement-breakpoint
CREATE INDEX "point_latest_device_idx" ON "point_latest" USING btree ("device_id");