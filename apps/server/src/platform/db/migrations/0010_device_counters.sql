CREATE TABLE "device_counters" (
	"device_id" integer PRIMARY KEY NOT NULL,
	"malformed" bigint DEFAULT 0 NOT NULL,
	"exceptions" bigint DEFAULT 0 NOT NULL,
	"timeouts" bigint DEFAULT 0 NOT NULL,
	"last_malformed_at" timestamp with time zone,
	"last_exception_at" timestamp with time zone,
	"last_timeout_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "device_counters" ADD CONSTRAINT "device_counters_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;