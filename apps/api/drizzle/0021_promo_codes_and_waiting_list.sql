CREATE TYPE "public"."promo_kind" AS ENUM('percent', 'fixed');--> statement-breakpoint
CREATE TYPE "public"."promo_scope" AS ENUM('all', 'category', 'courses');--> statement-breakpoint
CREATE TYPE "public"."waiting_status" AS ENUM('waiting', 'offered', 'bought', 'expired', 'left');--> statement-breakpoint
CREATE TABLE "promo_codes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "promo_codes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"code" text NOT NULL,
	"kind" "promo_kind" NOT NULL,
	"percent" integer,
	"amount_kopecks" integer,
	"scope" "promo_scope" DEFAULT 'all' NOT NULL,
	"category_id" integer,
	"course_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"valid_from" timestamp with time zone,
	"valid_until" timestamp with time zone,
	"max_uses" integer,
	"max_uses_per_person" integer,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "promo_codes_percent_range" CHECK ("promo_codes"."percent" is null or ("promo_codes"."percent" between 1 and 100)),
	CONSTRAINT "promo_codes_amount_positive" CHECK ("promo_codes"."amount_kopecks" is null or "promo_codes"."amount_kopecks" > 0)
);
--> statement-breakpoint
CREATE TABLE "waiting_entries" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "waiting_entries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"group_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"status" "waiting_status" DEFAULT 'waiting' NOT NULL,
	"order_id" integer,
	"offered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "promo_code_id" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "promo_code" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "discount_kopecks" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "promo_codes" ADD CONSTRAINT "promo_codes_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waiting_entries" ADD CONSTRAINT "waiting_entries_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waiting_entries" ADD CONSTRAINT "waiting_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "promo_codes_code_lower_unique" ON "promo_codes" USING btree (lower("code"));--> statement-breakpoint
CREATE UNIQUE INDEX "waiting_entries_group_user_unique" ON "waiting_entries" USING btree ("group_id","user_id");--> statement-breakpoint
CREATE INDEX "waiting_entries_group_id_status_created_at_index" ON "waiting_entries" USING btree ("group_id","status","created_at");--> statement-breakpoint
CREATE INDEX "waiting_entries_order_id_index" ON "waiting_entries" USING btree ("order_id");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_promo_code_id_promo_codes_id_fk" FOREIGN KEY ("promo_code_id") REFERENCES "public"."promo_codes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "orders_promo_code_id_index" ON "orders" USING btree ("promo_code_id");