-- Coupons and associate codes are kept in memory per catalogue version: any write to them, by the app or by an
-- operator's SQL, bumps the version so every process reloads them.
CREATE FUNCTION "bump_catalogue_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	UPDATE "catalogue_version" SET "version" = "version" + 1;
	RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "coupons_bump_catalogue_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "coupons"
	FOR EACH STATEMENT EXECUTE FUNCTION "bump_catalogue_version"();
--> statement-breakpoint
CREATE TRIGGER "associate_codes_bump_catalogue_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "associate_codes"
	FOR EACH STATEMENT EXECUTE FUNCTION "bump_catalogue_version"();
