-- Searching a company's letters by name or recipient: a trigram index scoped by company (btree_gin
-- lets the company id share the GIN index), so a search reads its matches, not every letter.
-- Both extensions are trusted (PostgreSQL 13+): the database owner may create them.
CREATE EXTENSION IF NOT EXISTS btree_gin;--> statement-breakpoint
CREATE INDEX "letters_search_idx" ON "letters" USING gin ("account_id", (lower("name" || ' ' || coalesce("recipient_name_snapshot", ''))) gin_trgm_ops);
