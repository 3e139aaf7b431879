CREATE TABLE "graphlib_categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"owner_user_id" integer NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "graphlib_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"owner_user_id" integer NOT NULL,
	"category_id" integer NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"hash" text NOT NULL,
	"size" integer NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "graphlib_categories" ADD CONSTRAINT "graphlib_categories_owner_user_id_users_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "graphlib_items" ADD CONSTRAINT "graphlib_items_owner_user_id_users_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "graphlib_items" ADD CONSTRAINT "graphlib_items_category_id_graphlib_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."graphlib_categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "graphlib_categories_owner_name_idx" ON "graphlib_categories" USING btree ("owner_user_id","name");--> statement-breakpoint
CREATE INDEX "graphlib_items_owner_idx" ON "graphlib_items" USING btree ("owner_user_id");--> statement-breakpoint
CREATE INDEX "graphlib_items_category_idx" ON "graphlib_items" USING btree ("category_id");--> statement-breakpoint
CREATE INDEX "graphlib_items_hash_idx" ON "graphlib_items" USING btree ("hash");