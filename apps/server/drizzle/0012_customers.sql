CREATE TABLE "customers" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"name" text NOT NULL,
	"address_lines" text[] DEFAULT '{}'::text[] NOT NULL,
	"postcode" text,
	"email" text,
	"phone" text,
	"communications_preference" text[] DEFAULT '{Mail}'::text[] NOT NULL,
	"cloud_storage_provider" text,
	"match_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "letters" ADD COLUMN "customer_id" text;--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "customers_list_idx" ON "customers" USING btree ("account_id",lower("name"),"id");--> statement-breakpoint
CREATE INDEX "customers_match_idx" ON "customers" USING btree ("account_id","match_key");--> statement-breakpoint
CREATE UNIQUE INDEX "customers_email_idx" ON "customers" USING btree ("account_id",lower("email")) WHERE "customers"."email" is not null;--> statement-breakpoint
ALTER TABLE "letters" ADD CONSTRAINT "letters_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- The customers search (name, email, postcode, phone) reads its matches through a trigram index
-- scoped by company (btree_gin, migration 0008).
CREATE INDEX "customers_search_idx" ON "customers" USING gin ("account_id",
  (lower("name" || ' ' || coalesce("email", '') || ' ' || coalesce("postcode", '') || ' ' || coalesce("phone", ''))) gin_trgm_ops);--> statement-breakpoint
-- A customer's letters, newest first.
CREATE INDEX "letters_customer_idx" ON "letters" USING btree ("customer_id", "created_at" DESC) WHERE "customer_id" IS NOT NULL;
