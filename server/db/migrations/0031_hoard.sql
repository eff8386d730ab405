ALTER TABLE "products" ADD COLUMN "max_order_quantity" integer;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_max_order_quantity" CHECK ("products"."max_order_quantity" is null or "products"."max_order_quantity" > 0);--> statement-breakpoint
-- hand-written
UPDATE "products" SET "max_order_quantity" = CASE "product_code"
	WHEN 'IBC_CUSTOM_BAT' THEN 5
	WHEN 'IBC_BAT_GRIP' THEN 20
	WHEN 'IBC_CLUB_PITCH_SENSOR' THEN 2
	WHEN 'IBC_PREMIUM_LICENCE' THEN 25
	WHEN 'IBC_BASIC_LICENCE' THEN 25
END
WHERE "product_code" IN ('IBC_CUSTOM_BAT', 'IBC_BAT_GRIP', 'IBC_CLUB_PITCH_SENSOR', 'IBC_PREMIUM_LICENCE', 'IBC_BASIC_LICENCE');
--> statement-breakpoint
-- Called by the order-create statement before it takes stock: one create per buyer at a time, and each query here
-- takes a fresh snapshot (a volatile function), so it sees the buyer's orders committed while it waited.
CREATE FUNCTION "order_hold_gate"(
	p_user text,
	p_key text,
	p_at timestamptz,
	p_products integer[],
	p_units integer,
	p_unit_cap integer,
	p_screen_days integer,
	p_screen_day_cap integer,
	p_over_limit text
) RETURNS boolean LANGUAGE plpgsql VOLATILE AS $$
DECLARE
	held integer;
BEGIN
	PERFORM pg_advisory_xact_lock(hashtextextended('order_holds:' || p_user, 0));
	-- A replay of a used key goes on to meet it in the statement and is answered what it was answered before.
	IF EXISTS (SELECT 1 FROM "order_idempotency_keys" WHERE "user_id" = p_user AND "key" = p_key) THEN
		RETURN true;
	END IF;
	IF p_over_limit IS NOT NULL THEN
		RAISE EXCEPTION 'order creation rate' USING ERRCODE = '23514', CONSTRAINT = 'order_create_rate', DETAIL = p_over_limit;
	END IF;
	IF EXISTS (
		SELECT 1 FROM "orders" o, jsonb_array_elements(o."packages") pkg, jsonb_array_elements(pkg->'products') line
		WHERE o."user_id" = p_user AND o."status" IN ('CREATED', 'PENDING', 'FAILED')
			AND (line->>'product_id')::integer = ANY (p_products) AND (line->>'quantity')::integer > 0
	) THEN
		RAISE EXCEPTION 'unpaid order for the same items' USING ERRCODE = '23514', CONSTRAINT = 'order_hold_same_items';
	END IF;
	IF p_units > 0 THEN
		SELECT coalesce(sum((r->>'quantity')::integer), 0) INTO held
		FROM "orders" o, jsonb_array_elements(o."reservation") r
		WHERE o."user_id" = p_user
			AND ((o."status" IN ('CREATED', 'FAILED') AND o."expires_at" > p_at) OR o."status" = 'PENDING');
		IF held + p_units > p_unit_cap THEN
			RAISE EXCEPTION 'unpaid units' USING ERRCODE = '23514', CONSTRAINT = 'order_hold_units', DETAIL = held::text;
		END IF;
	END IF;
	IF p_screen_days > 0 THEN
		SELECT coalesce(sum(b."days"), 0) INTO held
		FROM "ad_bookings" b
		JOIN "orders" o ON o."id" = b."order_id"
		JOIN "ad_booking_devices" d ON d."booking_id" = b."id" AND d."released_at" IS NULL
		WHERE o."user_id" = p_user AND b."status" = 'HELD'
			AND ((o."status" IN ('CREATED', 'FAILED') AND o."expires_at" > p_at) OR o."status" = 'PENDING');
		IF held + p_screen_days > p_screen_day_cap THEN
			RAISE EXCEPTION 'unpaid screen-days' USING ERRCODE = '23514', CONSTRAINT = 'order_hold_screen_days', DETAIL = held::text;
		END IF;
	END IF;
	RETURN true;
END;
$$;
