CREATE INDEX "orders_payer_email_trgm_idx" ON "orders" USING gin ("payer_email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "orders_payer_phone_trgm_idx" ON "orders" USING gin ("payer_phone" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "orders_code_trgm_idx" ON "orders" USING gin ("code" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "orders_promo_code_idx" ON "orders" USING btree ("promo_code");