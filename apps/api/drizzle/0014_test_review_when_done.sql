-- A review option that shows the right answers only once the test is passed or its attempts are
-- used up, and the default for new tests (decision 0050): with 'answers' after every attempt and
-- unlimited attempts, one empty attempt gave the key to the next.
-- ALTER TYPE … ADD VALUE cannot be used in the transaction that adds it (the new default names the
-- value), and the migrator applies every pending migration in one transaction, so the type is made
-- anew with the value and the column moved to it.
-- Existing tests keep their review: whether an owner chose 'answers' or left the default cannot be
-- told apart, and changing what learners are shown without the owner knowing would be a surprise;
-- the test editor now warns about 'answers' with more than one attempt.
ALTER TYPE "public"."test_review" RENAME TO "test_review_0014";--> statement-breakpoint
CREATE TYPE "public"."test_review" AS ENUM('score', 'correctness', 'answers_when_done', 'answers');--> statement-breakpoint
ALTER TABLE "tests" ALTER COLUMN "review" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "tests" ALTER COLUMN "review" SET DATA TYPE "public"."test_review" USING "review"::text::"public"."test_review";--> statement-breakpoint
ALTER TABLE "tests" ALTER COLUMN "review" SET DEFAULT 'answers_when_done';--> statement-breakpoint
DROP TYPE "public"."test_review_0014";
