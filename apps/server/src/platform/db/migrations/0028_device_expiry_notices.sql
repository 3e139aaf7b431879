CREATE TABLE "device_expiry_notices" (
	"device_id" integer NOT NULL,
	"expire_at" timestamp (3) with time zone NOT NULL,
	"stage" smallint NOT NULL,
	"owner_user_id" integer NOT NULL,
	"noticed_at" timestamp (3) with time zone NOT NULL,
	CONSTRAINT "device_expiry_notices_device_id_expire_at_stage_pk" PRIMARY KEY("device_id","expire_at","stage")
);
--> statement-breakpoint
CREATE INDEX "device_expiry_notices_owner_idx" ON "device_expiry_notices" USING btree ("owner_user_id");