CREATE TABLE "ad_asset_uploads" (
	"key" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ad_booking_devices" (
	"id" serial PRIMARY KEY NOT NULL,
	"booking_id" integer NOT NULL,
	"device_id" integer NOT NULL,
	"during" "tstzrange" NOT NULL,
	"released_at" timestamp with time zone,
	CONSTRAINT "ad_booking_devices_during" CHECK (not isempty("ad_booking_devices"."during"))
);
--> statement-breakpoint
CREATE TABLE "ad_bookings" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" text NOT NULL,
	"ad_config_id" integer NOT NULL,
	"from_at" timestamp with time zone NOT NULL,
	"to_at" timestamp with time zone NOT NULL,
	"days" integer NOT NULL,
	"status" text NOT NULL,
	"ad_assets" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "ad_bookings_order_id_unique" UNIQUE("order_id"),
	CONSTRAINT "ad_bookings_status" CHECK ("ad_bookings"."status" in ('HELD', 'BOOKED', 'RELEASED')),
	CONSTRAINT "ad_bookings_range" CHECK ("ad_bookings"."to_at" > "ad_bookings"."from_at" and "ad_bookings"."days" > 0)
);
--> statement-breakpoint
ALTER TABLE "ad_asset_uploads" ADD CONSTRAINT "ad_asset_uploads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_booking_devices" ADD CONSTRAINT "ad_booking_devices_booking_id_ad_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."ad_bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_booking_devices" ADD CONSTRAINT "ad_booking_devices_device_id_ad_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."ad_devices"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_bookings" ADD CONSTRAINT "ad_bookings_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_bookings" ADD CONSTRAINT "ad_bookings_ad_config_id_ad_configs_id_fk" FOREIGN KEY ("ad_config_id") REFERENCES "public"."ad_configs"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ad_asset_uploads_user_idx" ON "ad_asset_uploads" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "ad_booking_devices_booking_idx" ON "ad_booking_devices" USING btree ("booking_id");--> statement-breakpoint
-- Hand-written (drizzle cannot express it; later `drizzle-kit generate` runs diff snapshots and leave it be): a device is never held or booked twice for overlapping times. int4range makes the device id gist-indexable without the btree_gist extension.
ALTER TABLE "ad_booking_devices" ADD CONSTRAINT "ad_booking_devices_no_overlap" EXCLUDE USING gist (int4range("device_id", "device_id", '[]') WITH &&, "during" WITH &&) WHERE ("released_at" IS NULL);
