CREATE TABLE "scada_apps" (
	"id" serial PRIMARY KEY NOT NULL,
	"owner_user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"template_id" integer,
	"document" jsonb NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"thumbnail" text,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "scada_apps" ADD CONSTRAINT "scada_apps_owner_user_id_users_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scada_apps" ADD CONSTRAINT "scada_apps_template_id_device_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."device_templates"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "scada_apps_owner_idx" ON "scada_apps" USING btree ("owner_user_id");--> statement-breakpoint
CREATE INDEX "scada_apps_template_idx" ON "scada_apps" USING btree ("template_id");