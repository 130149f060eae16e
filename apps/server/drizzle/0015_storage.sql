CREATE TABLE "storage_items" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"parent_id" text,
	"ancestors" text[] DEFAULT '{}'::text[] NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"ext" text,
	"content_type" text,
	"blob_key" text,
	"size_bytes" bigint DEFAULT 0 NOT NULL,
	"num_files" integer DEFAULT 0 NOT NULL,
	"editable" boolean DEFAULT true NOT NULL,
	"customer_id" text,
	"letter_id" text,
	"creator_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "storage_items_kind" CHECK ("storage_items"."kind" in ('customer_folder', 'folder', 'file'))
);
--> statement-breakpoint
CREATE TABLE "storage_uploads" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"folder_id" text,
	"user_id" text,
	"name" text NOT NULL,
	"ext" text NOT NULL,
	"size_bytes" bigint NOT NULL,
	"chunk_bytes" integer NOT NULL,
	"received_bytes" bigint DEFAULT 0 NOT NULL,
	"blob_key" text NOT NULL,
	"multipart_id" text NOT NULL,
	"parts" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"item_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "storage_usage" (
	"account_id" text PRIMARY KEY NOT NULL,
	"used_bytes" bigint DEFAULT 0 NOT NULL,
	"reserved_bytes" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "storage_usage_used" CHECK ("storage_usage"."used_bytes" >= 0),
	CONSTRAINT "storage_usage_reserved" CHECK ("storage_usage"."reserved_bytes" >= 0)
);
--> statement-breakpoint
ALTER TABLE "storage_items" ADD CONSTRAINT "storage_items_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "storage_items" ADD CONSTRAINT "storage_items_parent_id_storage_items_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."storage_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "storage_items" ADD CONSTRAINT "storage_items_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "storage_items" ADD CONSTRAINT "storage_items_letter_id_letters_id_fk" FOREIGN KEY ("letter_id") REFERENCES "public"."letters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "storage_items" ADD CONSTRAINT "storage_items_creator_id_users_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "storage_uploads" ADD CONSTRAINT "storage_uploads_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "storage_uploads" ADD CONSTRAINT "storage_uploads_folder_id_storage_items_id_fk" FOREIGN KEY ("folder_id") REFERENCES "public"."storage_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "storage_uploads" ADD CONSTRAINT "storage_uploads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "storage_usage" ADD CONSTRAINT "storage_usage_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "storage_items_list_idx" ON "storage_items" USING btree ("account_id",coalesce("parent_id", ''),(case "kind" when 'customer_folder' then 0 when 'folder' then 1 else 2 end),lower("name"),"id");--> statement-breakpoint
CREATE UNIQUE INDEX "storage_items_name_idx" ON "storage_items" USING btree ("account_id",coalesce("parent_id", ''),("kind" = 'file'),lower("name"),coalesce("ext", '')) WHERE "storage_items"."kind" <> 'customer_folder' and "storage_items"."letter_id" is null;--> statement-breakpoint
CREATE INDEX "storage_items_ancestors_idx" ON "storage_items" USING gin ("ancestors");--> statement-breakpoint
CREATE UNIQUE INDEX "storage_items_customer_idx" ON "storage_items" USING btree ("customer_id") WHERE "storage_items"."kind" = 'customer_folder';--> statement-breakpoint
CREATE UNIQUE INDEX "storage_items_letter_idx" ON "storage_items" USING btree ("parent_id","letter_id") WHERE "storage_items"."letter_id" is not null;--> statement-breakpoint
CREATE INDEX "storage_uploads_updated_idx" ON "storage_uploads" USING btree ("updated_at");--> statement-breakpoint
-- A folder's totals (files below it and their sizes) and the company's usage (stored files' bytes)
-- are kept by the database itself, whatever removes an item: a delete, a folder's recursive
-- delete, a letter deleted (its linked items cascade). Ancestor rows are locked in id order, so
-- two uploads into sibling folders cannot deadlock.
CREATE FUNCTION storage_items_totals() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  r storage_items;
  sign integer;
BEGIN
  IF TG_OP = 'INSERT' THEN r := NEW; sign := 1; ELSE r := OLD; sign := -1; END IF;
  IF r.kind <> 'file' THEN RETURN NULL; END IF;
  IF cardinality(r.ancestors) > 0 THEN
    UPDATE storage_items s SET size_bytes = s.size_bytes + sign * r.size_bytes, num_files = s.num_files + sign
     WHERE s.id IN (SELECT id FROM storage_items WHERE id = ANY (r.ancestors) ORDER BY id FOR UPDATE);
  END IF;
  IF r.blob_key IS NOT NULL THEN
    INSERT INTO storage_usage AS u (account_id, used_bytes) VALUES (r.account_id, greatest(sign * r.size_bytes, 0))
    ON CONFLICT (account_id) DO UPDATE SET used_bytes = u.used_bytes + sign * r.size_bytes;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER storage_items_totals AFTER INSERT OR DELETE ON storage_items
  FOR EACH ROW EXECUTE FUNCTION storage_items_totals();--> statement-breakpoint
-- A folder per customer, in the root, made with the customer (the Add form, the import and "save
-- recipient as customer" alike), renamed with them, and left as an ordinary folder when they go.
CREATE FUNCTION storage_customer_folder() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  candidate text;
  n integer := 1;
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO storage_items (id, account_id, kind, name, editable, customer_id)
    VALUES (gen_random_uuid()::text, NEW.account_id, 'customer_folder', NEW.name, false, NEW.id);
    RETURN NULL;
  ELSIF TG_OP = 'UPDATE' THEN
    IF NEW.name IS DISTINCT FROM OLD.name THEN
      UPDATE storage_items SET name = NEW.name, modified_at = now()
       WHERE customer_id = NEW.id AND kind = 'customer_folder';
    END IF;
    RETURN NULL;
  END IF;
  -- DELETE: the folder stays, as an ordinary folder with a free name.
  candidate := coalesce(nullif(btrim(left(OLD.name, 240)), ''), 'Customer');
  WHILE EXISTS (SELECT 1 FROM storage_items WHERE account_id = OLD.account_id AND parent_id IS NULL
                   AND kind = 'folder' AND lower(name) = lower(CASE WHEN n = 1 THEN candidate ELSE candidate || ' ' || n END)) LOOP
    n := n + 1;
  END LOOP;
  UPDATE storage_items SET kind = 'folder', editable = true, customer_id = NULL, modified_at = now(),
         name = CASE WHEN n = 1 THEN candidate ELSE candidate || ' ' || n END
   WHERE customer_id = OLD.id AND kind = 'customer_folder';
  RETURN OLD;
END $$;--> statement-breakpoint
CREATE TRIGGER storage_customer_folder_made AFTER INSERT OR UPDATE OF name ON customers
  FOR EACH ROW EXECUTE FUNCTION storage_customer_folder();--> statement-breakpoint
CREATE TRIGGER storage_customer_folder_kept BEFORE DELETE ON customers
  FOR EACH ROW EXECUTE FUNCTION storage_customer_folder();--> statement-breakpoint
-- The customers there before storage get their folders now.
INSERT INTO storage_items (id, account_id, kind, name, editable, customer_id)
SELECT gen_random_uuid()::text, account_id, 'customer_folder', name, false, id FROM customers;
--> statement-breakpoint
-- The cloud storage channel files a letter in its customer's folder.
ALTER TABLE "letter_delivery_channels" DROP CONSTRAINT "letter_delivery_channels_channel";--> statement-breakpoint
ALTER TABLE "letter_delivery_channels" ADD CONSTRAINT "letter_delivery_channels_channel" CHECK ("letter_delivery_channels"."channel" in ('mail', 'email', 'sms', 'cloud_link', 'cloud_storage'));
