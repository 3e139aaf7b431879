ALTER TABLE "recharge_refunds" DROP CONSTRAINT "recharge_refunds_status";--> statement-breakpoint
ALTER TABLE "trigger_contacts" ADD COLUMN "expiry_notices" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "notice_outbox" ADD COLUMN "user_notice_id" integer;--> statement-breakpoint
ALTER TABLE "recharge_refunds" ADD COLUMN "next_query_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "recharge_refunds" ADD COLUMN "queries" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "notice_outbox" ADD CONSTRAINT "notice_outbox_user_notice_id_user_notices_id_fk" FOREIGN KEY ("user_notice_id") REFERENCES "public"."user_notices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "recharge_refunds_due_idx" ON "recharge_refunds" USING btree ("status","next_query_at");--> statement-breakpoint
ALTER TABLE "recharge_refunds" ADD CONSTRAINT "recharge_refunds_status" CHECK ("recharge_refunds"."status" IN (0, 1, 2, 3));