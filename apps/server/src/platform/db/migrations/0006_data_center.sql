CREATE TABLE "export_jobs" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"params" jsonb NOT NULL,
	"format" text NOT NULL,
	"lang" text DEFAULT 'zh' NOT NULL,
	"tz" text DEFAULT 'UTC' NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"progress" integer DEFAULT 0 NOT NULL,
	"rows" integer DEFAULT 0 NOT NULL,
	"file_name" text DEFAULT '' NOT NULL,
	"file_hash" text DEFAULT '' NOT NULL,
	"file_size" integer DEFAULT 0 NOT NULL,
	"error" text DEFAULT '' NOT NULL,
	"locked_by" text DEFAULT '' NOT NULL,
	"heartbeat_at" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp (3) with time zone,
	"finished_at" timestamp (3) with time zone,
	"expires_at" timestamp (3) with time zone
);
--> statement-breakpoint
CREATE TABLE "report_schedules" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"name" text NOT NULL,
	"period" text NOT NULL,
	"params" jsonb NOT NULL,
	"send_at_minute" integer DEFAULT 60 NOT NULL,
	"tz" text DEFAULT 'UTC' NOT NULL,
	"lang" text DEFAULT 'zh' NOT NULL,
	"contact_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"next_run_at" timestamp (3) with time zone NOT NULL,
	"last_run_at" timestamp (3) with time zone,
	"last_export_id" integer,
	"last_error" text DEFAULT '' NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "history_rollup_dirty" (
	"point_id" integer NOT NULL,
	"bucket" timestamp (3) with time zone NOT NULL,
	CONSTRAINT "history_rollup_dirty_point_id_bucket_pk" PRIMARY KEY("point_id","bucket")
);
--> statement-breakpoint
CREATE TABLE "history_rollup_state" (
	"level" text PRIMARY KEY NOT NULL,
	"done_until" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "point_rollup_15m" (
	"point_id" integer NOT NULL,
	"bucket" timestamp (3) with time zone NOT NULL,
	"n" integer NOT NULL,
	"sum" double precision NOT NULL,
	"min" double precision NOT NULL,
	"max" double precision NOT NULL,
	"first_ts" timestamp (3) with time zone NOT NULL,
	"first" double precision NOT NULL,
	"last_ts" timestamp (3) with time zone NOT NULL,
	"last" double precision NOT NULL,
	"increase" double precision NOT NULL,
	CONSTRAINT "point_rollup_15m_point_id_bucket_pk" PRIMARY KEY("point_id","bucket")
);
--> statement-breakpoint
CREATE TABLE "point_rollup_1m" (
	"point_id" integer NOT NULL,
	"bucket" timestamp (3) with time zone NOT NULL,
	"n" integer NOT NULL,
	"sum" double precision NOT NULL,
	"min" double precision NOT NULL,
	"max" double precision NOT NULL,
	"first_ts" timestamp (3) with time zone NOT NULL,
	"first" double precision NOT NULL,
	"last_ts" timestamp (3) with time zone NOT NULL,
	"last" double precision NOT NULL,
	"increase" double precision NOT NULL,
	CONSTRAINT "point_rollup_1m_point_id_bucket_pk" PRIMARY KEY("point_id","bucket")
);
--> statement-breakpoint
ALTER TABLE "notice_outbox" ADD COLUMN "export_id" integer;--> statement-breakpoint
ALTER TABLE "export_jobs" ADD CONSTRAINT "export_jobs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_schedules" ADD CONSTRAINT "report_schedules_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_schedules" ADD CONSTRAINT "report_schedules_last_export_id_export_jobs_id_fk" FOREIGN KEY ("last_export_id") REFERENCES "public"."export_jobs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "export_jobs_user_idx" ON "export_jobs" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "export_jobs_status_idx" ON "export_jobs" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "report_schedules_due_idx" ON "report_schedules" USING btree ("enabled","next_run_at");--> statement-breakpoint
CREATE INDEX "report_schedules_user_idx" ON "report_schedules" USING btree ("user_id");--> statement-breakpoint
ALTER TABLE "notice_outbox" ADD CONSTRAINT "notice_outbox_export_id_export_jobs_id_fk" FOREIGN KEY ("export_id") REFERENCES "public"."export_jobs"("id") ON DELETE cascade ON UPDATE no action;