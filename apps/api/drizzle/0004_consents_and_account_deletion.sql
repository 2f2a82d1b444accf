CREATE TYPE "public"."consent_kind" AS ENUM('personal_data', 'privacy_policy', 'advertising', 'data_refusal');--> statement-breakpoint
ALTER TYPE "public"."auth_code_purpose" ADD VALUE 'account_delete';--> statement-breakpoint
ALTER TYPE "public"."auth_code_purpose" ADD VALUE 'email_change';--> statement-breakpoint
CREATE TABLE "account_deletions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "account_deletions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"email_hash" text NOT NULL,
	"deleted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ip" text,
	"user_agent" text
);
--> statement-breakpoint
CREATE TABLE "consent_documents" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "consent_documents_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"kind" "consent_kind" NOT NULL,
	"version" integer NOT NULL,
	"title" text NOT NULL,
	"url" text NOT NULL,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "consent_documents_kind_version_unique" UNIQUE("kind","version"),
	CONSTRAINT "consent_documents_kind_has_document" CHECK ("consent_documents"."kind" <> 'data_refusal'),
	CONSTRAINT "consent_documents_version_positive" CHECK ("consent_documents"."version" > 0)
);
--> statement-breakpoint
CREATE TABLE "consents" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "consents_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"kind" "consent_kind" NOT NULL,
	"version" integer,
	"student_id" integer,
	"student_name" text,
	"given_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ip" text,
	"user_agent" text,
	"withdrawn_at" timestamp with time zone,
	"withdrawn_ip" text,
	"withdrawn_user_agent" text,
	CONSTRAINT "consents_version_matches_kind" CHECK (("consents"."kind" = 'data_refusal') = ("consents"."version" is null))
);
--> statement-breakpoint
ALTER TABLE "students" DROP CONSTRAINT "students_child_birth_date";--> statement-breakpoint
ALTER TABLE "students" DROP CONSTRAINT "students_adult_contacts";--> statement-breakpoint
ALTER TABLE "students" ADD COLUMN "anonymised_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "consents" ADD CONSTRAINT "consents_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consents" ADD CONSTRAINT "consents_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consents" ADD CONSTRAINT "consents_document_fk" FOREIGN KEY ("kind","version") REFERENCES "public"."consent_documents"("kind","version") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "account_deletions_user_id_index" ON "account_deletions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "account_deletions_email_hash_index" ON "account_deletions" USING btree ("email_hash");--> statement-breakpoint
CREATE INDEX "consents_user_id_given_at_index" ON "consents" USING btree ("user_id","given_at");--> statement-breakpoint
CREATE INDEX "consents_student_id_index" ON "consents" USING btree ("student_id");--> statement-breakpoint
CREATE UNIQUE INDEX "consents_live_unique" ON "consents" USING btree ("user_id","kind",coalesce("student_id", 0)) WHERE "consents"."withdrawn_at" is null;--> statement-breakpoint
ALTER TABLE "students" ADD CONSTRAINT "students_child_birth_date" CHECK ("students"."student_type" <> 'child' or "students"."date_birth" is not null or "students"."anonymised_at" is not null);--> statement-breakpoint
ALTER TABLE "students" ADD CONSTRAINT "students_adult_contacts" CHECK ("students"."student_type" <> 'adult' or ("students"."phone" is not null and "students"."email" is not null) or "students"."anonymised_at" is not null);--> statement-breakpoint
-- Version 1 of each consent document (decision 0018). Until the versioned legal pages exist
-- (decision 0043), every kind points to the privacy policy page of the site.
INSERT INTO "consent_documents" ("kind", "version", "title", "url") VALUES
	('personal_data', 1, 'Согласие на обработку персональных данных', '/privacy-policy/'),
	('privacy_policy', 1, 'Политика конфиденциальности', '/privacy-policy/'),
	('advertising', 1, 'Согласие на получение рекламных рассылок', '/privacy-policy/');
