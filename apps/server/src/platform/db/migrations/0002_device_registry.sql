CREATE TABLE "data_points" (
	"id" serial PRIMARY KEY NOT NULL,
	"device_id" integer NOT NULL,
	"slave_ref" integer,
	"name" text NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"type" smallint NOT NULL,
	"source_kind" text NOT NULL,
	"data_type" text NOT NULL,
	"area" text,
	"address" integer,
	"db_number" integer,
	"register_count" integer,
	"byte_order" text NOT NULL,
	"scale" double precision NOT NULL,
	"offset" double precision NOT NULL,
	"decimals" smallint NOT NULL,
	"unit" text DEFAULT '' NOT NULL,
	"storage_mode" smallint NOT NULL,
	"storage_interval_s" integer NOT NULL,
	"tolerance" double precision NOT NULL,
	"collect_mode" smallint NOT NULL,
	"access" text NOT NULL,
	"trigger_enable" smallint NOT NULL,
	"lolmt" double precision,
	"uplmt" double precision,
	"ds_config" jsonb NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "data_points_slave_name_uq" UNIQUE NULLS NOT DISTINCT("device_id","slave_ref","name")
);
--> statement-breakpoint
CREATE TABLE "device_grants" (
	"device_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"binder_title" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "device_grants_device_id_user_id_pk" PRIMARY KEY("device_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "device_ports" (
	"id" serial PRIMARY KEY NOT NULL,
	"device_id" integer NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"baud" integer NOT NULL,
	"data_bits" smallint NOT NULL,
	"parity" text NOT NULL,
	"stop_bits" smallint NOT NULL,
	"uart_read_ms" integer NOT NULL,
	"poll_interval_s" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "devices" (
	"id" serial PRIMARY KEY NOT NULL,
	"owner_user_id" integer NOT NULL,
	"device_title" text NOT NULL,
	"device_imei" text NOT NULL,
	"device_sharecode" text NOT NULL,
	"model_id" integer,
	"device_model" text DEFAULT '' NOT NULL,
	"protocol" smallint NOT NULL,
	"gateway_protocol" text,
	"device_class" text NOT NULL,
	"project_id" integer,
	"group_id" integer,
	"lat" double precision,
	"lng" double precision,
	"address" text DEFAULT '' NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"expire_at" timestamp with time zone,
	"status" smallint DEFAULT 0 NOT NULL,
	"alarm_type" smallint DEFAULT 0 NOT NULL,
	"online_at" timestamp with time zone,
	"legacy_registration" boolean DEFAULT false NOT NULL,
	"template_id" integer,
	"template_version" integer,
	"mqtt_password" text NOT NULL,
	"dtu_key" text NOT NULL,
	"http_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "devices_device_imei_unique" UNIQUE("device_imei"),
	CONSTRAINT "devices_device_sharecode_unique" UNIQUE("device_sharecode")
);
--> statement-breakpoint
CREATE TABLE "slave_devices" (
	"id" serial PRIMARY KEY NOT NULL,
	"device_id" integer NOT NULL,
	"port_id" integer,
	"name" text NOT NULL,
	"slave_id" smallint NOT NULL,
	"template_id" integer,
	CONSTRAINT "slave_devices_device_slave_uq" UNIQUE("device_id","slave_id")
);
--> statement-breakpoint
CREATE TABLE "device_models" (
	"id" serial PRIMARY KEY NOT NULL,
	"owner_user_id" integer,
	"name" text NOT NULL,
	"protocol" smallint,
	"gateway_protocol" text,
	"template_id" integer,
	"remark" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "device_templates" (
	"id" serial PRIMARY KEY NOT NULL,
	"owner_user_id" integer,
	"builtin_key" text,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"content" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "device_templates_builtin_key_unique" UNIQUE("builtin_key")
);
--> statement-breakpoint
ALTER TABLE "data_points" ADD CONSTRAINT "data_points_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "data_points" ADD CONSTRAINT "data_points_slave_ref_slave_devices_id_fk" FOREIGN KEY ("slave_ref") REFERENCES "public"."slave_devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_grants" ADD CONSTRAINT "device_grants_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_grants" ADD CONSTRAINT "device_grants_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_ports" ADD CONSTRAINT "device_ports_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_owner_user_id_users_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "slave_devices" ADD CONSTRAINT "slave_devices_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "slave_devices" ADD CONSTRAINT "slave_devices_port_id_device_ports_id_fk" FOREIGN KEY ("port_id") REFERENCES "public"."device_ports"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_models" ADD CONSTRAINT "device_models_owner_user_id_users_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_templates" ADD CONSTRAINT "device_templates_owner_user_id_users_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "data_points_slave_idx" ON "data_points" USING btree ("slave_ref");--> statement-breakpoint
CREATE INDEX "device_grants_user_idx" ON "device_grants" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "device_ports_device_idx" ON "device_ports" USING btree ("device_id");--> statement-breakpoint
CREATE INDEX "devices_owner_idx" ON "devices" USING btree ("owner_user_id");--> statement-breakpoint
CREATE INDEX "devices_template_idx" ON "devices" USING btree ("template_id");