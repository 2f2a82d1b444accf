-- Site settings edited by staff (decision 0074): each setting gets a version, raised by every save
-- from the settings screen, so a form opened before someone else's save answers 409 instead of
-- overwriting it.
ALTER TABLE "configs" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
-- A page block that shows the school's contacts from the settings. ALTER TYPE … ADD VALUE cannot be
-- used in the transaction that adds it, and the migrator applies every pending migration in one
-- transaction (the contacts page gets its block below), so the type is made anew with the value.
ALTER TYPE "public"."page_block_type" RENAME TO "page_block_type_0025";--> statement-breakpoint
CREATE TYPE "public"."page_block_type" AS ENUM('text', 'side_text_image', 'image', 'quote', 'gallery', 'video', 'cta', 'contacts');--> statement-breakpoint
ALTER TABLE "page_blocks" ALTER COLUMN "type" SET DATA TYPE "public"."page_block_type" USING "type"::text::"public"."page_block_type";--> statement-breakpoint
DROP TYPE "public"."page_block_type_0025";--> statement-breakpoint
-- The contacts page showed the settings' contacts above its blocks by its address; now it is a block
-- staff can move or remove, first on the page as before.
INSERT INTO "page_blocks" ("page_id", "type", "sort", "data")
SELECT p."id", 'contacts', coalesce((SELECT min(b."sort") FROM "page_blocks" b WHERE b."page_id" = p."id"), 1) - 1, '{}'::jsonb
FROM "pages" p
WHERE p."slug" = 'contacts' AND p."kind" = 'page'
  AND NOT EXISTS (SELECT 1 FROM "page_blocks" b WHERE b."page_id" = p."id" AND b."type" = 'contacts');
