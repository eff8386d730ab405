DROP INDEX "orders_refund_pending_idx";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "refund_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "refund_last_error" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "refund_next_attempt_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "refund_gave_up_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "orders_refund_pending_idx" ON "orders" USING btree ("refund_next_attempt_at") WHERE "orders"."status" = 'REFUND_PENDING' and "orders"."refund_gave_up_at" is null;