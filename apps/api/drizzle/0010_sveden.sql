CREATE TABLE "sveden_sections" (
	"key" text PRIMARY KEY NOT NULL,
	"content" jsonb NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sveden_sections" ADD CONSTRAINT "sveden_sections_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;