CREATE TABLE "account_balances" (
	"account_id" text PRIMARY KEY NOT NULL,
	"balance_pence" bigint DEFAULT 0 NOT NULL,
	"held_pence" bigint DEFAULT 0 NOT NULL,
	"entry_count" bigint DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "account_balances_never_negative" CHECK ("account_balances"."held_pence" >= 0 and "account_balances"."held_pence" <= "account_balances"."balance_pence")
);
--> statement-breakpoint
CREATE TABLE "holds" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"user_id" text,
	"amount_pence" bigint NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"captured_pence" bigint,
	"cap_month" date,
	"description" text NOT NULL,
	"service_id" text,
	"idempotency_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone,
	CONSTRAINT "holds_status" CHECK ("holds"."status" in ('open', 'captured', 'released')),
	CONSTRAINT "holds_amount_positive" CHECK ("holds"."amount_pence" > 0)
);
--> statement-breakpoint
CREATE TABLE "ledger_entries" (
	"id" text PRIMARY KEY NOT NULL,
	"seq" bigserial NOT NULL,
	"account_id" text NOT NULL,
	"type" text NOT NULL,
	"amount_pence" bigint NOT NULL,
	"held_delta_pence" bigint DEFAULT 0 NOT NULL,
	"balance_after_pence" bigint NOT NULL,
	"user_id" text,
	"user_name" text,
	"user_email" text,
	"description" text NOT NULL,
	"service_id" text,
	"reference" text,
	"hold_id" text,
	"cap_month" date,
	"idempotency_key" text NOT NULL,
	"request_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_events" (
	"id" text PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"type" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_intents" (
	"id" text PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"account_id" text NOT NULL,
	"user_id" text,
	"user_name" text,
	"user_email" text,
	"amount_pence" bigint NOT NULL,
	"status" text NOT NULL,
	"last_error" text,
	"last_event_at" timestamp with time zone,
	"credited_at" timestamp with time zone,
	"ledger_entry_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "plan_periods" (
	"account_id" text NOT NULL,
	"period_start" timestamp with time zone NOT NULL,
	"plan" text NOT NULL,
	"amount_pence" bigint NOT NULL,
	"status" text NOT NULL,
	"ledger_entry_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone,
	CONSTRAINT "plan_periods_account_id_period_start_pk" PRIMARY KEY("account_id","period_start"),
	CONSTRAINT "plan_periods_status" CHECK ("plan_periods"."status" in ('paid', 'unpaid', 'waived'))
);
--> statement-breakpoint
CREATE TABLE "sandbox_payment_intents" (
	"id" text PRIMARY KEY NOT NULL,
	"client_secret" text NOT NULL,
	"amount_pence" bigint NOT NULL,
	"currency" text NOT NULL,
	"status" text NOT NULL,
	"payment_method" text,
	"last_error" jsonb,
	"metadata" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_payment_methods" (
	"id" text PRIMARY KEY NOT NULL,
	"brand" text NOT NULL,
	"last4" text NOT NULL,
	"outcome" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "restrict_balance_to_finance_admins" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "plan_period_start" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "plan_renews_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "account_balances" ADD CONSTRAINT "account_balances_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "holds" ADD CONSTRAINT "holds_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_intents" ADD CONSTRAINT "payment_intents_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_periods" ADD CONSTRAINT "plan_periods_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "holds_idempotency_idx" ON "holds" USING btree ("account_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "holds_open_idx" ON "holds" USING btree ("account_id") WHERE status = 'open';--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_entries_idempotency_idx" ON "ledger_entries" USING btree ("account_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "ledger_entries_account_idx" ON "ledger_entries" USING btree ("account_id","created_at" DESC NULLS LAST,"seq" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "payment_intents_account_idx" ON "payment_intents" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE FUNCTION "ledger_entries_immutable"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'ledger entries are immutable: % refused', TG_OP USING ERRCODE = 'restrict_violation';
END
$$;--> statement-breakpoint
CREATE TRIGGER "ledger_entries_immutable" BEFORE UPDATE OR DELETE ON "ledger_entries"
  FOR EACH ROW EXECUTE FUNCTION "ledger_entries_immutable"();--> statement-breakpoint
CREATE INDEX "accounts_plan_renews_at_idx" ON "accounts" USING btree ("plan_renews_at") WHERE "plan_renews_at" IS NOT NULL;
--> statement-breakpoint
-- The transactions search (description, user, reference, service id) reads its matches through a
-- trigram index scoped by company (btree_gin, migration 0008), not every entry of the company.
CREATE INDEX "ledger_entries_search_idx" ON "ledger_entries" USING gin ("account_id",
  (lower("description" || ' ' || coalesce("user_name", '') || ' ' || coalesce("user_email", '') || ' ' ||
         coalesce("reference", '') || ' ' || coalesce("service_id", ''))) gin_trgm_ops);--> statement-breakpoint
-- The type filter (top-ups only, plan fees only) pages and counts from its own index.
CREATE INDEX "ledger_entries_type_idx" ON "ledger_entries" USING btree ("account_id", "type", "created_at" DESC NULLS LAST, "seq" DESC NULLS LAST);
