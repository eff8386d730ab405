CREATE TABLE "marketing_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"name" text,
	"user_id" text,
	"anonymous_id" text,
	"data" jsonb NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "marketing_events_name_idx" ON "marketing_events" USING btree ("name","occurred_at");