-- An uncounted product's quantity means nothing; a negative one must not stop the constraint.
UPDATE "products" SET "available_quantity" = 0 WHERE "available_quantity" < 0 AND "availability_type" = 'UNLIMITED';--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_available_quantity" CHECK ("products"."available_quantity" >= 0);
