ALTER TABLE "accounts" ADD COLUMN "registration_number" text;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "registration" jsonb;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "registration_checked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "vat_number" text;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "postal_address" jsonb;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "list_preferences" jsonb DEFAULT '{}'::jsonb NOT NULL;