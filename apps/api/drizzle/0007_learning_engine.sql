-- Nothing wrote course_sessions before this migration; emptying it lets the NOT NULL columns be added to any database.
DELETE FROM "course_sessions";--> statement-breakpoint
CREATE TYPE "public"."test_grading" AS ENUM('highest', 'last', 'first', 'average');--> statement-breakpoint
CREATE TYPE "public"."test_review" AS ENUM('score', 'correctness', 'answers');--> statement-breakpoint
ALTER TABLE "course_sessions" ADD COLUMN "auth_session_id" uuid NOT NULL;--> statement-breakpoint
ALTER TABLE "course_sessions" ADD COLUMN "expires_at" timestamp with time zone NOT NULL;--> statement-breakpoint
ALTER TABLE "test_attempts" ADD COLUMN "number" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "test_attempts" ADD COLUMN "marks" jsonb;--> statement-breakpoint
ALTER TABLE "test_attempts" ADD COLUMN "deadline_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "tests" ADD COLUMN "review" "test_review" DEFAULT 'answers' NOT NULL;--> statement-breakpoint
ALTER TABLE "tests" ADD COLUMN "grading" "test_grading" DEFAULT 'highest' NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "test_attempts_one_open" ON "test_attempts" USING btree ("user_course_id","test_id") WHERE status = 'in_progress';--> statement-breakpoint
ALTER TABLE "test_attempts" ADD CONSTRAINT "test_attempts_user_course_id_test_id_number_unique" UNIQUE("user_course_id","test_id","number");