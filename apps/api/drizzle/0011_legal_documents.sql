CREATE TYPE "public"."legal_document_kind" AS ENUM('privacy_policy', 'personal_data', 'advertising', 'child_personal_data', 'offer', 'cookie_policy');--> statement-breakpoint
CREATE TABLE "legal_documents" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "legal_documents_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"kind" "legal_document_kind" NOT NULL,
	"version" integer NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "legal_documents_kind_version_unique" UNIQUE("kind","version"),
	CONSTRAINT "legal_documents_version_positive" CHECK ("legal_documents"."version" > 0)
);
--> statement-breakpoint
ALTER TABLE "legal_documents" ADD CONSTRAINT "legal_documents_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- Version 1 of every legal document (decision 0043), so every database can show the pages the
-- consent records point to; the demo seed puts its texts in. Consent versions get their own pages.
INSERT INTO "legal_documents" ("kind", "version", "title", "body", "published_at") VALUES
	('privacy_policy', 1, 'Политика конфиденциальности', 'Школа ещё не разместила текст этой редакции.', coalesce((SELECT "published_at" FROM "consent_documents" WHERE "kind" = 'privacy_policy' AND "version" = 1), now())),
	('personal_data', 1, 'Согласие на обработку персональных данных', 'Школа ещё не разместила текст этой редакции.', coalesce((SELECT "published_at" FROM "consent_documents" WHERE "kind" = 'personal_data' AND "version" = 1), now())),
	('advertising', 1, 'Согласие на получение рекламных рассылок', 'Школа ещё не разместила текст этой редакции.', coalesce((SELECT "published_at" FROM "consent_documents" WHERE "kind" = 'advertising' AND "version" = 1), now())),
	('child_personal_data', 1, 'Согласие родителя на обработку персональных данных ребёнка', 'Школа ещё не разместила текст этой редакции.', now()),
	('offer', 1, 'Договор-оферта на платные образовательные услуги', 'Школа ещё не разместила текст этой редакции.', now()),
	('cookie_policy', 1, 'Политика использования файлов cookie', 'Школа ещё не разместила текст этой редакции.', now());--> statement-breakpoint
UPDATE "consent_documents" SET "url" = '/documents/privacy-policy/v/' || "version" || '/' WHERE "kind" = 'privacy_policy';--> statement-breakpoint
UPDATE "consent_documents" SET "url" = '/documents/personal-data-consent/v/' || "version" || '/' WHERE "kind" = 'personal_data';--> statement-breakpoint
UPDATE "consent_documents" SET "url" = '/documents/advertising-consent/v/' || "version" || '/' WHERE "kind" = 'advertising';
