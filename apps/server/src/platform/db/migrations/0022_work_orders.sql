CREATE TABLE "work_order_files" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"hash" text NOT NULL,
	"kind" text NOT NULL,
	"mime" text NOT NULL,
	"size" bigint NOT NULL,
	"uploaded_by" integer,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "work_order_history" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"event" text NOT NULL,
	"from_status" smallint,
	"to_status" smallint NOT NULL,
	"actor_id" integer,
	"actor_name" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"assignee_id" integer,
	"assignee_name" text,
	"photos" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"signature" text,
	"checklist" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"parts" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "work_orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"owner_user_id" integer NOT NULL,
	"type" smallint NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"device_id" integer,
	"alarm_id" integer,
	"repair_type" smallint,
	"priority" smallint DEFAULT 1 NOT NULL,
	"due_at" timestamp (3) with time zone,
	"created_by" integer,
	"assignee_id" integer,
	"checklist" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"plan_id" integer,
	"asset_id" integer,
	"record_id" integer,
	"due_soon_noticed_at" timestamp (3) with time zone,
	"overdue_noticed_at" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp (3) with time zone
);
--> statement-breakpoint
CREATE TABLE "user_notices" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"subject" text NOT NULL,
	"subject_id" integer NOT NULL,
	"kind" text NOT NULL,
	"title" text NOT NULL,
	"dedupe_key" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"read_at" timestamp (3) with time zone
);
--> statement-breakpoint
ALTER TABLE "work_order_files" ADD CONSTRAINT "work_order_files_order_id_work_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."work_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_order_files" ADD CONSTRAINT "work_order_files_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_order_history" ADD CONSTRAINT "work_order_history_order_id_work_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."work_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_order_history" ADD CONSTRAINT "work_order_history_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_orders" ADD CONSTRAINT "work_orders_owner_user_id_users_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_orders" ADD CONSTRAINT "work_orders_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_orders" ADD CONSTRAINT "work_orders_alarm_id_alarm_log_id_fk" FOREIGN KEY ("alarm_id") REFERENCES "public"."alarm_log"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_orders" ADD CONSTRAINT "work_orders_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_orders" ADD CONSTRAINT "work_orders_assignee_id_users_id_fk" FOREIGN KEY ("assignee_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_notices" ADD CONSTRAINT "user_notices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "work_order_files_order_hash_uq" ON "work_order_files" USING btree ("order_id","hash");--> statement-breakpoint
CREATE INDEX "work_order_files_hash_idx" ON "work_order_files" USING btree ("hash");--> statement-breakpoint
CREATE INDEX "work_order_history_order_idx" ON "work_order_history" USING btree ("order_id","id");--> statement-breakpoint
CREATE INDEX "work_orders_owner_idx" ON "work_orders" USING btree ("owner_user_id","id");--> statement-breakpoint
CREATE INDEX "work_orders_assignee_idx" ON "work_orders" USING btree ("assignee_id","status");--> statement-breakpoint
CREATE INDEX "work_orders_device_idx" ON "work_orders" USING btree ("device_id");--> statement-breakpoint
CREATE INDEX "work_orders_alarm_idx" ON "work_orders" USING btree ("alarm_id");--> statement-breakpoint
CREATE INDEX "work_orders_due_idx" ON "work_orders" USING btree ("status","due_at");--> statement-breakpoint
CREATE UNIQUE INDEX "user_notices_dedupe_uq" ON "user_notices" USING btree ("user_id","dedupe_key");--> statement-breakpoint
CREATE INDEX "user_notices_user_idx" ON "user_notices" USING btree ("user_id","subject","created_at");--> statement-breakpoint
-- hand-written: the work order history is append-only (issue 22); rows go only with their order.
CREATE OR REPLACE FUNCTION work_order_history_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'work_order_history is append-only';
END;
$$;--> statement-breakpoint
CREATE TRIGGER work_order_history_no_update BEFORE UPDATE ON work_order_history
  FOR EACH ROW EXECUTE FUNCTION work_order_history_append_only();
