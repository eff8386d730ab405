ALTER TABLE "catalogue_version" ADD COLUMN "content_version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
-- An operator's change to a code is a content change: both versions move.
CREATE OR REPLACE FUNCTION "bump_catalogue_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	UPDATE "catalogue_version" SET "version" = "version" + 1, "content_version" = "content_version" + 1;
	RETURN NULL;
END;
$$;
