ALTER TABLE "letters" ADD COLUMN "split_proposal" jsonb;--> statement-breakpoint
ALTER TABLE "letters" ADD COLUMN "layout" jsonb;--> statement-breakpoint
ALTER TABLE "letters" ADD COLUMN "address_sheet" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "letters" ADD COLUMN "original_key" text;