CREATE TABLE "ledger_asset_files" (
	"id" serial PRIMARY KEY NOT NULL,
	"asset_id" integer NOT NULL,
	"hash" text NOT NULL,
	"name" text NOT NULL,
	"mime" text NOT NULL,
	"size" bigint NOT NULL,
	"uploaded_by" integer,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ledger_assets" (
	"id" serial PRIMARY KEY NOT NULL,
	"owner_user_id" integer NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"model" text DEFAULT '' NOT NULL,
	"category" text DEFAULT '' NOT NULL,
	"location" text DEFAULT '' NOT NULL,
	"lat" double precision,
	"lng" double precision,
	"supplier" text DEFAULT '' NOT NULL,
	"installed_on" date,
	"warranty_until" date,
	"status" smallint DEFAULT 0 NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"device_id" integer,
	"created_by" integer,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ledger_asset_files" ADD CONSTRAINT "ledger_asset_files_asset_id_ledger_assets_id_fk" FOREIGN KEY ("asset_id") REFERENCES "public"."ledger_assets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_asset_files" ADD CONSTRAINT "ledger_asset_files_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_assets" ADD CONSTRAINT "ledger_assets_owner_user_id_users_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_assets" ADD CONSTRAINT "ledger_assets_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_assets" ADD CONSTRAINT "ledger_assets_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_asset_files_asset_hash_uq" ON "ledger_asset_files" USING btree ("asset_id","hash");--> statement-breakpoint
CREATE INDEX "ledger_asset_files_hash_idx" ON "ledger_asset_files" USING btree ("hash");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_assets_owner_code_uq" ON "ledger_assets" USING btree ("owner_user_id","code");--> statement-breakpoint
CREATE INDEX "ledger_assets_owner_idx" ON "ledger_assets" USING btree ("owner_user_id","id");--> statement-breakpoint
CREATE INDEX "ledger_assets_device_idx" ON "ledger_assets" USING btree ("device_id");--> statement-breakpoint
CREATE INDEX "ledger_assets_warranty_idx" ON "ledger_assets" USING btree ("owner_user_id","warranty_until") WHERE warranty_until is not null;--> statement-breakpoint
ALTER TABLE "work_orders" ADD CONSTRAINT "work_orders_asset_id_ledger_assets_id_fk" FOREIGN KEY ("asset_id") REFERENCES "public"."ledger_assets"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "work_orders_asset_idx" ON "work_orders" USING btree ("asset_id");