CREATE TABLE "ad_configs" (
	"id" serial PRIMARY KEY NOT NULL,
	"package_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"ad_name" text NOT NULL,
	"venue" text NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"ad_assets" jsonb DEFAULT '[]'::jsonb NOT NULL,
	CONSTRAINT "ad_configs_package_id_unique" UNIQUE("package_id"),
	CONSTRAINT "ad_configs_dates" CHECK ("ad_configs"."end_date" >= "ad_configs"."start_date")
);
--> statement-breakpoint
CREATE TABLE "ad_devices" (
	"id" serial PRIMARY KEY NOT NULL,
	"ad_config_id" integer NOT NULL,
	"device_code" text NOT NULL,
	"device_name" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "ad_devices_device_code_unique" UNIQUE("device_code")
);
--> statement-breakpoint
CREATE TABLE "categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"category_code" text NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"pic_url" text DEFAULT '' NOT NULL,
	CONSTRAINT "categories_category_code_unique" UNIQUE("category_code")
);
--> statement-breakpoint
CREATE TABLE "notify_me_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"package_id" integer NOT NULL,
	"email" text,
	"phone_number" text,
	"country_code" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"notified_at" timestamp with time zone,
	CONSTRAINT "notify_me_contact" CHECK ("notify_me_requests"."email" is not null or "notify_me_requests"."phone_number" is not null)
);
--> statement-breakpoint
CREATE TABLE "package_prices" (
	"package_id" integer NOT NULL,
	"currency" text NOT NULL,
	"price_minor" integer NOT NULL,
	"original_price_minor" integer,
	CONSTRAINT "package_prices_package_id_currency_pk" PRIMARY KEY("package_id","currency"),
	CONSTRAINT "package_prices_currency" CHECK ("package_prices"."currency" in ('INR', 'USD')),
	CONSTRAINT "package_prices_amount" CHECK ("package_prices"."price_minor" >= 0)
);
--> statement-breakpoint
CREATE TABLE "package_products" (
	"package_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"default_quantity" integer DEFAULT 0 NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "package_products_package_id_product_id_pk" PRIMARY KEY("package_id","product_id"),
	CONSTRAINT "package_products_quantity" CHECK ("package_products"."default_quantity" >= 0)
);
--> statement-breakpoint
CREATE TABLE "package_sales" (
	"id" serial PRIMARY KEY NOT NULL,
	"package_id" integer NOT NULL,
	"quantity" integer NOT NULL,
	"sold_at" timestamp with time zone NOT NULL,
	"order_id" text,
	"source" text DEFAULT 'order' NOT NULL,
	CONSTRAINT "package_sales_quantity" CHECK ("package_sales"."quantity" > 0),
	CONSTRAINT "package_sales_source" CHECK ("package_sales"."source" in ('order', 'seed'))
);
--> statement-breakpoint
CREATE TABLE "packages" (
	"id" serial PRIMARY KEY NOT NULL,
	"package_code" text NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"pic_url" text DEFAULT '' NOT NULL,
	"pictures" text[] DEFAULT '{}'::text[] NOT NULL,
	"package_type" text NOT NULL,
	"no_cost_emi" boolean DEFAULT false NOT NULL,
	"emi_tenure_months" integer,
	"is_shipping_required" boolean DEFAULT true NOT NULL,
	"available_countries" text[] NOT NULL,
	"expected_restock_date" date,
	"sort_order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "packages_package_code_unique" UNIQUE("package_code"),
	CONSTRAINT "packages_package_type" CHECK ("packages"."package_type" in ('fixed', 'customizable', 'ad')),
	CONSTRAINT "packages_emi_tenure" CHECK ("packages"."emi_tenure_months" is null or "packages"."emi_tenure_months" > 0)
);
--> statement-breakpoint
CREATE TABLE "product_prices" (
	"product_id" integer NOT NULL,
	"currency" text NOT NULL,
	"taxable_amount_minor" integer NOT NULL,
	"original_taxable_amount_minor" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_prices_product_id_currency_pk" PRIMARY KEY("product_id","currency"),
	CONSTRAINT "product_prices_currency" CHECK ("product_prices"."currency" in ('INR', 'USD')),
	CONSTRAINT "product_prices_amount" CHECK ("product_prices"."taxable_amount_minor" >= 0),
	CONSTRAINT "product_prices_original" CHECK ("product_prices"."original_taxable_amount_minor" is null or "product_prices"."original_taxable_amount_minor" >= 0)
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_code" text NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"pic_url" text DEFAULT '' NOT NULL,
	"pictures" text[] DEFAULT '{}'::text[] NOT NULL,
	"product_type" text NOT NULL,
	"availability_type" text DEFAULT 'LIMITED' NOT NULL,
	"available_quantity" integer DEFAULT 0 NOT NULL,
	"hsn_code" text NOT NULL,
	"gst_rate_bp" integer NOT NULL,
	"vendor_type" text DEFAULT 'SELF' NOT NULL,
	"vendor_name" text NOT NULL,
	"more_details_link" text,
	"category_id" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "products_product_code_unique" UNIQUE("product_code"),
	CONSTRAINT "products_product_type" CHECK ("products"."product_type" in ('game', 'default', 'ad')),
	CONSTRAINT "products_availability_type" CHECK ("products"."availability_type" in ('UNLIMITED', 'LIMITED')),
	CONSTRAINT "products_vendor_type" CHECK ("products"."vendor_type" in ('SELF', 'OTHER')),
	CONSTRAINT "products_gst_rate" CHECK ("products"."gst_rate_bp" between 0 and 10000)
);
--> statement-breakpoint
ALTER TABLE "ad_configs" ADD CONSTRAINT "ad_configs_package_id_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."packages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_configs" ADD CONSTRAINT "ad_configs_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_devices" ADD CONSTRAINT "ad_devices_ad_config_id_ad_configs_id_fk" FOREIGN KEY ("ad_config_id") REFERENCES "public"."ad_configs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notify_me_requests" ADD CONSTRAINT "notify_me_requests_package_id_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."packages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "package_prices" ADD CONSTRAINT "package_prices_package_id_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."packages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "package_products" ADD CONSTRAINT "package_products_package_id_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."packages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "package_products" ADD CONSTRAINT "package_products_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "package_sales" ADD CONSTRAINT "package_sales_package_id_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."packages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_prices" ADD CONSTRAINT "product_prices_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "notify_me_package_email_idx" ON "notify_me_requests" USING btree ("package_id","email") WHERE "notify_me_requests"."email" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "notify_me_package_phone_idx" ON "notify_me_requests" USING btree ("package_id","phone_number") WHERE "notify_me_requests"."phone_number" is not null;--> statement-breakpoint
CREATE INDEX "package_products_product_idx" ON "package_products" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "package_sales_package_sold_at_idx" ON "package_sales" USING btree ("package_id","sold_at");