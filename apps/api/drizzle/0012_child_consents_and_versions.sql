-- A parent's consent for a child gets its own kind in the consent register (decision 0046).
-- ALTER TYPE … ADD VALUE cannot be used in the transaction that adds it, and the migrator applies
-- every pending migration in one transaction, so the type is made anew with the value and the two
-- columns are moved to it (the constraints naming the kind are dropped and written back).
ALTER TYPE "public"."consent_kind" RENAME TO "consent_kind_0011";--> statement-breakpoint
CREATE TYPE "public"."consent_kind" AS ENUM('personal_data', 'privacy_policy', 'advertising', 'child_personal_data', 'data_refusal');--> statement-breakpoint
ALTER TABLE "consents" DROP CONSTRAINT "consents_document_fk";--> statement-breakpoint
ALTER TABLE "consents" DROP CONSTRAINT "consents_version_matches_kind";--> statement-breakpoint
ALTER TABLE "consent_documents" DROP CONSTRAINT "consent_documents_kind_has_document";--> statement-breakpoint
ALTER TABLE "consent_documents" ALTER COLUMN "kind" SET DATA TYPE "public"."consent_kind" USING "kind"::text::"public"."consent_kind";--> statement-breakpoint
ALTER TABLE "consents" ALTER COLUMN "kind" SET DATA TYPE "public"."consent_kind" USING "kind"::text::"public"."consent_kind";--> statement-breakpoint
DROP TYPE "public"."consent_kind_0011";--> statement-breakpoint
ALTER TABLE "consent_documents" ADD CONSTRAINT "consent_documents_kind_has_document" CHECK ("consent_documents"."kind" <> 'data_refusal');--> statement-breakpoint
ALTER TABLE "consents" ADD CONSTRAINT "consents_version_matches_kind" CHECK (("consents"."kind" = 'data_refusal') = ("consents"."version" is null));--> statement-breakpoint
-- The register's twin of every version of the child's document published so far (migration 0011
-- wrote version 1; staff may have published more), each pointing to its page.
INSERT INTO "consent_documents" ("kind", "version", "title", "url", "published_at")
SELECT 'child_personal_data', "version", "title", '/documents/child-personal-data-consent/v/' || "version" || '/', "published_at"
FROM "legal_documents" WHERE "kind" = 'child_personal_data'
ON CONFLICT ("kind", "version") DO NOTHING;--> statement-breakpoint
-- The consents given for a child (a record linked to a student of type 'child') become the child's
-- kind, naming the version of the child's document in force when given, or its first version if
-- none was yet (records older than migration 0011, whose version 1 is dated when it ran). Records
-- for an adult student stay personal data given with the student's agreement; a record whose
-- student row is gone (withdrawn when the student was deleted) keeps its kind: the type is unknown.
UPDATE "consents" AS c SET
	"kind" = 'child_personal_data',
	"version" = coalesce(
		(SELECT max(d."version") FROM "legal_documents" d WHERE d."kind" = 'child_personal_data' AND d."published_at" <= c."given_at"),
		(SELECT min(d."version") FROM "legal_documents" d WHERE d."kind" = 'child_personal_data'))
FROM "students" s
WHERE s."id" = c."student_id" AND s."student_type" = 'child' AND c."kind" = 'personal_data';--> statement-breakpoint
ALTER TABLE "consents" ADD CONSTRAINT "consents_document_fk" FOREIGN KEY ("kind","version") REFERENCES "public"."consent_documents"("kind","version") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- The order form's consent for a new child student, recorded when the order becomes the account's.
ALTER TABLE "orders" ADD COLUMN "consent_child_personal_data" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "consents" ADD CONSTRAINT "consents_student_kind" CHECK ("consents"."student_id" is null or "consents"."kind" in ('personal_data', 'child_personal_data'));
