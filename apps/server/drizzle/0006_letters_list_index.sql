-- The letter list reads one company's letters newest first and counts its tabs on every request.
-- With the columns those conditions read included, the counts, filters and search are index-only
-- scans instead of a heap read per letter (bench/letters-list.mjs measured both).
CREATE INDEX "letters_account_list_idx" ON "letters" USING btree ("account_id", "created_at", "id")
  INCLUDE ("mark_for_deletion", "force_status_error", "status", "creator_id", "name", "recipient_name_snapshot");--> statement-breakpoint
DROP INDEX "letters_account_created_idx";
