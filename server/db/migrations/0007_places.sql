CREATE TABLE "country_regions" (
	"country_code" text NOT NULL,
	"region_name_enum" text NOT NULL,
	"region_name" text NOT NULL,
	CONSTRAINT "country_regions_country_code_region_name_enum_pk" PRIMARY KEY("country_code","region_name_enum")
);
--> statement-breakpoint
CREATE TABLE "pickup_locations" (
	"id" serial PRIMARY KEY NOT NULL,
	"address1" text NOT NULL,
	"address2" text,
	"city" text NOT NULL,
	"state" text NOT NULL,
	"country" text NOT NULL,
	"pincode" text NOT NULL,
	"maps_location_id" text,
	"mobile_number" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shipping_charges" (
	"pincode_prefix" text NOT NULL,
	"currency" text NOT NULL,
	"amount_minor" integer NOT NULL,
	CONSTRAINT "shipping_charges_pincode_prefix_currency_pk" PRIMARY KEY("pincode_prefix","currency"),
	CONSTRAINT "shipping_charges_prefix" CHECK ("shipping_charges"."pincode_prefix" ~ '^[0-9]{1,6}$'),
	CONSTRAINT "shipping_charges_amount" CHECK ("shipping_charges"."amount_minor" >= 0)
);
