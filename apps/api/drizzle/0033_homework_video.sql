CREATE TYPE "public"."homework_video_state" AS ENUM('pending', 'ready', 'original');--> statement-breakpoint
ALTER TABLE "homework_attachments" ADD COLUMN "video_state" "homework_video_state";--> statement-breakpoint
CREATE INDEX "homework_attachments_video_pending_idx" ON "homework_attachments" USING btree ("id") WHERE "homework_attachments"."video_state" = 'pending';--> statement-breakpoint
UPDATE "homework_attachments" SET "video_state" = 'pending' WHERE "kind" = 'video';