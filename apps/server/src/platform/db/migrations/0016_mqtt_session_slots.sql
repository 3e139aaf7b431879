CREATE TABLE "mqtt_session_slots" (
	"session_id" text PRIMARY KEY NOT NULL,
	"connections" integer NOT NULL,
	"instance_id" text NOT NULL,
	"heartbeat_at" timestamp (3) with time zone NOT NULL,
	"drained_at" timestamp (3) with time zone
);
