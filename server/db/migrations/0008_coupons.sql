CREATE TABLE "associate_codes" (
	"code" text PRIMARY KEY NOT NULL,
	"associate_name" text NOT NULL,
	"discount_bp" integer NOT NULL,
	"max_discount_minor" integer,
	"active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "associate_codes_code" CHECK ("associate_codes"."code" ~ '^[A-Z0-9_-]{1,32}$'),
	CONSTRAINT "associate_codes_discount" CHECK ("associate_codes"."discount_bp" > 0 and "associate_codes"."discount_bp" <= 10000)
);
--> statement-breakpoint
CREATE TABLE "coupon_redemptions" (
	"id" serial PRIMARY KEY NOT NULL,
	"coupon_code" text NOT NULL,
	"user_id" text NOT NULL,
	"order_id" text,
	"redeemed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "coupons" (
	"code" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"value" integer NOT NULL,
	"currency" text,
	"max_discount_minor" integer,
	"minimum_order_minor" integer DEFAULT 0 NOT NULL,
	"valid_from" timestamp with time zone NOT NULL,
	"valid_until" timestamp with time zone,
	"usage_limit_per_buyer" integer,
	"usage_limit_total" integer,
	"package_codes" text[],
	"active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "coupons_code" CHECK ("coupons"."code" ~ '^[A-Z0-9_-]{1,32}$'),
	CONSTRAINT "coupons_kind" CHECK ("coupons"."kind" in ('percent', 'flat')),
	CONSTRAINT "coupons_value" CHECK ("coupons"."value" > 0 and ("coupons"."kind" <> 'percent' or "coupons"."value" <= 10000)),
	CONSTRAINT "coupons_flat_currency" CHECK ("coupons"."kind" <> 'flat' or "coupons"."currency" is not null),
	CONSTRAINT "coupons_minimum" CHECK ("coupons"."minimum_order_minor" >= 0)
);
--> statement-breakpoint
ALTER TABLE "coupon_redemptions" ADD CONSTRAINT "coupon_redemptions_coupon_code_coupons_code_fk" FOREIGN KEY ("coupon_code") REFERENCES "public"."coupons"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupon_redemptions" ADD CONSTRAINT "coupon_redemptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "coupon_redemptions_coupon_user" ON "coupon_redemptions" USING btree ("coupon_code","user_id");