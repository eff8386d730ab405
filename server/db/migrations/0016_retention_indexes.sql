CREATE INDEX "notify_me_created_idx" ON "notify_me_requests" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "form_submissions_created_idx" ON "form_submissions" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "marketing_events_received_idx" ON "marketing_events" USING btree ("received_at");