ALTER TABLE "letters" ADD COLUMN "source_type" text DEFAULT 'pdf' NOT NULL;--> statement-breakpoint
ALTER TABLE "letters" ADD COLUMN "source_key" text;--> statement-breakpoint
ALTER TABLE "letters" ADD COLUMN "parent_id" text;--> statement-breakpoint
ALTER TABLE "letters" ADD COLUMN "split_status" text;--> statement-breakpoint
ALTER TABLE "letters" ADD COLUMN "split_count" integer;--> statement-breakpoint
ALTER TABLE "letters" ADD COLUMN "delivery_channels" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "letters" ADD COLUMN "successful_delivery_channels" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "letters" ADD COLUMN "unsuccessful_delivery_channels" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "letters" ADD COLUMN "has_been_posted" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "letters" ADD COLUMN "cloud_synced" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "letters" ADD COLUMN "delivered_on" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "letters" ADD CONSTRAINT "letters_parent_id_letters_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."letters"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "letters_parent_idx" ON "letters" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "letters_analysing_idx" ON "letters" USING btree ("updated_at") WHERE status = 'Analysing';