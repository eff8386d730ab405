CREATE TABLE "associate_code_views" (
	"associate_code" text NOT NULL,
	"visit_id" text NOT NULL,
	"idempotency_key" text,
	"page_path" text,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "associate_code_views_associate_code_visit_id_pk" PRIMARY KEY("associate_code","visit_id")
);
--> statement-breakpoint
CREATE TABLE "associate_uploads" (
	"key" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"purpose" text NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "associate_uploads_purpose" CHECK ("associate_uploads"."purpose" in ('pan', 'gst', 'bank'))
);
--> statement-breakpoint
CREATE TABLE "associates" (
	"user_id" text PRIMARY KEY NOT NULL,
	"associate_code" text NOT NULL,
	"bank_payout_details" jsonb NOT NULL,
	"pan_details" jsonb NOT NULL,
	"gst_details" jsonb NOT NULL,
	"billing_address_details" jsonb NOT NULL,
	"verification_status" text NOT NULL,
	"payout_status" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "associates_associate_code_unique" UNIQUE("associate_code"),
	CONSTRAINT "associates_verification_status" CHECK ("associates"."verification_status" in ('VERIFIED', 'PENDING', 'SUBMITTED', 'VERIFICATION_FAILED', 'PAYMENT_VERIFICATION_DONE', 'PAYMENT_VERIFICATION_FAILED', 'PAYMENT_VERIFICATION_IN_PROGRESS', 'SUCCESS', 'IN PROCESS', 'FAILED')),
	CONSTRAINT "associates_payout_status" CHECK ("associates"."payout_status" in ('VERIFIED', 'PENDING', 'SUBMITTED', 'VERIFICATION_FAILED', 'PAYMENT_VERIFICATION_DONE', 'PAYMENT_VERIFICATION_FAILED', 'PAYMENT_VERIFICATION_IN_PROGRESS', 'SUCCESS', 'IN PROCESS', 'FAILED'))
);
--> statement-breakpoint
ALTER TABLE "associate_code_views" ADD CONSTRAINT "associate_code_views_associate_code_associate_codes_code_fk" FOREIGN KEY ("associate_code") REFERENCES "public"."associate_codes"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "associate_uploads" ADD CONSTRAINT "associate_uploads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "associates" ADD CONSTRAINT "associates_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "associates" ADD CONSTRAINT "associates_associate_code_associate_codes_code_fk" FOREIGN KEY ("associate_code") REFERENCES "public"."associate_codes"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "associate_code_views_idempotency_idx" ON "associate_code_views" USING btree ("idempotency_key") WHERE "associate_code_views"."idempotency_key" is not null;--> statement-breakpoint
CREATE INDEX "associate_code_views_code_created_idx" ON "associate_code_views" USING btree ("associate_code","created_at");--> statement-breakpoint
CREATE INDEX "associate_uploads_user_idx" ON "associate_uploads" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "orders_associate_code_idx" ON "orders" USING btree ("associate_code") WHERE "orders"."associate_code" is not null;