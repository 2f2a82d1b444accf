ALTER TYPE "public"."menu_item_type" ADD VALUE 'course';--> statement-breakpoint
ALTER TYPE "public"."menu_item_type" ADD VALUE 'category';--> statement-breakpoint
ALTER TABLE "banners" ADD COLUMN "image_mobile" text;--> statement-breakpoint
ALTER TABLE "banners" ADD COLUMN "show_from" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "banners" ADD COLUMN "show_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "banners" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "menu_items" ADD COLUMN "course_id" integer;--> statement-breakpoint
ALTER TABLE "menu_items" ADD COLUMN "category_id" integer;--> statement-breakpoint
ALTER TABLE "menus" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "menu_items" ADD CONSTRAINT "menu_items_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "menu_items" ADD CONSTRAINT "menu_items_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "menu_items_course_id_index" ON "menu_items" USING btree ("course_id");--> statement-breakpoint
CREATE INDEX "menu_items_category_id_index" ON "menu_items" USING btree ("category_id");--> statement-breakpoint
ALTER TABLE "banners" ADD CONSTRAINT "banners_window" CHECK ("banners"."show_from" is null or "banners"."show_until" is null or "banners"."show_from" < "banners"."show_until");