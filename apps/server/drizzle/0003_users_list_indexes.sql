CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
DROP INDEX "users_account_id_idx";--> statement-breakpoint
DROP INDEX "users_account_name_idx";--> statement-breakpoint
CREATE INDEX "users_search_trgm_idx" ON "users" USING gin ((lower("name") || ' ' || "email") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_account_id_idx" ON "users" USING btree ("account_id") WHERE valid;--> statement-breakpoint
CREATE INDEX "users_account_name_idx" ON "users" USING btree ("account_id",lower("name"),"id") WHERE valid;