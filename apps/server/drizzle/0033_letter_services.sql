CREATE TABLE "letter_inserts" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"name" text NOT NULL,
	"blob_key" text NOT NULL,
	"pages" integer NOT NULL,
	"sheets" integer NOT NULL,
	"size_bytes" bigint NOT NULL,
	"sha256" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "letter_inserts_sheets" CHECK ("letter_inserts"."sheets" between 1 and 2)
);
--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "address_returned_reason" text;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "address_returned_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "letter_delivery_channels" ADD COLUMN "tracking_number" text;--> statement-breakpoint
ALTER TABLE "letter_delivery_channels" ADD COLUMN "tracking_events" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "letter_delivery_channels" ADD COLUMN "signed_by" text;--> statement-breakpoint
ALTER TABLE "letter_delivery_channels" ADD COLUMN "signed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "letter_delivery_channels" ADD COLUMN "proof_key" text;--> statement-breakpoint
ALTER TABLE "letters" ADD COLUMN "country" text;--> statement-breakpoint
ALTER TABLE "letter_inserts" ADD CONSTRAINT "letter_inserts_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "letter_inserts_file_idx" ON "letter_inserts" USING btree ("account_id","sha256");--> statement-breakpoint
CREATE INDEX "letter_inserts_account_idx" ON "letter_inserts" USING btree ("account_id","created_at");