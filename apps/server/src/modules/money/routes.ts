import { createHash } from 'node:crypto';
import {
  canSeeBalance,
  capMonth,
  effectiveCap,
  findPlan,
  MAX_TOP_UP_PENCE,
  MIN_TOP_UP_PENCE,
  MONEY_MESSAGES,
  OWNER_ROLE,
  PLANS,
  planPerks,
  RECEIPT_TYPES,
  TRANSACTION_TYPES,
} from '@lp/domain';
import { z } from 'zod';
import type { AuthContext } from '../../platform/access.js';
import { AccountCache } from '../../platform/account-cache.js';
import { writeAudit } from '../../platform/audit.js';
import type { Narrow } from '../../platform/db/row.js';
import type { AccountRow, LedgerEntryRow, MemberSpendRow, UserRow } from '../../platform/db/rows.js';
import { inTransaction } from '../../platform/db/transaction.js';
import { AppError } from '../../platform/errors.js';
import { publish } from '../../platform/events.js';
import { type App, errorSchema, fileResponse, type PlatformDeps } from '../../platform/http.js';
import { listQuerySchema, rowLimit } from '../../platform/list.js';
import { SignatureError } from '../../providers/payments.js';
import { actorOf } from './actor.js';
import { readBalance } from './ledger.js';
import { changePlan, owedForPlan } from './plans.js';
import { receiptPdf } from './receipt.js';
import { monthlyStatement } from './statement.js';
import { applyIntent } from './top-up.js';
import { type KeepCount, listTransactions, transactionsWhere } from './transactions.js';
import { transactionsCsv } from './transactions-csv.js';
import { accountReference } from './transfers.js';
import type { Payments } from './wiring.js';

const idParams = z.object({ id: z.string().min(1).max(100) });
const transactionsQuery = listQuerySchema(['date', 'type'], ['all']);
const exportQuery = transactionsQuery.pick({ search: true, 'filter.date': true, 'filter.type': true });

const amountField = z
  .number({ error: 'The amount must be a whole number of pence.' })
  .int({ error: 'The amount must be a whole number of pence.' })
  .min(MIN_TOP_UP_PENCE, { error: MONEY_MESSAGES.minimumTopUp })
  .max(MAX_TOP_UP_PENCE, { error: MONEY_MESSAGES.maximumTopUp });

const transactionSchema = z.object({
  id: z.string(),
  date: z.string(),
  type: z.enum(TRANSACTION_TYPES),
  type_label: z.string(),
  amount: z.number().int(),
  held_delta: z.number().int(),
  balance_after: z.number().int(),
  user_name: z.string().nullable(),
  user_email: z.string().nullable(),
  description: z.string(),
  /** What the entry paid for, in words (the letter and its recipient, the parcel and its carrier, the plan). */
  item: z
    .object({ kind: z.enum(['letter', 'parcel', 'plan']), name: z.string(), detail: z.string().nullable() })
    .nullable(),
  service_uuid: z.string().nullable(),
  reference: z.string().nullable(),
  /** The reservation an entry belongs to (a hold, its capture or its release). */
  hold_id: z.string().nullable(),
  has_receipt: z.boolean(),
});

const planSchema = z.object({
  name: z.string(),
  price: z.union([z.number().int(), z.literal('Call')]),
  perks: z.array(z.object({ description: z.string(), included: z.boolean() })),
});

export function registerMoneyRoutes(app: App, deps: PlatformDeps & { payments: Payments }) {
  const { pool, config, payments } = deps;
  const provider = payments.provider;
  // A filtered list's count is kept under the ledger's version (transactions.ts), and dropped when
  // the company's money changes; a search's also when its letters or parcels change (their names
  // are searched).
  const counts = new AccountCache<number>(deps.hub, ['finances']);
  const searchCounts = new AccountCache<number>(deps.hub, ['finances', 'letters', 'parcels']);
  app.addHook('onClose', async () => {
    counts.close();
    searchCounts.close();
  });
  const keepCount: KeepCount = (accountId, key, search, compute) =>
    (search ? searchCounts : counts).get(accountId, key, compute);

  /** The balance is hidden from members without top_up when the company restricts it. */
  function assertMaySeeBalance(auth: AuthContext) {
    if (!canSeeBalance(auth.row.restrict_balance, auth.abilities))
      throw new AppError('PERMISSION_DENIED', MONEY_MESSAGES.balanceHidden);
  }

  app.get(
    '/api/finances/balance',
    {
      schema: {
        tags: ['finances'],
        summary: 'The company balance, what holds reserve of it and what is available (pence)',
        response: {
          200: z.object({
            balance: z.number().int(),
            held: z.number().int(),
            available: z.number().int(),
            crediting: z.boolean(),
          }),
          403: errorSchema,
        },
      },
      config: { access: { kind: 'member' } },
    },
    async (request) => {
      const auth = request.auth!;
      assertMaySeeBalance(auth);
      const [money, crediting] = await Promise.all([
        readBalance(pool, auth.accountId),
        pool.query(
          `select 1 from payment_intents where account_id = $1 and credited_at is null
              and (status = 'processing' or status = 'succeeded') and created_at > now() - interval '1 day' limit 1`,
          [auth.accountId],
        ),
      ]);
      return { ...money, crediting: (crediting.rowCount ?? 0) > 0 };
    },
  );

  app.get(
    '/api/finances/transactions',
    {
      schema: {
        tags: ['finances'],
        summary: 'The company ledger, newest first, a reservation and its charge or release folded into one row',
        description:
          'Filters: `filter.date` (`<ISO from>/<ISO to>`, `..` for an open end), `filter.type` (transaction types). Search covers the description, the letter, the parcel recipient, the user, the reference and the service id. A reservation (`hold`) is listed while open; once charged it shows as its `capture`, once released as its `release` (decision 0031).',
        querystring: transactionsQuery,
        response: {
          200: z.object({
            rows: z.array(transactionSchema),
            count: z.number().int(),
            filter_options: z.object({ type: z.array(z.string()) }),
          }),
          422: errorSchema,
        },
      },
      config: { access: { kind: 'member', anyOf: ['see_finances'] } },
    },
    async (request) => {
      const q = request.query;
      const auth = request.auth!;
      const limit = rowLimit(q.limit);
      const { rows, count } = await listTransactions(
        pool,
        auth.accountId,
        q,
        { limit, offset: q.page * limit },
        keepCount,
      );
      return {
        rows: rows.map((r) => ({
          ...r,
          date: r.date.toISOString(),
          has_receipt: RECEIPT_TYPES.includes(r.type),
        })),
        count,
        filter_options: { type: [...TRANSACTION_TYPES] },
      };
    },
  );

  app.get(
    '/api/finances/transactions/export',
    {
      schema: {
        tags: ['finances'],
        summary: 'The transactions as a CSV file (UTF-8 with a BOM for Excel), with the list filters applied',
        description:
          'The same filters and search as `GET /api/finances/transactions`, every matching row oldest first, streamed. Dates are dd/mm/yyyy (UK time), amounts pounds with 2 decimals.',
        querystring: exportQuery,
        response: { 200: fileResponse('The transactions', 'text/csv'), 422: errorSchema },
      },
      config: { access: { kind: 'member', anyOf: ['see_finances'] } },
    },
    async (request, reply) => {
      const auth = request.auth!;
      const { where } = transactionsWhere(auth.accountId, request.query);
      const stamp = new Date().toISOString().slice(0, 10);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="transactions-${stamp}.csv"`)
        .header('cache-control', 'private, no-store')
        .send(transactionsCsv(pool, where));
    },
  );

  app.get(
    '/api/finances/statement',
    {
      schema: {
        tags: ['finances'],
        summary:
          "A month's statement as a PDF: the company and its account reference, the opening balance, each transaction and the closing balance",
        querystring: z.strictObject({
          month: z
            .string()
            .regex(/^\d{4}-(0[1-9]|1[0-2])$/, { error: 'The month must be yyyy-mm.' })
            .describe('The month, yyyy-mm (UK time)'),
        }),
        response: { 200: fileResponse('The statement', 'application/pdf'), 422: errorSchema },
      },
      config: { access: { kind: 'member', anyOf: ['see_finances'] } },
    },
    async (request, reply) => {
      const auth = request.auth!;
      const { month } = request.query;
      const pdf = await monthlyStatement(pool, auth.accountId, month);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="statement-${month}.pdf"`)
        .header('cache-control', 'private, no-store')
        .send(Buffer.from(pdf));
    },
  );

  app.get(
    '/api/finances/transactions/:id/receipt',
    {
      schema: {
        tags: ['finances'],
        summary: 'A PDF receipt for money received (a card top-up or a bank transfer)',
        params: idParams,
        response: { 200: fileResponse('The receipt', 'application/pdf'), 404: errorSchema },
      },
      config: { access: { kind: 'member', anyOf: ['see_finances'] } },
    },
    async (request, reply) => {
      const auth = request.auth!;
      const { id } = request.params;
      // The condition on type keeps receipt types (RECEIPT_TYPES) only.
      const { rows } = await pool.query<
        Narrow<
          Pick<
            LedgerEntryRow,
            'id' | 'type' | 'amount_pence' | 'created_at' | 'reference' | 'user_name' | 'user_email'
          >,
          { type: 'top_up' | 'bank_transfer' }
        > & { company: AccountRow['name']; account_reference: AccountRow['reference'] }
      >(
        `select e.id, e.type, e.amount_pence, e.created_at, e.reference, e.user_name, e.user_email, a.name as company,
                a.reference as account_reference
           from ledger_entries e join accounts a on a.id = e.account_id
          where e.id = $1 and e.account_id = $2 and e.type = any($3::text[])`,
        [id, auth.accountId, RECEIPT_TYPES],
      );
      const r = rows[0];
      if (!r) throw new AppError('NOT_FOUND');
      const pdf = await receiptPdf({
        issuer: {
          name: config.RECEIPT_ISSUER_NAME,
          address: config.RECEIPT_ISSUER_ADDRESS,
          vatNumber: config.VAT_NUMBER ?? null,
        },
        company: { name: r.company, reference: r.account_reference },
        entry: {
          id: r.id,
          type: r.type,
          amount: Number(r.amount_pence),
          date: r.created_at,
          reference: r.reference,
          user_name: r.user_name,
          user_email: r.user_email,
        },
      });
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="receipt-${r.id}.pdf"`)
        .header('cache-control', 'private, no-store')
        .send(Buffer.from(pdf));
    },
  );

  app.get(
    '/api/finances/spending-caps',
    {
      schema: {
        tags: ['finances'],
        summary: "Each member's monthly spending limit and what they spent this month (pence; 0 = Unlimited)",
        response: {
          200: z.object({
            month: z.string(),
            rows: z.array(
              z.object({
                user_id: z.string(),
                user_name: z.string(),
                email: z.string(),
                cap: z.number().int(),
                override_cap: z.number().int(),
                /** The limit in force (effectiveCap): the override when non-zero, else the cap; 0 = Unlimited. */
                effective_cap: z.number().int(),
                amount_spent: z.number().int(),
                is_owner: z.boolean(),
                is_self: z.boolean(),
              }),
            ),
          }),
        },
      },
      config: { access: { kind: 'member', anyOf: ['see_finances', 'set_spending_cap'] } },
    },
    async (request) => {
      const auth = request.auth!;
      const month = capMonth(new Date());
      const { rows } = await pool.query<
        Pick<UserRow, 'id' | 'name' | 'email' | 'cap_pence' | 'override_cap_pence' | 'roles'> & {
          spent: MemberSpendRow['amount_pence'];
        }
      >(
        `select u.id, u.name, u.email, u.cap_pence, u.override_cap_pence, u.roles, coalesce(ms.amount_pence, 0) as spent
           from users u left join member_spend ms on ms.user_id = u.id and ms.month = $2
          where u.account_id = $1 and u.valid order by lower(u.name), u.id limit 1000`,
        [auth.accountId, month],
      );
      return {
        month,
        rows: rows.map((r) => ({
          user_id: r.id,
          user_name: r.name,
          email: r.email,
          cap: Number(r.cap_pence),
          override_cap: Number(r.override_cap_pence),
          effective_cap: effectiveCap({ cap: Number(r.cap_pence), override_cap: Number(r.override_cap_pence) }) ?? 0,
          amount_spent: Number(r.spent),
          is_owner: r.roles.includes(OWNER_ROLE),
          is_self: r.id === auth.userId,
        })),
      };
    },
  );

  app.get(
    '/api/finances/top-up',
    {
      schema: {
        tags: ['finances'],
        summary:
          'How to pay: the card provider and the bank transfer details (the reference is the account reference, the account id people see: decision 0031)',
        response: {
          200: z.object({
            provider: z.enum(['sandbox', 'stripe']),
            publishable_key: z.string().nullable(),
            min_amount: z.number().int(),
            max_amount: z.number().int(),
            bank: z.object({
              account_name: z.string(),
              sort_code: z.string(),
              account_number: z.string(),
              reference: z.string(),
            }),
          }),
        },
      },
      config: { access: { kind: 'member', anyOf: ['top_up'] } },
    },
    async (request) => ({
      provider: provider.name,
      publishable_key: provider.publishableKey,
      min_amount: MIN_TOP_UP_PENCE,
      max_amount: MAX_TOP_UP_PENCE,
      bank: {
        account_name: config.BANK_ACCOUNT_NAME,
        sort_code: config.BANK_SORT_CODE,
        account_number: config.BANK_ACCOUNT_NUMBER,
        reference: await accountReference(pool, request.auth!.accountId),
      },
    }),
  );

  app.post(
    '/api/finances/intent',
    {
      schema: {
        tags: ['finances'],
        summary: 'Starts a card top-up: a payment intent for the amount (pence) with the card payment method',
        body: z.strictObject({ amount: amountField, payment_method_id: z.string().min(3).max(255) }),
        response: {
          201: z.object({ payment_intent_id: z.string(), client_secret: z.string(), amount: z.number().int() }),
          402: errorSchema,
          422: errorSchema,
        },
      },
      config: { access: { kind: 'member', anyOf: ['top_up'] } },
    },
    async (request, reply) => {
      const auth = request.auth!;
      const body = request.body;
      // One payment method, one amount, one intent: a repeated request (a double click) gets the same intent.
      const idempotencyKey = createHash('sha256')
        .update(`${auth.accountId}|${auth.userId}|${body.payment_method_id}|${body.amount}`)
        .digest('hex');
      let intent: Awaited<ReturnType<typeof provider.createIntent>>;
      try {
        intent = await provider.createIntent({
          amount: body.amount,
          paymentMethodId: body.payment_method_id,
          metadata: { account_id: auth.accountId, user_id: auth.userId },
          idempotencyKey,
        });
      } catch (error) {
        throw payments.toPaymentError(error);
      }
      await pool.query(
        `insert into payment_intents (id, provider, account_id, user_id, user_name, user_email, amount_pence, status)
         values ($1, $2, $3, $4, $5, $6, $7, $8) on conflict (id) do nothing`,
        [
          intent.id,
          provider.name,
          auth.accountId,
          auth.userId,
          auth.row.name,
          auth.row.email,
          body.amount,
          intent.status,
        ],
      );
      return reply
        .status(201)
        .send({ payment_intent_id: intent.id, client_secret: intent.clientSecret, amount: body.amount });
    },
  );

  app.post(
    '/api/finances/topup',
    {
      schema: {
        tags: ['finances'],
        summary:
          'Finishes a card top-up once the browser confirmed the card: the server asks the provider and credits a paid intent once',
        body: z.strictObject({ payment_intent_id: z.string().min(3).max(255) }),
        response: {
          200: z.object({
            status: z.enum(['credited', 'processing']),
            message: z.string(),
            balance: z.number().int(),
          }),
          402: errorSchema,
          404: errorSchema,
          409: errorSchema,
        },
      },
      config: { access: { kind: 'member', anyOf: ['top_up'] } },
    },
    async (request) => {
      const auth = request.auth!;
      const { payment_intent_id: intentId } = request.body;
      const { rows } = await pool.query('select 1 from payment_intents where id = $1 and account_id = $2', [
        intentId,
        auth.accountId,
      ]);
      if (!rows[0]) throw new AppError('NOT_FOUND', 'There is no such payment.');
      const intent = await provider.retrieveIntent(intentId).catch((error: unknown) => {
        throw payments.toPaymentError(error);
      });
      if (!intent) throw new AppError('NOT_FOUND', 'There is no such payment.');
      const applied = await inTransaction(pool, (client) => applyIntent(client, intent, null));
      const { balance } = await readBalance(pool, auth.accountId);
      if (applied?.credited)
        return { status: 'credited' as const, message: MONEY_MESSAGES.topUpCredited(intent.amount), balance };
      if (intent.status === 'processing')
        return { status: 'processing' as const, message: MONEY_MESSAGES.topUpCrediting, balance };
      if (intent.status === 'requires_payment_method' && intent.lastError)
        throw new AppError('PAYMENT_FAILED', intent.lastError.message);
      if (intent.status === 'canceled') throw new AppError('PAYMENT_FAILED', 'The payment was cancelled.');
      throw new AppError('CONFLICT', 'The card has not been confirmed for this payment yet.');
    },
  );

  app.put(
    '/api/accounts/settings/balance',
    {
      schema: {
        tags: ['finances'],
        summary: 'Whether only members with top_up see the balance (the owner sets it)',
        body: z.strictObject({ restrict_balance_to_finance_admins: z.boolean() }),
        response: {
          200: z.object({ restrict_balance_to_finance_admins: z.boolean(), message: z.string() }),
          403: errorSchema,
        },
      },
      config: { access: { kind: 'member', ownerOnly: true } },
    },
    async (request) => {
      const auth = request.auth!;
      const { restrict_balance_to_finance_admins: on } = request.body;
      await inTransaction(pool, async (client) => {
        const { rows } = await client.query<{ before: AccountRow['restrict_balance_to_finance_admins'] }>(
          `update accounts a set restrict_balance_to_finance_admins = $2, updated_at = now()
             from (select restrict_balance_to_finance_admins as before from accounts where id = $1 for update) b
            where a.id = $1 returning b.before`,
          [auth.accountId, on],
        );
        await writeAudit(client, auth, {
          action: 'account.restrict_balance',
          entityType: 'account',
          entityId: auth.accountId,
          before: { restrict_balance_to_finance_admins: rows[0]?.before ?? false },
          after: { restrict_balance_to_finance_admins: on },
        });
        await publish(client, {
          accountId: auth.accountId,
          message: { type: 'refresh', entities: ['me', 'finances'] },
        });
      });
      return { restrict_balance_to_finance_admins: on, message: MONEY_MESSAGES.restrictSaved(on) };
    },
  );

  app.get(
    '/api/plans',
    {
      schema: {
        tags: ['plans'],
        summary: 'The plans: name, monthly price (pence, or "Call") and perks',
        response: { 200: z.array(planSchema) },
      },
      config: { access: { kind: 'public' } },
    },
    async () => PLANS.map((p) => ({ name: p.name, price: p.price, perks: planPerks(p) })),
  );

  app.get(
    '/api/plans/current',
    {
      schema: {
        tags: ['plans'],
        summary: "The company's plan, its period, its health and any unpaid fee (pence)",
        response: {
          200: z.object({
            plan: z.string(),
            price: z.union([z.number().int(), z.literal('Call')]),
            period_start: z.string().nullable(),
            renews_at: z.string().nullable(),
            health: z.object({ status: z.string(), reason: z.string().nullable() }),
            owed: z.number().int(),
          }),
        },
      },
      config: { access: { kind: 'member' } },
    },
    async (request) => {
      const auth = request.auth!;
      const { rows } = await pool.query<
        Pick<AccountRow, 'current_plan' | 'plan_period_start' | 'plan_renews_at' | 'health_status' | 'health_reason'>
      >(
        `select current_plan, plan_period_start, plan_renews_at, health_status, health_reason from accounts where id = $1`,
        [auth.accountId],
      );
      const a = rows[0]!;
      return {
        plan: a.current_plan,
        price: findPlan(a.current_plan)?.price ?? 0,
        period_start: a.plan_period_start ? a.plan_period_start.toISOString() : null,
        renews_at: a.plan_renews_at ? a.plan_renews_at.toISOString() : null,
        health: { status: a.health_status, reason: a.health_reason },
        owed: await owedForPlan(pool, auth.accountId),
      };
    },
  );

  app.put(
    '/api/plans',
    {
      schema: {
        tags: ['plans'],
        summary:
          "Chooses the company's plan; a paid plan's first month is taken from the balance (Enterprise: an info message, nothing changes)",
        body: z.strictObject({ plan: z.string().trim().min(1).max(60) }),
        response: {
          200: z.object({ plan: z.string(), message: z.string(), changed: z.boolean() }),
          400: errorSchema,
          402: errorSchema,
          404: errorSchema,
        },
      },
      config: { access: { kind: 'member', anyOf: ['manage_account'] } },
    },
    async (request) => {
      const auth = request.auth!;
      const { plan } = request.body;
      const mayShowBalance = canSeeBalance(auth.row.restrict_balance, auth.abilities);
      return inTransaction(pool, (client) => changePlan(client, auth.accountId, actorOf(auth), plan, mayShowBalance));
    },
  );

  // The provider's events: authenticated by their signature on the raw body, not by a session.
  app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 512 * 1024 }, (_req, body, done) =>
      done(null, body),
    );
    scope.post(
      '/api/payments/webhook',
      {
        schema: {
          tags: ['payments'],
          summary: "The payment provider's signed events (Stripe's scheme); each event is processed once",
          response: { 200: z.object({ received: z.boolean(), duplicate: z.boolean() }), 400: errorSchema },
        },
        config: { access: { kind: 'public' }, csrfExempt: true },
      },
      async (request) => {
        const raw = request.body;
        if (!Buffer.isBuffer(raw)) throw new AppError('WEBHOOK_INVALID');
        const signature = request.headers['stripe-signature'];
        let event: ReturnType<typeof provider.verifyEvent>;
        try {
          event = provider.verifyEvent(raw, typeof signature === 'string' ? signature : undefined);
        } catch (error) {
          if (error instanceof SignatureError) throw new AppError('WEBHOOK_INVALID', error.message);
          throw error;
        }
        const duplicate = await inTransaction(pool, async (client) => {
          const fresh = await client.query(
            `insert into payment_events (id, provider, type, created_at) values ($1, $2, $3, to_timestamp($4))
             on conflict do nothing`,
            [event.id, provider.name, event.type, event.created],
          );
          if (fresh.rowCount === 0) return true;
          if (event.intent && event.type.startsWith('payment_intent.'))
            await applyIntent(client, event.intent, new Date(event.created * 1000));
          return false;
        });
        return { received: true, duplicate };
      },
    );
  });
}
