ALTER TABLE "orders" ADD COLUMN "held_until" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "orders_held_until_index" ON "orders" USING btree ("held_until");--> statement-breakpoint
-- Unpaid orders already holding seats get the default hold from now on (then the sweep frees them).
UPDATE "orders" SET "held_until" = now() + interval '30 minutes' WHERE "status" IN ('new', 'confirmed', 'awaiting_payment') AND "seats_held" > 0;
