CREATE TABLE "merge_run_recipients" (
	"run_id" text NOT NULL,
	"position" integer NOT NULL,
	"customer_id" text,
	"name" text NOT NULL,
	"values" jsonb NOT NULL,
	"outcome" text DEFAULT 'waiting' NOT NULL,
	"reason" text,
	"letter_id" text,
	CONSTRAINT "merge_run_recipients_run_id_position_pk" PRIMARY KEY("run_id","position"),
	CONSTRAINT "merge_run_recipients_outcome_check" CHECK ("merge_run_recipients"."outcome" in ('waiting', 'created', 'stopped'))
);
--> statement-breakpoint
CREATE TABLE "merge_runs" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"template_id" text,
	"template_name" text NOT NULL,
	"creator_id" text,
	"status" text DEFAULT 'queued' NOT NULL,
	"deliver" boolean DEFAULT true NOT NULL,
	"test_mode" boolean DEFAULT false NOT NULL,
	"total" integer NOT NULL,
	"created" integer DEFAULT 0 NOT NULL,
	"stopped" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "merge_runs_status_check" CHECK ("merge_runs"."status" in ('queued', 'running', 'done'))
);
--> statement-breakpoint
CREATE TABLE "merge_templates" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"creator_id" text,
	"name" text NOT NULL,
	"blob_key" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"fields" text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "merge_run_recipients" ADD CONSTRAINT "merge_run_recipients_run_id_merge_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."merge_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merge_run_recipients" ADD CONSTRAINT "merge_run_recipients_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merge_run_recipients" ADD CONSTRAINT "merge_run_recipients_letter_id_letters_id_fk" FOREIGN KEY ("letter_id") REFERENCES "public"."letters"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merge_runs" ADD CONSTRAINT "merge_runs_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merge_runs" ADD CONSTRAINT "merge_runs_template_id_merge_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."merge_templates"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merge_runs" ADD CONSTRAINT "merge_runs_creator_id_users_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merge_templates" ADD CONSTRAINT "merge_templates_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merge_templates" ADD CONSTRAINT "merge_templates_creator_id_users_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "merge_run_recipients_letter_idx" ON "merge_run_recipients" USING btree ("letter_id") WHERE "merge_run_recipients"."letter_id" is not null;--> statement-breakpoint
CREATE INDEX "merge_runs_account_idx" ON "merge_runs" USING btree ("account_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "merge_templates_account_idx" ON "merge_templates" USING btree ("account_id","created_at" DESC NULLS LAST,"id");