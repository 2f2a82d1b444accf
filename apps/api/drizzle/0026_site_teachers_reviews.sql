CREATE TYPE "public"."review_status" AS ENUM('new', 'published', 'hidden');--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "author_id" integer;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "status" "review_status" DEFAULT 'published' NOT NULL;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "reply" text;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "replied_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "teachers" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "reviews_status_created_at_index" ON "reviews" USING btree ("status","created_at");--> statement-breakpoint
UPDATE "reviews" SET "status" = 'hidden' WHERE NOT "is_published";--> statement-breakpoint
ALTER TABLE "reviews" DROP COLUMN "is_published";--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_author_course_unique" UNIQUE("author_id","course_id");