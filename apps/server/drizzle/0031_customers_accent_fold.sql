-- Customers found and sorted as people read names (issue 27 item 7; docs/decisions/0033-customers-first-week.md):
-- "aine" finds Áine, "odegaard" finds Ødegaard, and Áine sorts beside Aine, before Zoë.
--
-- search_fold: lower case, accents gone (the unaccent extension's rules), apostrophes dropped
-- ("obrien" and "O’Brien" find O'Brien). unaccent() is STABLE (its dictionary could be changed);
-- ours names the dictionary by schema and is IMMUTABLE so that an index can hold it. Changing
-- unaccent.rules would need this index rebuilt (REINDEX), as any expression index on a wrapped
-- dictionary does.
CREATE EXTENSION IF NOT EXISTS unaccent WITH SCHEMA public;--> statement-breakpoint
CREATE OR REPLACE FUNCTION public.search_fold(text) RETURNS text
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  AS $$ select translate(lower(public.unaccent('public.unaccent'::regdictionary, $1)), '''‘’`', '') $$;--> statement-breakpoint
-- customer_name: ICU's root collation at the second strength (case ignored, accents second to the
-- letters) with numbers by value ("Unit 9" before "Unit 10"). Both servers we run on (the embedded
-- PostgreSQL and Debian's PostgreSQL 15) are built with ICU; a build without it gets the folding
-- of the "C" collation instead (a notice says so) and sorts by code point.
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_collation WHERE collprovider = 'i') THEN
    CREATE COLLATION IF NOT EXISTS public.customer_name (provider = icu, locale = 'und-u-kn-ks-level2');
  ELSE
    RAISE NOTICE 'PostgreSQL is built without ICU: customers sort by code point';
    CREATE COLLATION IF NOT EXISTS public.customer_name FROM "C";
  END IF;
END $$;--> statement-breakpoint
DROP INDEX "customers_list_idx";--> statement-breakpoint
CREATE INDEX "customers_sort_idx" ON "customers" USING btree ("account_id","name" collate customer_name,"id");--> statement-breakpoint
-- The search (name, email, postcode, phone) over the folded text, by trigrams, scoped by company
-- (btree_gin, migration 0008).
DROP INDEX "customers_search_idx";--> statement-breakpoint
CREATE INDEX "customers_search_idx" ON "customers" USING gin ("account_id",
  (public.search_fold("name" || ' ' || coalesce("email", '') || ' ' || coalesce("postcode", '') || ' ' || coalesce("phone", ''))) gin_trgm_ops);--> statement-breakpoint
-- Match keys made before accents were folded had dropped the accented letters ("Áine" was "ine"):
-- made again for every name that is not plain ASCII, as customerMatchKey (@lp/domain) now makes
-- them; the postcode part is kept as it is.
UPDATE "customers"
   SET "match_key" = trim(regexp_replace(lower(public.unaccent('public.unaccent'::regdictionary, "name")), '[^a-z0-9]+', ' ', 'g'))
                     || '|' || split_part("match_key", '|', 2)
 WHERE "name" ~ '[^\x01-\x7f]';--> statement-breakpoint
-- A customer's parcels, newest first: their past messages (issue 27 item 24).
CREATE INDEX "parcels_customer_idx" ON "parcels" USING btree ("customer_id","created_at") WHERE customer_id is not null;--> statement-breakpoint
-- Accounting auto-sync: invoices issued from this day are imported every hour (issue 27 item 20).
ALTER TABLE "integrations" ADD COLUMN "invoice_sync_since" timestamp with time zone;
