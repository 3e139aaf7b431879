CREATE TABLE "job_history" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"job_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"attempt" integer NOT NULL,
	"status" text NOT NULL,
	"error" text DEFAULT '' NOT NULL,
	"instance_id" text NOT NULL,
	"started_at" timestamp (3) with time zone NOT NULL,
	"finished_at" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "job_queue" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"max_attempts" integer DEFAULT 5 NOT NULL,
	"run_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"locked_by" text,
	"locked_until" timestamp (3) with time zone,
	"last_error" text DEFAULT '' NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "job_schedules" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"cron" text NOT NULL,
	"tz" text DEFAULT 'UTC' NOT NULL,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"next_run_at" timestamp (3) with time zone,
	"last_run_at" timestamp (3) with time zone,
	CONSTRAINT "job_schedules_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "trigger_holds" (
	"trigger_id" integer PRIMARY KEY NOT NULL,
	"device_id" integer NOT NULL,
	"since" timestamp (3) with time zone NOT NULL,
	"delay_ms" integer NOT NULL,
	"value" double precision
);
--> statement-breakpoint
ALTER TABLE "trigger_holds" ADD CONSTRAINT "trigger_holds_trigger_id_triggers_id_fk" FOREIGN KEY ("trigger_id") REFERENCES "public"."triggers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "job_history_job_idx" ON "job_history" USING btree ("job_id");--> statement-breakpoint
CREATE INDEX "job_history_finished_idx" ON "job_history" USING btree ("finished_at");--> statement-breakpoint
CREATE INDEX "job_queue_due_idx" ON "job_queue" USING btree ("run_at");--> statement-breakpoint
CREATE INDEX "job_schedules_due_idx" ON "job_schedules" USING btree ("next_run_at");