-- ILIKE '%…%' searches of the staff lists use trigram indexes (pg_trgm ships with PostgreSQL and is a trusted extension).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "audit_events_actor_email_trgm_idx" ON "audit_events" USING gin ("actor_email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "audit_events_summary_trgm_idx" ON "audit_events" USING gin ("summary" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_created_at_id_idx" ON "users" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "users_last_login_at_idx" ON "users" USING btree ("last_login_at" desc nulls last,"id" desc);--> statement-breakpoint
CREATE INDEX "users_course_owner_idx" ON "users" USING btree ("created_at","id") WHERE "users"."is_course_owner";--> statement-breakpoint
CREATE INDEX "users_staff_idx" ON "users" USING btree ("created_at","id") WHERE "users"."is_staff";--> statement-breakpoint
CREATE INDEX "users_blocked_idx" ON "users" USING btree ("created_at","id") WHERE "users"."blocked_at" is not null;--> statement-breakpoint
CREATE INDEX "users_email_trgm_idx" ON "users" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_phone_trgm_idx" ON "users" USING gin ("phone" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_last_name_trgm_idx" ON "users" USING gin ("last_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_first_name_trgm_idx" ON "users" USING gin ("first_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_patronymic_trgm_idx" ON "users" USING gin ("patronymic" gin_trgm_ops);