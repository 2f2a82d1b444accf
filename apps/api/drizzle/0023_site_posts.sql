CREATE TABLE "page_slugs" (
	"slug" text PRIMARY KEY NOT NULL,
	"page_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "pages" ADD COLUMN "author" text;--> statement-breakpoint
ALTER TABLE "page_slugs" ADD CONSTRAINT "page_slugs_page_id_pages_id_fk" FOREIGN KEY ("page_id") REFERENCES "public"."pages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "page_slugs_page_id_index" ON "page_slugs" USING btree ("page_id");