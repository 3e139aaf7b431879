CREATE TABLE "device_expiry_notices" (
	"device_id" integer NOT NULL,
	"expire_at" timestamp (3) with time zone NOT NULL,
	"stage" smallint NOT NULL,
	"owner_user_id" integer NOT NULL,
	"noticed_at" timestamp (3) with time zone NOT NULL,
	CONSTRAINT "device_expiry_notices_device_id_expire_at_stage_pk" PRIMARY KEY("device_id","expire_at","stage")
);
--> statement-breakpoint
CREATE TABLE "recharge_refunds" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"out_refund_no" text NOT NULL,
	"owner_user_id" integer NOT NULL,
	"operator_user_id" integer NOT NULL,
	"amount" bigint NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"refund_id" text DEFAULT '' NOT NULL,
	"failure" text DEFAULT '' NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp (3) with time zone,
	CONSTRAINT "recharge_refunds_out_refund_no_uq" UNIQUE("out_refund_no"),
	CONSTRAINT "recharge_refunds_amount_positive" CHECK ("recharge_refunds"."amount" > 0),
	CONSTRAINT "recharge_refunds_status" CHECK ("recharge_refunds"."status" IN (0, 1, 2))
);
--> statement-breakpoint
ALTER TABLE "recharge_orders" ADD COLUMN "refunded" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "recharge_orders" ADD COLUMN "refunding" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "recharge_refunds" ADD CONSTRAINT "recharge_refunds_order_id_recharge_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."recharge_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "device_expiry_notices_owner_idx" ON "device_expiry_notices" USING btree ("owner_user_id");--> statement-breakpoint
CREATE INDEX "recharge_refunds_order_idx" ON "recharge_refunds" USING btree ("order_id");--> statement-breakpoint
ALTER TABLE "recharge_orders" ADD CONSTRAINT "recharge_orders_refund_le_amount" CHECK ("recharge_orders"."refunded" + "recharge_orders"."refunding" <= "recharge_orders"."amount");