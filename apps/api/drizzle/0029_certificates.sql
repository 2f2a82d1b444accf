CREATE TYPE "public"."certificate_rule" AS ENUM('all_done', 'tests_share');--> statement-breakpoint
CREATE TABLE "certificate_settings" (
	"course_id" integer PRIMARY KEY NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"rule" "certificate_rule" DEFAULT 'all_done' NOT NULL,
	"min_share" integer DEFAULT 80 NOT NULL,
	"title" text DEFAULT 'Сертификат о прохождении курса' NOT NULL,
	"hours" integer,
	"school_details" text DEFAULT '' NOT NULL,
	"signature_image" text,
	"stamp_image" text,
	"background_image" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "certificate_settings_min_share_range" CHECK ("certificate_settings"."min_share" between 1 and 100),
	CONSTRAINT "certificate_settings_hours_range" CHECK ("certificate_settings"."hours" is null or "certificate_settings"."hours" between 1 and 10000)
);
--> statement-breakpoint
CREATE TABLE "certificates" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "certificates_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"number" text NOT NULL,
	"course_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"student_id" integer,
	"user_course_id" integer,
	"last_name" text NOT NULL,
	"first_name" text NOT NULL,
	"patronymic" text,
	"course_title" text NOT NULL,
	"title" text NOT NULL,
	"hours" integer,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone,
	"revoked_reason" text,
	"revoked_by_id" integer,
	"replaced_at" timestamp with time zone,
	"replaced_by_id" integer
);
--> statement-breakpoint
ALTER TABLE "certificate_settings" ADD CONSTRAINT "certificate_settings_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_user_course_id_user_courses_id_fk" FOREIGN KEY ("user_course_id") REFERENCES "public"."user_courses"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_revoked_by_id_users_id_fk" FOREIGN KEY ("revoked_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_replaced_by_id_fk" FOREIGN KEY ("replaced_by_id") REFERENCES "public"."certificates"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "certificates_number_unique" ON "certificates" USING btree ("number");--> statement-breakpoint
CREATE UNIQUE INDEX "certificates_one_current" ON "certificates" USING btree ("course_id","user_id",coalesce("student_id", 0)) WHERE "certificates"."replaced_at" is null;--> statement-breakpoint
CREATE INDEX "certificates_course_issued_idx" ON "certificates" USING btree ("course_id","issued_at","id");--> statement-breakpoint
CREATE INDEX "certificates_user_id_index" ON "certificates" USING btree ("user_id");