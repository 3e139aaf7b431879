CREATE TABLE "enforcement_record_files" (
	"id" serial PRIMARY KEY NOT NULL,
	"record_id" integer NOT NULL,
	"position" smallint NOT NULL,
	"hash" text NOT NULL,
	"kind" text NOT NULL,
	"mime" text NOT NULL,
	"size" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "enforcement_records" (
	"id" serial PRIMARY KEY NOT NULL,
	"owner_user_id" integer NOT NULL,
	"seq" integer NOT NULL,
	"type" text NOT NULL,
	"device_id" integer,
	"device_ref" integer,
	"device_title" text DEFAULT '' NOT NULL,
	"asset_id" integer,
	"site" text DEFAULT '' NOT NULL,
	"lat" numeric(10, 7),
	"lng" numeric(10, 7),
	"occurred_at" timestamp (3) with time zone NOT NULL,
	"officer_id" integer NOT NULL,
	"officer_name" text NOT NULL,
	"description" text NOT NULL,
	"created_at" timestamp (3) with time zone NOT NULL,
	"prev_hash" text NOT NULL,
	"hash" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "enforcement_uploads" (
	"id" serial PRIMARY KEY NOT NULL,
	"owner_user_id" integer NOT NULL,
	"uploaded_by" integer,
	"hash" text NOT NULL,
	"kind" text NOT NULL,
	"mime" text NOT NULL,
	"size" bigint NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "enforcement_record_files" ADD CONSTRAINT "enforcement_record_files_record_id_enforcement_records_id_fk" FOREIGN KEY ("record_id") REFERENCES "public"."enforcement_records"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enforcement_records" ADD CONSTRAINT "enforcement_records_owner_user_id_users_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enforcement_records" ADD CONSTRAINT "enforcement_records_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enforcement_uploads" ADD CONSTRAINT "enforcement_uploads_owner_user_id_users_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enforcement_uploads" ADD CONSTRAINT "enforcement_uploads_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "enforcement_record_files_position_uq" ON "enforcement_record_files" USING btree ("record_id","position");--> statement-breakpoint
CREATE INDEX "enforcement_record_files_hash_idx" ON "enforcement_record_files" USING btree ("hash");--> statement-breakpoint
CREATE UNIQUE INDEX "enforcement_records_owner_seq_uq" ON "enforcement_records" USING btree ("owner_user_id","seq");--> statement-breakpoint
CREATE INDEX "enforcement_records_device_idx" ON "enforcement_records" USING btree ("device_id");--> statement-breakpoint
CREATE INDEX "enforcement_records_occurred_idx" ON "enforcement_records" USING btree ("owner_user_id","occurred_at");--> statement-breakpoint
CREATE UNIQUE INDEX "enforcement_uploads_owner_hash_uq" ON "enforcement_uploads" USING btree ("owner_user_id","hash");--> statement-breakpoint
ALTER TABLE "work_orders" ADD CONSTRAINT "work_orders_record_id_enforcement_records_id_fk" FOREIGN KEY ("record_id") REFERENCES "public"."enforcement_records"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "work_orders_record_idx" ON "work_orders" USING btree ("record_id");
--> statement-breakpoint
-- hand-written: enforcement records are append-only (issue 22 item 5, docs/maintenance.md). A hashed
-- column never changes; the live device link may only be cleared (its device was deleted); a record
-- goes only with its tenant (the cascade from users runs after the user row is gone). Files likewise.
CREATE OR REPLACE FUNCTION enforcement_records_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    IF EXISTS (SELECT 1 FROM users WHERE id = OLD.owner_user_id) THEN
      RAISE EXCEPTION 'enforcement_records is append-only';
    END IF;
    RETURN OLD;
  END IF;
  IF NEW.id IS DISTINCT FROM OLD.id
    OR NEW.owner_user_id IS DISTINCT FROM OLD.owner_user_id
    OR NEW.seq IS DISTINCT FROM OLD.seq
    OR NEW.type IS DISTINCT FROM OLD.type
    OR (NEW.device_id IS DISTINCT FROM OLD.device_id AND NEW.device_id IS NOT NULL)
    OR NEW.device_ref IS DISTINCT FROM OLD.device_ref
    OR NEW.device_title IS DISTINCT FROM OLD.device_title
    OR NEW.asset_id IS DISTINCT FROM OLD.asset_id
    OR NEW.site IS DISTINCT FROM OLD.site
    OR NEW.lat IS DISTINCT FROM OLD.lat
    OR NEW.lng IS DISTINCT FROM OLD.lng
    OR NEW.occurred_at IS DISTINCT FROM OLD.occurred_at
    OR NEW.officer_id IS DISTINCT FROM OLD.officer_id
    OR NEW.officer_name IS DISTINCT FROM OLD.officer_name
    OR NEW.description IS DISTINCT FROM OLD.description
    OR NEW.created_at IS DISTINCT FROM OLD.created_at
    OR NEW.prev_hash IS DISTINCT FROM OLD.prev_hash
    OR NEW.hash IS DISTINCT FROM OLD.hash THEN
    RAISE EXCEPTION 'enforcement_records is append-only';
  END IF;
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER enforcement_records_append_only BEFORE UPDATE OR DELETE ON enforcement_records
  FOR EACH ROW EXECUTE FUNCTION enforcement_records_append_only();--> statement-breakpoint
CREATE OR REPLACE FUNCTION enforcement_record_files_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' AND NOT EXISTS (SELECT 1 FROM enforcement_records WHERE id = OLD.record_id) THEN
    RETURN OLD;
  END IF;
  RAISE EXCEPTION 'enforcement_record_files is append-only';
END;
$$;--> statement-breakpoint
CREATE TRIGGER enforcement_record_files_append_only BEFORE UPDATE OR DELETE ON enforcement_record_files
  FOR EACH ROW EXECUTE FUNCTION enforcement_record_files_append_only();
