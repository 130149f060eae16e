CREATE TABLE "letter_history" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"letter_id" text NOT NULL,
	"status" text NOT NULL,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "letters" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"creator_id" text,
	"name" text NOT NULL,
	"document_type" text DEFAULT 'regular' NOT NULL,
	"status" text NOT NULL,
	"status_reason" text,
	"force_status_error" boolean DEFAULT false NOT NULL,
	"mark_for_deletion" boolean DEFAULT false NOT NULL,
	"processed" boolean DEFAULT false NOT NULL,
	"num_pages" bigint,
	"recipient_name_snapshot" text,
	"recipient_address_snapshot" text[],
	"postcode" text,
	"blob_key" text NOT NULL,
	"thumbnail_key" text,
	"size_bytes" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "letter_history" ADD CONSTRAINT "letter_history_letter_id_letters_id_fk" FOREIGN KEY ("letter_id") REFERENCES "public"."letters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "letters" ADD CONSTRAINT "letters_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "letters" ADD CONSTRAINT "letters_creator_id_users_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "letter_history_letter_idx" ON "letter_history" USING btree ("letter_id","id");--> statement-breakpoint
CREATE INDEX "letters_account_created_idx" ON "letters" USING btree ("account_id","created_at","id");