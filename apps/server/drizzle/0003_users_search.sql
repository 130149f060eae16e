CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "users_search_trgm_idx" ON "users" USING gin ((lower("name") || ' ' || "email") gin_trgm_ops);