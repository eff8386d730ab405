ALTER TABLE "associate_code_views" DROP CONSTRAINT "associate_code_views_associate_code_visit_id_pk";--> statement-breakpoint
ALTER TABLE "associate_code_views" ADD COLUMN "day" date GENERATED ALWAYS AS ((created_at at time zone 'UTC')::date) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "associate_code_views" ADD CONSTRAINT "associate_code_views_associate_code_visit_id_day_pk" PRIMARY KEY("associate_code","visit_id","day");--> statement-breakpoint
CREATE INDEX "associate_code_views_created_idx" ON "associate_code_views" USING btree ("created_at");
