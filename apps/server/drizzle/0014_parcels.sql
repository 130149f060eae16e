CREATE TABLE "parcel_history" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"parcel_id" text NOT NULL,
	"status" text NOT NULL,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "parcel_presets" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"name" text NOT NULL,
	"weight_kg" numeric(9, 2) NOT NULL,
	"length_cm" numeric(9, 2) NOT NULL,
	"width_cm" numeric(9, 2) NOT NULL,
	"height_cm" numeric(9, 2) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "parcel_quotes" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"user_id" text,
	"request" jsonb NOT NULL,
	"rows" jsonb NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "parcel_tracking" (
	"parcel_id" text NOT NULL,
	"event_id" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"status" text NOT NULL,
	"message" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "parcel_tracking_parcel_id_event_id_pk" PRIMARY KEY("parcel_id","event_id")
);
--> statement-breakpoint
CREATE TABLE "parcels" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"creator_id" text,
	"creator_name" text NOT NULL,
	"sender_email" text NOT NULL,
	"status" text NOT NULL,
	"sender" jsonb NOT NULL,
	"recipient" jsonb NOT NULL,
	"recipient_name" text NOT NULL,
	"recipient_postcode" text NOT NULL,
	"customer_id" text,
	"carrier_name" text NOT NULL,
	"service_id" text NOT NULL,
	"service_name" text NOT NULL,
	"goods_value_pence" bigint NOT NULL,
	"goods_description" text DEFAULT '' NOT NULL,
	"delivery_notes" text DEFAULT '' NOT NULL,
	"length_cm" numeric(9, 2) NOT NULL,
	"width_cm" numeric(9, 2) NOT NULL,
	"height_cm" numeric(9, 2) NOT NULL,
	"weight_kg" numeric(9, 2) NOT NULL,
	"collection_date" date NOT NULL,
	"cost_pence" integer NOT NULL,
	"hold_id" text,
	"charge_entry_id" text,
	"approval_id" text,
	"shipment_id" text,
	"carrier_reference" text,
	"label_key" text,
	"tracking_status" text,
	"failure_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "parcel_history" ADD CONSTRAINT "parcel_history_parcel_id_parcels_id_fk" FOREIGN KEY ("parcel_id") REFERENCES "public"."parcels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parcel_presets" ADD CONSTRAINT "parcel_presets_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parcel_quotes" ADD CONSTRAINT "parcel_quotes_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parcel_quotes" ADD CONSTRAINT "parcel_quotes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parcel_tracking" ADD CONSTRAINT "parcel_tracking_parcel_id_parcels_id_fk" FOREIGN KEY ("parcel_id") REFERENCES "public"."parcels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parcels" ADD CONSTRAINT "parcels_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parcels" ADD CONSTRAINT "parcels_creator_id_users_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parcels" ADD CONSTRAINT "parcels_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "parcel_history_parcel_idx" ON "parcel_history" USING btree ("parcel_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "parcel_presets_name_idx" ON "parcel_presets" USING btree ("account_id",lower("name"));--> statement-breakpoint
CREATE INDEX "parcel_quotes_expiry_idx" ON "parcel_quotes" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "parcel_tracking_time_idx" ON "parcel_tracking" USING btree ("parcel_id","at");--> statement-breakpoint
CREATE INDEX "parcels_list_idx" ON "parcels" USING btree ("account_id","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "parcels_shipment_idx" ON "parcels" USING btree ("carrier_name","shipment_id") WHERE shipment_id is not null;