CREATE TABLE "country_shipping_charges" (
	"country_code" text PRIMARY KEY NOT NULL,
	"currency" text NOT NULL,
	"amount_minor" integer NOT NULL,
	CONSTRAINT "country_shipping_charges_country" CHECK ("country_shipping_charges"."country_code" ~ '^[A-Z]{2}$' and "country_shipping_charges"."country_code" <> 'IN'),
	CONSTRAINT "country_shipping_charges_amount" CHECK ("country_shipping_charges"."amount_minor" >= 0)
);
