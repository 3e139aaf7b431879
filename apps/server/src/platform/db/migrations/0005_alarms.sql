CREATE TABLE "alarm_log" (
	"id" serial PRIMARY KEY NOT NULL,
	"device_id" integer NOT NULL,
	"trigger_id" integer,
	"point_id" integer,
	"alarm_type" smallint NOT NULL,
	"level" smallint DEFAULT 0 NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"dispatch_status" smallint DEFAULT 0 NOT NULL,
	"online" smallint DEFAULT 1 NOT NULL,
	"cause" text NOT NULL,
	"value" double precision,
	"point_name" text DEFAULT '' NOT NULL,
	"point_title" text DEFAULT '' NOT NULL,
	"threshold" text DEFAULT '' NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"at" timestamp (3) with time zone NOT NULL,
	"recovered_at" timestamp (3) with time zone,
	"recovers_id" integer,
	"handled_by" integer,
	"handled_at" timestamp (3) with time zone,
	"remark" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "trigger_contacts" (
	"id" serial PRIMARY KEY NOT NULL,
	"owner_user_id" integer NOT NULL,
	"name" text NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"webhook_kind" text DEFAULT '' NOT NULL,
	"webhook_url" text DEFAULT '' NOT NULL,
	"webhook_secret" text DEFAULT '' NOT NULL,
	"email_enabled" boolean DEFAULT false NOT NULL,
	"webhook_enabled" boolean DEFAULT false NOT NULL,
	"min_interval_s" integer DEFAULT 0 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"language" text DEFAULT 'zh' NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notice_outbox" (
	"id" serial PRIMARY KEY NOT NULL,
	"contact_id" integer NOT NULL,
	"alarm_id" integer,
	"channel" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"last_error" text DEFAULT '' NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp (3) with time zone
);
--> statement-breakpoint
CREATE TABLE "trigger_contact_links" (
	"trigger_id" integer NOT NULL,
	"contact_id" integer NOT NULL,
	CONSTRAINT "trigger_contact_links_trigger_id_contact_id_pk" PRIMARY KEY("trigger_id","contact_id")
);
--> statement-breakpoint
CREATE TABLE "triggers" (
	"id" serial PRIMARY KEY NOT NULL,
	"device_id" integer NOT NULL,
	"point_id" integer,
	"created_by" integer,
	"title" text DEFAULT '' NOT NULL,
	"kind" text NOT NULL,
	"alarm_type" smallint DEFAULT 1 NOT NULL,
	"optype" smallint DEFAULT 0 NOT NULL,
	"lolmt" double precision,
	"uplmt" double precision,
	"level" smallint DEFAULT 2 NOT NULL,
	"deadband" double precision DEFAULT 0 NOT NULL,
	"delay_s" integer DEFAULT 0 NOT NULL,
	"stale_s" integer DEFAULT 0 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"notify" boolean DEFAULT true NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "alarm_log" ADD CONSTRAINT "alarm_log_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alarm_log" ADD CONSTRAINT "alarm_log_trigger_id_triggers_id_fk" FOREIGN KEY ("trigger_id") REFERENCES "public"."triggers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alarm_log" ADD CONSTRAINT "alarm_log_point_id_data_points_id_fk" FOREIGN KEY ("point_id") REFERENCES "public"."data_points"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alarm_log" ADD CONSTRAINT "alarm_log_handled_by_users_id_fk" FOREIGN KEY ("handled_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trigger_contacts" ADD CONSTRAINT "trigger_contacts_owner_user_id_users_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notice_outbox" ADD CONSTRAINT "notice_outbox_contact_id_trigger_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."trigger_contacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notice_outbox" ADD CONSTRAINT "notice_outbox_alarm_id_alarm_log_id_fk" FOREIGN KEY ("alarm_id") REFERENCES "public"."alarm_log"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trigger_contact_links" ADD CONSTRAINT "trigger_contact_links_trigger_id_triggers_id_fk" FOREIGN KEY ("trigger_id") REFERENCES "public"."triggers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trigger_contact_links" ADD CONSTRAINT "trigger_contact_links_contact_id_trigger_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."trigger_contacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "triggers" ADD CONSTRAINT "triggers_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "triggers" ADD CONSTRAINT "triggers_point_id_data_points_id_fk" FOREIGN KEY ("point_id") REFERENCES "public"."data_points"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "triggers" ADD CONSTRAINT "triggers_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "alarm_log_at_idx" ON "alarm_log" USING btree ("at");--> statement-breakpoint
CREATE INDEX "alarm_log_device_at_idx" ON "alarm_log" USING btree ("device_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "alarm_log_open_trigger_uq" ON "alarm_log" USING btree ("trigger_id") WHERE "alarm_log"."recovered_at" is null and "alarm_log"."trigger_id" is not null;--> statement-breakpoint
CREATE INDEX "trigger_contacts_owner_idx" ON "trigger_contacts" USING btree ("owner_user_id");--> statement-breakpoint
CREATE INDEX "notice_outbox_due_idx" ON "notice_outbox" USING btree ("status","next_attempt_at");--> statement-breakpoint
CREATE INDEX "notice_outbox_contact_idx" ON "notice_outbox" USING btree ("contact_id","created_at");--> statement-breakpoint
CREATE INDEX "trigger_contact_links_contact_idx" ON "trigger_contact_links" USING btree ("contact_id");--> statement-breakpoint
CREATE INDEX "triggers_device_idx" ON "triggers" USING btree ("device_id");--> statement-breakpoint
CREATE INDEX "triggers_point_idx" ON "triggers" USING btree ("point_id");