CREATE TABLE "parcel_drafts" (
	"user_id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"draft" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "parcels" ADD COLUMN "voiding_since" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "parcel_drafts" ADD CONSTRAINT "parcel_drafts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parcel_drafts" ADD CONSTRAINT "parcel_drafts_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;