CREATE TABLE "letter_cloud_syncs" (
	"letter_id" text NOT NULL,
	"account_id" text NOT NULL,
	"provider" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"remote_id" text,
	"remote_path" text,
	"synced_at" timestamp with time zone,
	"reason" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "letter_cloud_syncs_letter_id_provider_pk" PRIMARY KEY("letter_id","provider"),
	CONSTRAINT "letter_cloud_syncs_status" CHECK ("letter_cloud_syncs"."status" in ('pending', 'synced', 'failed')),
	CONSTRAINT "letter_cloud_syncs_provider" CHECK ("letter_cloud_syncs"."provider" in ('google_drive', 'dropbox', 'onedrive'))
);
--> statement-breakpoint
ALTER TABLE "letter_cloud_syncs" ADD CONSTRAINT "letter_cloud_syncs_letter_id_letters_id_fk" FOREIGN KEY ("letter_id") REFERENCES "public"."letters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "letter_cloud_syncs" ADD CONSTRAINT "letter_cloud_syncs_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "letter_cloud_syncs_account_idx" ON "letter_cloud_syncs" USING btree ("account_id","status");