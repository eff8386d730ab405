CREATE TABLE "licence_devices" (
	"user_business_licence_id" integer PRIMARY KEY NOT NULL,
	"device_id" text NOT NULL,
	"device_name" text,
	"device_code" text,
	"registered_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_business_licences" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" text NOT NULL,
	"user_id" text NOT NULL,
	"product_code" text NOT NULL,
	"pin" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_business_licences_order_pin" UNIQUE("order_id","product_code","pin"),
	CONSTRAINT "user_business_licences_pin" CHECK ("user_business_licences"."pin" > 0)
);
--> statement-breakpoint
ALTER TABLE "licence_devices" ADD CONSTRAINT "licence_devices_user_business_licence_id_user_business_licences_id_fk" FOREIGN KEY ("user_business_licence_id") REFERENCES "public"."user_business_licences"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_business_licences" ADD CONSTRAINT "user_business_licences_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_business_licences" ADD CONSTRAINT "user_business_licences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "licence_devices_device" ON "licence_devices" USING btree ("device_id");--> statement-breakpoint
CREATE INDEX "user_business_licences_user" ON "user_business_licences" USING btree ("user_id");