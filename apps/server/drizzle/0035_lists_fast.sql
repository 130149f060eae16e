-- Issue 29: every list's page, search and filter read through an index (docs/decisions/0041-lists-fast.md).
--
-- Customers: a postcode-shaped search ("LS11", "ls11 2", "SW1A 1AA") reads the customers of that
-- outward code in the list's order (customers_postcode_idx, no sort of 12,500 matches), and the
-- name, email and phone separately by trigrams (customers_words_idx), so that the term is not also
-- found in every postcode of the district. postcode_outward and postcode_inward read a postcode
-- however it was stored (case and spaces ignored; the inward code is its last three characters).
CREATE OR REPLACE FUNCTION public.postcode_outward(text) RETURNS text
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  AS $$ select case when length(c) >= 5 then left(c, -3) else c end from (select upper(replace($1, ' ', '')) as c) p $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION public.postcode_inward(text) RETURNS text
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  AS $$ select case when length(c) >= 5 then right(c, 3) else '' end from (select upper(replace($1, ' ', '')) as c) p $$;--> statement-breakpoint
CREATE INDEX "customers_postcode_idx" ON "customers" USING btree ("account_id", public.postcode_outward("postcode"), "name" collate customer_name, "id");--> statement-breakpoint
CREATE INDEX "customers_words_idx" ON "customers" USING gin ("account_id", public.search_fold("name" || ' ' || coalesce("email", '') || ' ' || coalesce("phone", '')) gin_trgm_ops);--> statement-breakpoint
-- Transactions: a search reads the entries whose own words match (ledger_entries_search_idx,
-- migration 0010, which the search's one expression over the joined letter and parcel could not
-- use), and those whose letter or parcel names match, by service id, rather than every entry.
CREATE INDEX "ledger_entries_service_idx" ON "ledger_entries" USING btree ("account_id", "service_id") WHERE "service_id" is not null;--> statement-breakpoint
CREATE INDEX "parcels_search_idx" ON "parcels" USING gin ("account_id", lower("recipient_name") gin_trgm_ops);
