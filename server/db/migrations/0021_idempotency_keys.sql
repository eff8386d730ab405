ALTER TABLE "form_submissions" ADD COLUMN "idempotency_key" text;--> statement-breakpoint
ALTER TABLE "marketing_events" ADD COLUMN "idempotency_key" text;--> statement-breakpoint
CREATE UNIQUE INDEX "form_submissions_idempotency_key_idx" ON "form_submissions" USING btree ("idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "marketing_events_idempotency_key_idx" ON "marketing_events" USING btree ("idempotency_key");