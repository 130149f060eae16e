CREATE TABLE "letterheads" (
	"account_id" text NOT NULL,
	"kind" text NOT NULL,
	"type" text NOT NULL,
	"content_type" text NOT NULL,
	"blob_key" text NOT NULL,
	"size_bytes" bigint NOT NULL,
	"file_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "letterheads_account_id_kind_pk" PRIMARY KEY("account_id","kind"),
	CONSTRAINT "letterheads_kind" CHECK ("letterheads"."kind" in ('primary', 'secondary')),
	CONSTRAINT "letterheads_type" CHECK ("letterheads"."type" in ('pdf', 'image'))
);
--> statement-breakpoint
ALTER TABLE "letterheads" ADD CONSTRAINT "letterheads_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;