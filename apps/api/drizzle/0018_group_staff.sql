ALTER TABLE "groups" ADD COLUMN "online_url" text;--> statement-breakpoint
ALTER TABLE "groups" ADD COLUMN "closed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "groups" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "course_grants" ADD COLUMN "group_id" integer;--> statement-breakpoint
ALTER TABLE "course_grants" ADD CONSTRAINT "course_grants_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE set null ON UPDATE no action;