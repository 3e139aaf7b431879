ALTER TABLE "notice_outbox" ADD COLUMN "storm_counted_at" timestamp (3) with time zone;--> statement-breakpoint
CREATE INDEX "notice_outbox_storm_idx" ON "notice_outbox" USING btree ("contact_id","channel","storm_counted_at");--> statement-breakpoint
-- hand-written: SMS / voice alarm notices sent before this migration keep their storm-cap slots.
UPDATE "notice_outbox" SET "storm_counted_at" = "sent_at" WHERE "status" = 'sent' AND "alarm_id" IS NOT NULL AND "channel" IN ('sms', 'voice') AND "sent_at" > now() - interval '7 days';
