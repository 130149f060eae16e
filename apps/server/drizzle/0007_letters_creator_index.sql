-- The letter list filtered by creator reads that creator's letters newest first, index-only
-- (bench/letters-list.mjs: 482 -> 1,036 requests/s, p99 43 -> 22 ms at 10 connections).
CREATE INDEX "letters_account_creator_idx" ON "letters" USING btree ("account_id", "creator_id", "created_at", "id")
  INCLUDE ("mark_for_deletion", "force_status_error", "status");
