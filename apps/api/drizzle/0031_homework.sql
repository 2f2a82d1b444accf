CREATE TYPE "public"."homework_attachment_kind" AS ENUM('photo', 'video', 'file');--> statement-breakpoint
CREATE TYPE "public"."homework_status" AS ENUM('sent', 'checking', 'returned', 'accepted');--> statement-breakpoint
ALTER TYPE "public"."lesson_block_type" ADD VALUE 'homework';--> statement-breakpoint
CREATE TABLE "curators" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "curators_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"course_id" integer NOT NULL,
	"group_id" integer,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "curators_user_course_group_unique" UNIQUE NULLS NOT DISTINCT("user_id","course_id","group_id")
);
--> statement-breakpoint
CREATE TABLE "homework_attachments" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "homework_attachments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"upload" text NOT NULL,
	"uploader_id" integer NOT NULL,
	"block_id" integer,
	"message_id" integer,
	"kind" "homework_attachment_kind" NOT NULL,
	"storage_key" text NOT NULL,
	"name" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"content_type" text NOT NULL,
	"width" integer,
	"height" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "homework_messages" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "homework_messages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"submission_id" integer NOT NULL,
	"author_id" integer,
	"role" text NOT NULL,
	"text" text DEFAULT '' NOT NULL,
	"decision" text,
	"grade" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "homework_submissions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "homework_submissions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"block_id" integer NOT NULL,
	"lesson_id" integer NOT NULL,
	"user_course_id" integer NOT NULL,
	"status" "homework_status" DEFAULT 'sent' NOT NULL,
	"grade" integer,
	"reviewer_id" integer,
	"claimed_at" timestamp with time zone,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deadline_at" timestamp with time zone,
	"accepted_at" timestamp with time zone,
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "homework_submissions_grade_range" CHECK ("homework_submissions"."grade" is null or "homework_submissions"."grade" between 0 and 100)
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "is_curator" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "curators" ADD CONSTRAINT "curators_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "curators" ADD CONSTRAINT "curators_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "curators" ADD CONSTRAINT "curators_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "curators" ADD CONSTRAINT "curators_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "homework_attachments" ADD CONSTRAINT "homework_attachments_uploader_id_users_id_fk" FOREIGN KEY ("uploader_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "homework_attachments" ADD CONSTRAINT "homework_attachments_block_id_lesson_blocks_id_fk" FOREIGN KEY ("block_id") REFERENCES "public"."lesson_blocks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "homework_attachments" ADD CONSTRAINT "homework_attachments_message_id_homework_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."homework_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "homework_messages" ADD CONSTRAINT "homework_messages_submission_id_homework_submissions_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."homework_submissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "homework_messages" ADD CONSTRAINT "homework_messages_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "homework_submissions" ADD CONSTRAINT "homework_submissions_block_id_lesson_blocks_id_fk" FOREIGN KEY ("block_id") REFERENCES "public"."lesson_blocks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "homework_submissions" ADD CONSTRAINT "homework_submissions_lesson_id_lessons_id_fk" FOREIGN KEY ("lesson_id") REFERENCES "public"."lessons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "homework_submissions" ADD CONSTRAINT "homework_submissions_user_course_id_user_courses_id_fk" FOREIGN KEY ("user_course_id") REFERENCES "public"."user_courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "homework_submissions" ADD CONSTRAINT "homework_submissions_reviewer_id_users_id_fk" FOREIGN KEY ("reviewer_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "curators_course_id_index" ON "curators" USING btree ("course_id");--> statement-breakpoint
CREATE INDEX "curators_group_id_index" ON "curators" USING btree ("group_id");--> statement-breakpoint
CREATE UNIQUE INDEX "homework_attachments_upload_index" ON "homework_attachments" USING btree ("upload");--> statement-breakpoint
CREATE INDEX "homework_attachments_message_id_index" ON "homework_attachments" USING btree ("message_id");--> statement-breakpoint
CREATE INDEX "homework_attachments_uploader_id_created_at_index" ON "homework_attachments" USING btree ("uploader_id","created_at");--> statement-breakpoint
CREATE INDEX "homework_messages_submission_id_created_at_index" ON "homework_messages" USING btree ("submission_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "homework_submissions_block_id_user_course_id_index" ON "homework_submissions" USING btree ("block_id","user_course_id");--> statement-breakpoint
CREATE INDEX "homework_submissions_user_course_id_index" ON "homework_submissions" USING btree ("user_course_id");--> statement-breakpoint
CREATE INDEX "homework_submissions_status_sent_at_index" ON "homework_submissions" USING btree ("status","sent_at");--> statement-breakpoint
CREATE INDEX "homework_submissions_lesson_id_index" ON "homework_submissions" USING btree ("lesson_id");