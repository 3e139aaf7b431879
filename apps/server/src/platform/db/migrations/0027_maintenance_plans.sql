CREATE TABLE "maintenance_plan_orders" (
	"plan_id" integer NOT NULL,
	"occurrence" integer NOT NULL,
	"target_type" smallint NOT NULL,
	"target_id" integer NOT NULL,
	"order_id" integer,
	"due_at" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "maintenance_plan_orders_plan_id_occurrence_target_type_target_id_pk" PRIMARY KEY("plan_id","occurrence","target_type","target_id")
);
--> statement-breakpoint
CREATE TABLE "maintenance_plan_targets" (
	"plan_id" integer NOT NULL,
	"target_type" smallint NOT NULL,
	"target_id" integer NOT NULL,
	CONSTRAINT "maintenance_plan_targets_plan_id_target_type_target_id_pk" PRIMARY KEY("plan_id","target_type","target_id")
);
--> statement-breakpoint
CREATE TABLE "maintenance_plans" (
	"id" serial PRIMARY KEY NOT NULL,
	"owner_user_id" integer NOT NULL,
	"name" text NOT NULL,
	"plan_type" smallint DEFAULT 0 NOT NULL,
	"target_type" smallint DEFAULT 0 NOT NULL,
	"trigger" text DEFAULT 'calendar' NOT NULL,
	"period" integer DEFAULT 1 NOT NULL,
	"time_unit" smallint DEFAULT 2 NOT NULL,
	"start_date" text NOT NULL,
	"due_time" text DEFAULT '09:00' NOT NULL,
	"time_zone" text DEFAULT 'UTC' NOT NULL,
	"pre_notify" smallint DEFAULT 0 NOT NULL,
	"assignee_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"checklist" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"meter_point_id" integer,
	"meter_mode" text DEFAULT 'running' NOT NULL,
	"meter_hours" double precision,
	"threshold_op" text DEFAULT 'above' NOT NULL,
	"threshold_value" double precision,
	"meter_progress" double precision,
	"meter_read_at" timestamp (3) with time zone,
	"meter_last_value" double precision,
	"meter_armed" boolean DEFAULT true NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"next_occurrence" integer DEFAULT 0 NOT NULL,
	"next_due_at" timestamp (3) with time zone,
	"next_create_at" timestamp (3) with time zone,
	"created_by" integer,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "maintenance_plan_orders" ADD CONSTRAINT "maintenance_plan_orders_plan_id_maintenance_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."maintenance_plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "maintenance_plan_orders" ADD CONSTRAINT "maintenance_plan_orders_order_id_work_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."work_orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "maintenance_plan_targets" ADD CONSTRAINT "maintenance_plan_targets_plan_id_maintenance_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."maintenance_plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "maintenance_plans" ADD CONSTRAINT "maintenance_plans_owner_user_id_users_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "maintenance_plans" ADD CONSTRAINT "maintenance_plans_meter_point_id_data_points_id_fk" FOREIGN KEY ("meter_point_id") REFERENCES "public"."data_points"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "maintenance_plans" ADD CONSTRAINT "maintenance_plans_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "maintenance_plan_orders_order_idx" ON "maintenance_plan_orders" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "maintenance_plan_targets_target_idx" ON "maintenance_plan_targets" USING btree ("target_type","target_id");--> statement-breakpoint
CREATE INDEX "maintenance_plans_owner_idx" ON "maintenance_plans" USING btree ("owner_user_id","id");--> statement-breakpoint
CREATE INDEX "maintenance_plans_due_idx" ON "maintenance_plans" USING btree ("status","next_create_at");