CREATE TABLE "payment_notifications" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payment_notifications_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"provider" "payment_provider" NOT NULL,
	"payment_id" integer,
	"body" jsonb NOT NULL,
	"outcome" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "groups" ADD COLUMN "seats_held" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_students" ADD COLUMN "student_type" text;--> statement-breakpoint
ALTER TABLE "order_students" ADD COLUMN "last_name" text;--> statement-breakpoint
ALTER TABLE "order_students" ADD COLUMN "first_name" text;--> statement-breakpoint
ALTER TABLE "order_students" ADD COLUMN "patronymic" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "cancelled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "seats_held" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "attempt_id" text NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "provider_status" text;--> statement-breakpoint
ALTER TABLE "payment_notifications" ADD CONSTRAINT "payment_notifications_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_notifications_payment_id_index" ON "payment_notifications" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "payment_notifications_received_at_index" ON "payment_notifications" USING btree ("received_at");--> statement-breakpoint
CREATE INDEX "payments_status_updated_at_index" ON "payments" USING btree ("status","updated_at");--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_attempt_id_unique" UNIQUE("attempt_id");--> statement-breakpoint
ALTER TABLE "groups" ADD CONSTRAINT "groups_seats_held_non_negative" CHECK ("groups"."seats_held" >= 0);--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_seats_held_non_negative" CHECK ("orders"."seats_held" >= 0);