CREATE TABLE "invite_code_uses" (
	"id" serial PRIMARY KEY NOT NULL,
	"code_hash" text NOT NULL,
	"user_id" text NOT NULL,
	"order_id" text NOT NULL,
	"used_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invite_codes" (
	"code_hash" text PRIMARY KEY NOT NULL,
	"hint" text NOT NULL,
	"issued_to" text,
	"max_uses" integer,
	"expires_at" timestamp with time zone,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invite_codes_hash" CHECK ("invite_codes"."code_hash" ~ '^[0-9a-f]{64}$'),
	CONSTRAINT "invite_codes_max_uses" CHECK ("invite_codes"."max_uses" is null or "invite_codes"."max_uses" > 0)
);
--> statement-breakpoint
ALTER TABLE "invite_code_uses" ADD CONSTRAINT "invite_code_uses_code_hash_invite_codes_code_hash_fk" FOREIGN KEY ("code_hash") REFERENCES "public"."invite_codes"("code_hash") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invite_code_uses" ADD CONSTRAINT "invite_code_uses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invite_code_uses" ADD CONSTRAINT "invite_code_uses_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "invite_code_uses_code" ON "invite_code_uses" USING btree ("code_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "invite_code_uses_order" ON "invite_code_uses" USING btree ("order_id");