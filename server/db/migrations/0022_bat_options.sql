CREATE TABLE "product_options" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"option_group" text NOT NULL,
	"code" text NOT NULL,
	"label" text NOT NULL,
	"detail" text DEFAULT '' NOT NULL,
	"price_delta_inr_minor" integer DEFAULT 0 NOT NULL,
	"price_delta_usd_minor" integer DEFAULT 0 NOT NULL,
	"colour" text,
	"length_mm" integer,
	"sort_order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "product_options_group" CHECK ("product_options"."option_group" in ('willow', 'size', 'weight', 'handle', 'grip')),
	CONSTRAINT "product_options_code_format" CHECK ("product_options"."code" ~ '^[A-Z0-9_]{1,32}$'),
	CONSTRAINT "product_options_deltas" CHECK ("product_options"."price_delta_inr_minor" >= 0 and "product_options"."price_delta_usd_minor" >= 0),
	CONSTRAINT "product_options_length" CHECK ("product_options"."length_mm" is null or "product_options"."length_mm" > 0)
);
--> statement-breakpoint
ALTER TABLE "product_options" ADD CONSTRAINT "product_options_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "product_options_code" ON "product_options" USING btree ("product_id","option_group","code");--> statement-breakpoint
-- An operator's change to an option's price is a catalogue change: the processes' cached catalogue moves with it.
CREATE TRIGGER "product_options_bump_catalogue_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "product_options"
	FOR EACH STATEMENT EXECUTE FUNCTION "bump_catalogue_version"();
