CREATE TABLE "cloud_links" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"letter_id" text NOT NULL,
	"delivery_id" text,
	"channel" text,
	"token_sealed" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"first_opened_at" timestamp with time zone,
	"open_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "delivery_events" (
	"provider" text NOT NULL,
	"event_id" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "delivery_events_provider_event_id_pk" PRIMARY KEY("provider","event_id")
);
--> statement-breakpoint
CREATE TABLE "letter_deliveries" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"letter_id" text NOT NULL,
	"requested_by" text,
	"requester_name" text NOT NULL,
	"requester_email" text NOT NULL,
	"state" text NOT NULL,
	"previous_status" text NOT NULL,
	"scheduled_for" timestamp with time zone,
	"approval_id" text,
	"total_pence" bigint NOT NULL,
	"options" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "letter_deliveries_state" CHECK ("letter_deliveries"."state" in ('in_review', 'scheduled', 'sending', 'done', 'cancelled', 'denied'))
);
--> statement-breakpoint
CREATE TABLE "letter_delivery_channels" (
	"delivery_id" text NOT NULL,
	"channel" text NOT NULL,
	"state" text DEFAULT 'queued' NOT NULL,
	"price_pence" bigint NOT NULL,
	"hold_id" text,
	"capture_entry_id" text,
	"refund_entry_id" text,
	"provider" text,
	"provider_id" text,
	"provider_status" text,
	"recipient" text,
	"reason" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "letter_delivery_channels_delivery_id_channel_pk" PRIMARY KEY("delivery_id","channel"),
	CONSTRAINT "letter_delivery_channels_channel" CHECK ("letter_delivery_channels"."channel" in ('mail', 'email', 'sms', 'cloud_link')),
	CONSTRAINT "letter_delivery_channels_state" CHECK ("letter_delivery_channels"."state" in ('queued', 'handed_over', 'succeeded', 'failed', 'cancelled'))
);
--> statement-breakpoint
ALTER TABLE "cloud_links" ADD CONSTRAINT "cloud_links_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cloud_links" ADD CONSTRAINT "cloud_links_letter_id_letters_id_fk" FOREIGN KEY ("letter_id") REFERENCES "public"."letters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cloud_links" ADD CONSTRAINT "cloud_links_delivery_id_letter_deliveries_id_fk" FOREIGN KEY ("delivery_id") REFERENCES "public"."letter_deliveries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "letter_deliveries" ADD CONSTRAINT "letter_deliveries_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "letter_deliveries" ADD CONSTRAINT "letter_deliveries_letter_id_letters_id_fk" FOREIGN KEY ("letter_id") REFERENCES "public"."letters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "letter_deliveries" ADD CONSTRAINT "letter_deliveries_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "letter_delivery_channels" ADD CONSTRAINT "letter_delivery_channels_delivery_id_letter_deliveries_id_fk" FOREIGN KEY ("delivery_id") REFERENCES "public"."letter_deliveries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cloud_links_delivery_idx" ON "cloud_links" USING btree ("delivery_id");--> statement-breakpoint
CREATE UNIQUE INDEX "letter_deliveries_open_idx" ON "letter_deliveries" USING btree ("letter_id") WHERE state in ('in_review', 'scheduled', 'sending');--> statement-breakpoint
CREATE INDEX "letter_deliveries_letter_idx" ON "letter_deliveries" USING btree ("letter_id","created_at");--> statement-breakpoint
CREATE INDEX "letter_deliveries_due_idx" ON "letter_deliveries" USING btree ("scheduled_for") WHERE state = 'scheduled';--> statement-breakpoint
CREATE UNIQUE INDEX "letter_delivery_channels_provider_idx" ON "letter_delivery_channels" USING btree ("provider","provider_id");