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
CREATE TABLE "renewal_order_devices" (
	"order_id" integer NOT NULL,
	"device_id" integer NOT NULL,
	"device_title" text NOT NULL,
	"device_imei" text NOT NULL,
	"expire_before" timestamp with time zone,
	"expire_after" timestamp with time zone NOT NULL,
	CONSTRAINT "renewal_order_devices_order_id_device_id_pk" PRIMARY KEY("order_id","device_id")
);
--> statement-breakpoint
CREATE TABLE "renewal_orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_no" text NOT NULL,
	"owner_user_id" integer NOT NULL,
	"operator_user_id" integer NOT NULL,
	"device_count" integer NOT NULL,
	"years" smallint NOT NULL,
	"unit_fee" bigint NOT NULL,
	"amount" bigint NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "renewal_orders_order_no_uq" UNIQUE("order_no"),
	CONSTRAINT "renewal_orders_amount_positive" CHECK ("renewal_orders"."amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "renewal_order_devices" ADD CONSTRAINT "renewal_order_devices_order_id_renewal_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."renewal_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "recharge_orders_owner_idx" ON "recharge_orders" USING btree ("owner_user_id","id");--> statement-breakpoint
CREATE INDEX "recharge_orders_unpaid_idx" ON "recharge_orders" USING btree ("expires_at") WHERE "recharge_orders"."status" = 0;--> statement-breakpoint
CREATE INDEX "renewal_orders_owner_idx" ON "renewal_orders" USING btree ("owner_user_id","id");