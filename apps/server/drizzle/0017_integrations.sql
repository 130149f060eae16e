CREATE TABLE "integration_imports" (
	"account_id" text NOT NULL,
	"provider" text NOT NULL,
	"tenant_id" text DEFAULT '' NOT NULL,
	"entity_type" text NOT NULL,
	"external_id" text NOT NULL,
	"local_id" text NOT NULL,
	"imported_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "integration_imports_account_id_provider_tenant_id_entity_type_external_id_pk" PRIMARY KEY("account_id","provider","tenant_id","entity_type","external_id"),
	CONSTRAINT "integration_imports_entity" CHECK ("integration_imports"."entity_type" in ('contacts', 'invoices'))
);
--> statement-breakpoint
CREATE TABLE "integration_oauth_states" (
	"state" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"user_id" text NOT NULL,
	"provider" text NOT NULL,
	"verifier_sealed" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "integrations" (
	"account_id" text NOT NULL,
	"provider" text NOT NULL,
	"status" text DEFAULT 'connected' NOT NULL,
	"auto_sync" boolean DEFAULT false NOT NULL,
	"tenant_id" text,
	"tenant_name" text,
	"tokens_sealed" text NOT NULL,
	"access_expires_at" timestamp with time zone,
	"connected_by" text,
	"connected_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	CONSTRAINT "integrations_account_id_provider_pk" PRIMARY KEY("account_id","provider"),
	CONSTRAINT "integrations_status" CHECK ("integrations"."status" in ('connected', 'revoked', 'error')),
	CONSTRAINT "integrations_provider" CHECK ("integrations"."provider" in ('xero', 'quickbooks', 'sage', 'google_drive', 'dropbox', 'onedrive'))
);
--> statement-breakpoint
ALTER TABLE "integration_imports" ADD CONSTRAINT "integration_imports_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "integration_oauth_states" ADD CONSTRAINT "integration_oauth_states_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "integration_oauth_states" ADD CONSTRAINT "integration_oauth_states_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "integrations" ADD CONSTRAINT "integrations_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "integrations" ADD CONSTRAINT "integrations_connected_by_users_id_fk" FOREIGN KEY ("connected_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "integration_imports_local_idx" ON "integration_imports" USING btree ("local_id");--> statement-breakpoint
CREATE INDEX "integration_oauth_states_created_idx" ON "integration_oauth_states" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "integration_oauth_states_account_idx" ON "integration_oauth_states" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "integration_oauth_states_user_idx" ON "integration_oauth_states" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "integrations_connected_by_idx" ON "integrations" USING btree ("connected_by") WHERE "integrations"."connected_by" is not null;