ALTER TABLE "courses" ADD COLUMN "age_min" integer;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "age_max" integer;--> statement-breakpoint
ALTER TABLE "courses" ADD CONSTRAINT "courses_age_range" CHECK ("courses"."age_min" >= 1 and "courses"."age_max" <= 99 and "courses"."age_min" <= "courses"."age_max");--> statement-breakpoint
-- The courses that have an age only as the catalogue's text ('Возраст': '10–14 лет') get it as the
-- range the order and the application check; one whose text says no range keeps no limit.
UPDATE "courses" SET "age_min" = "range"."lo", "age_max" = "range"."hi"
FROM (
  SELECT "course_id", min("parts"[1]::integer) AS "lo", max("parts"[2]::integer) AS "hi"
  FROM (
    SELECT "course_attributes"."course_id", regexp_match("attribute_values"."value", '^\s*(\d{1,2})\s*[–—-]\s*(\d{1,2})\s*(лет|года?)\s*$') AS "parts"
    FROM "course_attributes"
    JOIN "attributes" ON "attributes"."id" = "course_attributes"."attribute_id" AND "attributes"."slug" = 'age'
    JOIN "attribute_values" ON "attribute_values"."id" = "course_attributes"."attribute_value_id"
  ) AS "found"
  WHERE "parts" IS NOT NULL
  GROUP BY "course_id"
) AS "range"
WHERE "courses"."id" = "range"."course_id" AND "courses"."is_kids" AND "range"."lo" >= 1 AND "range"."lo" <= "range"."hi";
