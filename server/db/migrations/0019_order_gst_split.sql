ALTER TABLE "orders" ADD COLUMN "gst_supply" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "cgst_minor" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "sgst_minor" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "igst_minor" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_gst_split" CHECK ("orders"."gst_supply" is null or ("orders"."gst_supply" in ('intra_state', 'inter_state', 'export') and "orders"."cgst_minor" >= 0 and "orders"."sgst_minor" >= 0 and "orders"."igst_minor" >= 0 and "orders"."cgst_minor" + "orders"."sgst_minor" + "orders"."igst_minor" = "orders"."total_tax_minor"));