ALTER TABLE "letters" ADD COLUMN "address_reset" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "letters" ADD COLUMN "address_source" text DEFAULT 'text' NOT NULL;--> statement-breakpoint
ALTER TABLE "letters" ADD COLUMN "ocr_confidence" integer;