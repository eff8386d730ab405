CREATE TABLE "game_keys" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_code" text NOT NULL,
	"key" text NOT NULL,
	"order_id" text,
	"assigned_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "game_keys_key_unique" UNIQUE("key")
);
--> statement-breakpoint
CREATE TABLE "order_idempotency_keys" (
	"user_id" text NOT NULL,
	"key" text NOT NULL,
	"request_hash" text NOT NULL,
	"order_id" text,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" text PRIMARY KEY NOT NULL,
	"number" serial NOT NULL,
	"user_id" text NOT NULL,
	"status" text NOT NULL,
	"currency" text NOT NULL,
	"country_code" text NOT NULL,
	"pricing_type" text NOT NULL,
	"payment_service" text NOT NULL,
	"shipping_through" text,
	"total_taxable_minor" integer NOT NULL,
	"total_tax_minor" integer NOT NULL,
	"total_minor" integer NOT NULL,
	"coupon_discount_minor" integer DEFAULT 0 NOT NULL,
	"association_discount_minor" integer DEFAULT 0 NOT NULL,
	"shipping_charges_minor" integer DEFAULT 0 NOT NULL,
	"other_discounts" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"coupon_code" text,
	"associate_code" text,
	"billing_details" jsonb NOT NULL,
	"shipping_details" jsonb,
	"self_pickup" jsonb,
	"ad_event_order_details" jsonb,
	"packages" jsonb NOT NULL,
	"reservation" jsonb NOT NULL,
	"stock_released_at" timestamp with time zone,
	"game_keys_required" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"success_at" timestamp with time zone,
	"updated_at" timestamp with time zone NOT NULL,
	"provider" text,
	"provider_order_id" text,
	"payment_details" jsonb,
	"provider_payment_id" text,
	"payment_claim_until" timestamp with time zone,
	CONSTRAINT "orders_number_unique" UNIQUE("number"),
	CONSTRAINT "orders_status" CHECK ("orders"."status" in ('CREATED', 'PENDING', 'SUCCESS', 'FAILED', 'CANCELLED', 'EXPIRED')),
	CONSTRAINT "orders_amounts" CHECK ("orders"."total_minor" >= 0 and "orders"."total_tax_minor" >= 0)
);
--> statement-breakpoint
CREATE TABLE "payment_events" (
	"provider" text NOT NULL,
	"event_id" text NOT NULL,
	"provider_order_id" text NOT NULL,
	"outcome" text NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_payments" (
	"provider_order_id" text PRIMARY KEY NOT NULL,
	"reference" text NOT NULL,
	"kind" text NOT NULL,
	"amount_minor" integer NOT NULL,
	"currency" text NOT NULL,
	"description" text NOT NULL,
	"callback_url" text NOT NULL,
	"status" text NOT NULL,
	"provider_payment_id" text,
	"settle_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "sandbox_payments_kind" CHECK ("sandbox_payments"."kind" in ('modal', 'redirect'))
);
--> statement-breakpoint
ALTER TABLE "game_keys" ADD CONSTRAINT "game_keys_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_idempotency_keys" ADD CONSTRAINT "order_idempotency_keys_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_idempotency_keys" ADD CONSTRAINT "order_idempotency_keys_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "game_keys_free_idx" ON "game_keys" USING btree ("product_code","id") WHERE "game_keys"."order_id" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "game_keys_order_idx" ON "game_keys" USING btree ("order_id") WHERE "game_keys"."order_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "order_idempotency_user_key_idx" ON "order_idempotency_keys" USING btree ("user_id","key");--> statement-breakpoint
CREATE INDEX "orders_user_created_idx" ON "orders" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "orders_open_expiry_idx" ON "orders" USING btree ("expires_at") WHERE "orders"."status" in ('CREATED', 'PENDING', 'FAILED');--> statement-breakpoint
CREATE UNIQUE INDEX "orders_provider_order_idx" ON "orders" USING btree ("provider_order_id") WHERE "orders"."provider_order_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_events_provider_event_idx" ON "payment_events" USING btree ("provider","event_id");--> statement-breakpoint
CREATE INDEX "sandbox_payments_settle_idx" ON "sandbox_payments" USING btree ("settle_at") WHERE "sandbox_payments"."status" = 'PENDING';