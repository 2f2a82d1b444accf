CREATE TYPE "public"."enrolment_source" AS ENUM('order', 'invitation', 'manual');--> statement-breakpoint
CREATE TABLE "course_grants" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "course_grants_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"course_id" integer NOT NULL,
	"email" text NOT NULL,
	"access_until" timestamp with time zone,
	"granted_by_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "course_grants_course_id_email_unique" UNIQUE("course_id","email")
);
--> statement-breakpoint
ALTER TABLE "user_courses" ADD COLUMN "source" "enrolment_source" DEFAULT 'manual' NOT NULL;--> statement-breakpoint
ALTER TABLE "user_courses" ADD COLUMN "link_id" integer;--> statement-breakpoint
ALTER TABLE "user_courses" ADD COLUMN "granted_by_id" integer;--> statement-breakpoint
ALTER TABLE "course_grants" ADD CONSTRAINT "course_grants_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_grants" ADD CONSTRAINT "course_grants_granted_by_id_users_id_fk" FOREIGN KEY ("granted_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "course_grants_email_index" ON "course_grants" USING btree ("email");--> statement-breakpoint
ALTER TABLE "user_courses" ADD CONSTRAINT "user_courses_link_id_course_links_id_fk" FOREIGN KEY ("link_id") REFERENCES "public"."course_links"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_courses" ADD CONSTRAINT "user_courses_granted_by_id_users_id_fk" FOREIGN KEY ("granted_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- Enrolments made before sources were recorded: a paid order's are 'order', the rest stay 'manual'.
UPDATE "user_courses" SET "source" = 'order' WHERE "order_id" IS NOT NULL;
