ALTER TABLE "feedback_submissions" ADD COLUMN "course_id" integer;--> statement-breakpoint
ALTER TABLE "feedback_submissions" ADD COLUMN "session_key" text;--> statement-breakpoint
ALTER TABLE "feedback_submissions" ADD COLUMN "dedupe_key" text;--> statement-breakpoint
ALTER TABLE "feedback_submissions" ADD COLUMN "consents" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "feedback_submissions" ADD COLUMN "ip" text;--> statement-breakpoint
ALTER TABLE "feedback_submissions" ADD COLUMN "user_agent" text;--> statement-breakpoint
ALTER TABLE "feedback_submissions" ADD CONSTRAINT "feedback_submissions_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "feedback_submissions_dedupe_key_created_at_index" ON "feedback_submissions" USING btree ("dedupe_key","created_at");--> statement-breakpoint
CREATE INDEX "feedback_submissions_course_id_index" ON "feedback_submissions" USING btree ("course_id");