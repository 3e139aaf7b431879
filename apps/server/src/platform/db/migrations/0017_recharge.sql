CREATE TABLE "payment_merchants" (
	"provider" text PRIMARY KEY NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"app_id" text NOT NULL,
	"merchant_id" text DEFAULT '' NOT NULL,
	"serial_no" text DEFAULT '' NOT NULL,
	"public_key" text NOT NULL,
	"private_key" text DEFAULT '' NOT NULL,
	"api_key" text DEFAULT '' NOT NULL,
	"endpoint" text DEFAULT '' NOT NULL,
	"notify_base_url" text NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_by" integer
);
--> statement-breakpoint
CREATE TABLE "recharge_orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"out_trade_no" text NOT NULL,
	"owner_user_id" integer NOT NULL,
	"operator_user_id" integer NOT NULL,
	"pay_mode" smallint NOT NULL,
	"amount" bigint NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"code_url" text DEFAULT '' NOT NULL,
	"transaction_id" text DEFAULT '' NOT NULL,
	"failure" text DEFAULT '' NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp (3) with time zone,
	"paid_at" timestamp (3) with time zone,
	"closed_at" timestamp (3) with time zone,
	CONSTRAINT "recharge_orders_out_trade_no_uq" UNIQUE("out_trade_no"),
	CONSTRAINT "recharge_orders_amount_positive" CHECK ("recharge_orders"."amount" > 0),
	CONSTRAINT "recharge_orders_status" CHECK ("recharge_orders"."status" IN (0, 1, 2, 3)),
	CONSTRAINT "recharge_orders_pay_mode" CHECK ("recharge_orders"."pay_mode" IN (-1, 0, 1, 2))
);
--> statement-breakpoint
CREATE INDEX "recharge_orders_owner_idx" ON "recharge_orders" USING btree ("owner_user_id","id");--> statement-breakpoint
CREATE INDEX "recharge_orders_unpaid_idx" ON "recharge_orders" USING btree ("expires_at") WHERE "recharge_orders"."status" = 0;