CREATE TYPE "public"."application_status" AS ENUM('new', 'in_work', 'done', 'spam');--> statement-breakpoint
CREATE TABLE "application_notes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "application_notes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"submission_id" integer NOT NULL,
	"author_id" integer,
	"author_name" text NOT NULL,
	"text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "feedback_submissions" ADD COLUMN "name" text;--> statement-breakpoint
ALTER TABLE "feedback_submissions" ADD COLUMN "email" text;--> statement-breakpoint
ALTER TABLE "feedback_submissions" ADD COLUMN "phone" text;--> statement-breakpoint
ALTER TABLE "feedback_submissions" ADD COLUMN "status" "application_status" DEFAULT 'new' NOT NULL;--> statement-breakpoint
ALTER TABLE "feedback_submissions" ADD COLUMN "assignee_id" integer;--> statement-breakpoint
ALTER TABLE "feedback_submissions" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "application_notes" ADD CONSTRAINT "application_notes_submission_id_feedback_submissions_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."feedback_submissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_notes" ADD CONSTRAINT "application_notes_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "application_notes_submission_id_created_at_index" ON "application_notes" USING btree ("submission_id","created_at");--> statement-breakpoint
ALTER TABLE "feedback_submissions" ADD CONSTRAINT "feedback_submissions_assignee_id_users_id_fk" FOREIGN KEY ("assignee_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "feedback_submissions_status_created_at_index" ON "feedback_submissions" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "feedback_submissions_assignee_id_index" ON "feedback_submissions" USING btree ("assignee_id");--> statement-breakpoint
CREATE INDEX "feedback_submissions_created_at_index" ON "feedback_submissions" USING btree ("created_at");--> statement-breakpoint
-- Applications stored before the inbox: their contacts from the fields as sent, their time as changed.
UPDATE "feedback_submissions" SET "name" = "data"->>'name', "email" = "data"->>'email', "phone" = "data"->>'phone', "updated_at" = "created_at";
