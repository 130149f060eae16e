import {
  CALL_PLAN,
  FREE_PLAN,
  findPlan,
  formatPounds,
  isSuspendedForFunds,
  MESSAGES,
  PLAN_MESSAGES,
  planFee,
  SUSPENSION_REASON_FUNDS,
} from '@lp/domain';
import type pg from 'pg';
import { writeAudit } from '../../platform/audit.js';
import type { Narrow } from '../../platform/db/row.js';
import type { AccountRow, PlanPeriodRow, UserRow } from '../../platform/db/rows.js';
import { inTransaction } from '../../platform/db/transaction.js';
import { AppError } from '../../platform/errors.js';
import { publish } from '../../platform/events.js';
import { notifyUsers } from '../notifications/index.js';
import { type Actor, charge, type Entry, readBalance, refund } from './ledger.js';

/**
 * Plans (decision 0015): a paid plan is charged from the balance when chosen and each month after,
 * one charge per company per period (the period's row and the ledger key both say so). A renewal
 * that finds too little money suspends the account with plan_payment_insufficient_funds; a top-up
 * that covers the fee pays it at once and lifts the suspension, and so does choosing Basic. Nothing
 * else sets or clears a suspension.
 */

export const RENEW_TASK = 'renew_plan';

type Q = pg.ClientBase;

type AccountPlanRow = Pick<
  AccountRow,
  'id' | 'name' | 'current_plan' | 'health_status' | 'health_reason' | 'plan_period_start' | 'plan_renews_at'
>;

/**
 * The company's row, locked first by every plan path and by money received (then the ledger's own
 * locks follow), so a renewal and a top-up never wait for each other in opposite orders. "No key
 * update": the ledger's inserts take a key-share lock on this row (their foreign key), which a
 * plain FOR UPDATE would block.
 */
export async function lockAccount(q: Q, accountId: string): Promise<AccountPlanRow> {
  const { rows } = await q.query<AccountPlanRow>(
    `select id, name, current_plan, health_status, health_reason, plan_period_start, plan_renews_at
       from accounts where id = $1 for no key update`,
    [accountId],
  );
  if (!rows[0]) throw new AppError('NOT_FOUND');
  return rows[0];
}

/** A plan charge's ledger key: the period it pays for (a company's periods never share a start). */
const planKey = (accountId: string, periodStart: Date) => `plan:${accountId}:${periodStart.toISOString()}`;

/**
 * The start of a period chosen now: the clock's second, or one millisecond after the company's
 * latest period when that is as late (Pro, Basic, Pro within a second; a renewal due this very
 * second). A period's start is its row's key and its charge's and refund's ledger keys, so two
 * periods sharing one would answer the earlier charge instead of taking the new one (issue 24
 * item 6). Called under the account's lock, so no concurrent change picks the same start.
 */
async function newPeriodStart(q: Q, accountId: string, now: Date): Promise<Date> {
  const { rows } = await q.query<{ start: Date }>(
    `select greatest($2::timestamptz, date_trunc('milliseconds', max(period_start)) + interval '1 millisecond') as start
       from plan_periods where account_id = $1`,
    [accountId, now],
  );
  return rows[0]!.start;
}

/** One month after `at` in the database's calendar arithmetic (31 January + 1 month = 28 or 29 February). */
async function oneMonthAfter(q: Q, at: Date): Promise<Date> {
  const { rows } = await q.query<{ next: Date }>(`select $1::timestamptz + interval '1 month' as next`, [at]);
  return rows[0]!.next;
}

/** Queues the renewal job for the due date (keyed: a new date replaces the old job). */
async function scheduleRenewal(q: Q, accountId: string, at: Date | null) {
  if (at === null) {
    await q.query('select graphile_worker.remove_job($1)', [`plan-renewal:${accountId}`]);
    return;
  }
  await q.query(`select graphile_worker.add_job($1, $2::json, run_at => $3, job_key => $4, max_attempts => 25)`, [
    RENEW_TASK,
    JSON.stringify({ accountId }),
    at,
    `plan-renewal:${accountId}`,
  ]);
}

/** Members who may act on the company's money: the owner and those with manage_account or top_up. */
async function moneyAdmins(q: Q, accountId: string): Promise<string[]> {
  const { rows } = await q.query<Pick<UserRow, 'id'>>(
    `select id from users where account_id = $1 and valid
        and ('owner' = any(roles) or permissions::text like '%"manage_account"%' or permissions::text like '%"top_up"%')`,
    [accountId],
  );
  return rows.map((r) => r.id);
}

async function tryCharge(q: Q, work: () => Promise<Entry>): Promise<Entry | null> {
  await q.query('savepoint plan_charge');
  try {
    const entry = await work();
    await q.query('release savepoint plan_charge');
    return entry;
  } catch (error) {
    await q.query('rollback to savepoint plan_charge');
    if (error instanceof AppError && error.code === 'INSUFFICIENT_FUNDS') return null;
    throw error;
  }
}

const auditActor = (accountId: string, actor: Actor) => ({
  accountId,
  userId: actor.userId,
  row: { email: actor.email },
});

export interface PlanChange {
  plan: string;
  message: string;
  changed: boolean;
}

/**
 * Chooses a plan for the company (manage_account), charging its first month from the balance. A
 * refusal for want of funds names the available balance only to one who may see it.
 */
export async function changePlan(
  q: Q,
  accountId: string,
  actor: Actor,
  planName: string,
  mayShowBalance = false,
): Promise<PlanChange> {
  const plan = findPlan(planName);
  if (!plan) throw new AppError('NOT_FOUND', PLAN_MESSAGES.unknownPlan(planName));
  const account = await lockAccount(q, accountId);
  if (plan.name === account.current_plan) throw new AppError('BAD_REQUEST', PLAN_MESSAGES.alreadyOnPlan(plan.name));
  const suspended = isSuspendedForFunds({ status: account.health_status, reason: account.health_reason });
  if (suspended && plan.name !== FREE_PLAN) throw new AppError('BAD_REQUEST', PLAN_MESSAGES.suspendedOnlyBasic);
  if (plan.name === CALL_PLAN) {
    // Enterprise is agreed with our team: the request is recorded and the plan stays as it is.
    await writeAudit(q, auditActor(accountId, actor), {
      action: 'plan.enterprise_requested',
      entityType: 'account',
      entityId: accountId,
      before: { plan: account.current_plan },
      after: { plan: plan.name },
    });
    return { plan: plan.name, message: PLAN_MESSAGES.enterprise, changed: false };
  }
  const now = new Date();
  now.setMilliseconds(0);
  // The unused part of a paid period comes back first (by the second), so it can pay for the new plan.
  const current = await paidPeriod(q, accountId, account);
  if (current && account.plan_renews_at && account.plan_renews_at > now) {
    const total = account.plan_renews_at.getTime() - current.period_start.getTime();
    // A period started a few milliseconds ahead of the clock (see newPeriodStart) is unused whole.
    const left = Math.min(total, account.plan_renews_at.getTime() - now.getTime());
    const back = Math.floor((current.amount_pence * left) / total);
    if (back > 0)
      await refund(q, {
        accountId,
        key: `plan-refund:${accountId}:${current.period_start.toISOString()}`,
        entryId: current.ledger_entry_id,
        amount: back,
        type: 'plan_refund',
        actor,
        description: `Unused part of the ${current.plan} plan (changed to ${plan.name})`,
      });
  }
  const fee = planFee(plan);
  let renewsAt: Date | null = null;
  let entry: Entry | null = null;
  const start = fee > 0 ? await newPeriodStart(q, accountId, now) : null;
  if (start) {
    entry = await tryCharge(q, () =>
      charge(q, {
        accountId,
        key: planKey(accountId, start),
        amount: fee,
        type: 'plan_charge',
        actor,
        capped: false,
        description: `${plan.name} plan, first month`,
        serviceId: plan.name,
        reference: `plan-period:${start.toISOString()}`,
      }),
    );
    if (!entry) {
      const { available } = await readBalance(q, accountId);
      throw new AppError(
        'INSUFFICIENT_FUNDS',
        PLAN_MESSAGES.insufficientFunds(
          plan.name,
          formatPounds(fee),
          mayShowBalance ? formatPounds(Math.max(0, available)) : null,
        ),
      );
    }
    renewsAt = await oneMonthAfter(q, start);
    await q.query(
      `insert into plan_periods (account_id, period_start, plan, amount_pence, status, ledger_entry_id, paid_at)
       values ($1, $2, $3, $4, 'paid', $5, now())`,
      [accountId, start, plan.name, fee, entry.id],
    );
  }
  // Choosing Basic settles an unpaid fee by not owing it: the period is waived and the account active.
  await q.query(`update plan_periods set status = 'waived' where account_id = $1 and status = 'unpaid'`, [accountId]);
  await q.query(
    `update accounts set current_plan = $2, plan_period_start = $3, plan_renews_at = $4,
            health_status = case when $5 then 'active' else health_status end,
            health_reason = case when $5 then null else health_reason end, updated_at = now()
      where id = $1`,
    [accountId, plan.name, start, renewsAt, suspended],
  );
  await scheduleRenewal(q, accountId, renewsAt);
  await writeAudit(q, auditActor(accountId, actor), {
    action: 'plan.changed',
    entityType: 'account',
    entityId: accountId,
    before: { plan: account.current_plan, health: account.health_status },
    after: { plan: plan.name, health: suspended ? 'active' : account.health_status },
  });
  await publish(q, { accountId, message: { type: 'refresh', entities: ['me', 'finances', 'plans'] } });
  const message =
    plan.name === FREE_PLAN
      ? PLAN_MESSAGES.downgraded
      : fee > 0
        ? PLAN_MESSAGES.changedAndCharged(plan.name, formatPounds(fee))
        : PLAN_MESSAGES.changed(plan.name);
  return { plan: plan.name, message, changed: true };
}

async function paidPeriod(q: Q, accountId: string, account: AccountPlanRow) {
  if (!account.plan_period_start) return null;
  const { rows } = await q.query<
    // The condition keeps periods with their ledger entry only.
    Narrow<
      Pick<PlanPeriodRow, 'period_start' | 'plan' | 'amount_pence' | 'ledger_entry_id'>,
      { ledger_entry_id: string }
    >
  >(
    `select period_start, plan, amount_pence, ledger_entry_id from plan_periods
      where account_id = $1 and period_start = $2 and status = 'paid' and ledger_entry_id is not null`,
    [accountId, account.plan_period_start],
  );
  const r = rows[0];
  return r ? { ...r, amount_pence: Number(r.amount_pence) } : null;
}

export type RenewalOutcome = 'not_due' | 'paid' | 'suspended' | 'already_paid' | 'free';

/**
 * Charges the period that is due (the renewal job, the sweep and the CLI all come here). Exactly
 * one charge per company per period: the account row is locked, the period's row is the record,
 * and the ledger key is the period's.
 */
export async function renewPlan(pool: pg.Pool, accountId: string, now = new Date()): Promise<RenewalOutcome> {
  return inTransaction(pool, async (q) => {
    const account = await lockAccount(q, accountId);
    if (!account.plan_renews_at || account.plan_renews_at > now) return 'not_due';
    if (isSuspendedForFunds({ status: account.health_status, reason: account.health_reason })) return 'suspended';
    const plan = findPlan(account.current_plan);
    const fee = plan ? planFee(plan) : 0;
    const periodStart = account.plan_renews_at;
    if (!plan || fee === 0) {
      await q.query('update accounts set plan_renews_at = null, plan_period_start = null where id = $1', [accountId]);
      return 'free';
    }
    const inserted = await q.query(
      `insert into plan_periods (account_id, period_start, plan, amount_pence, status)
       values ($1, $2, $3, $4, 'unpaid') on conflict do nothing`,
      [accountId, periodStart, plan.name, fee],
    );
    if (inserted.rowCount === 0) {
      const { rows } = await q.query<Pick<PlanPeriodRow, 'status'>>(
        'select status from plan_periods where account_id = $1 and period_start = $2',
        [accountId, periodStart],
      );
      if (rows[0]?.status === 'paid') return 'already_paid';
    }
    const entry = await tryCharge(q, () => chargePeriod(q, accountId, plan.name, fee, periodStart, 'renewal'));
    if (entry) {
      const next = await oneMonthAfter(q, periodStart);
      await markPaid(q, accountId, periodStart, entry, periodStart, next);
      await publish(q, { accountId, message: { type: 'refresh', entities: ['finances', 'plans'] } });
      return 'paid';
    }
    await q.query(
      `update accounts set health_status = 'suspended', health_reason = $2, updated_at = now() where id = $1`,
      [accountId, SUSPENSION_REASON_FUNDS],
    );
    await notifyUsers(q, {
      accountId,
      userIds: await moneyAdmins(q, accountId),
      sender: 'Billing',
      description: `${MESSAGES.suspended(plan.name)} Top up ${formatPounds(fee)} or choose the Basic plan.`,
      highlight: true,
    });
    await publish(q, { accountId, message: { type: 'refresh', entities: ['me', 'finances', 'plans'] } });
    return 'suspended';
  });
}

function chargePeriod(q: Q, accountId: string, plan: string, fee: number, periodStart: Date, why: string) {
  return charge(q, {
    accountId,
    key: planKey(accountId, periodStart),
    amount: fee,
    type: 'plan_charge',
    actor: null,
    capped: false,
    description: `${plan} plan, monthly ${why}`,
    serviceId: plan,
    reference: `plan-period:${periodStart.toISOString()}`,
  });
}

async function markPaid(q: Q, accountId: string, periodStart: Date, entry: Entry, paidFrom: Date, next: Date) {
  await q.query(
    `update plan_periods set status = 'paid', ledger_entry_id = $3, paid_at = now()
      where account_id = $1 and period_start = $2`,
    [accountId, periodStart, entry.id],
  );
  await q.query(
    `update accounts set plan_period_start = $2, plan_renews_at = $3, health_status = 'active', health_reason = null,
            updated_at = now() where id = $1`,
    [accountId, paidFrom, next],
  );
  await scheduleRenewal(q, accountId, next);
}

/**
 * After money arrives: a company suspended for an unpaid fee pays it now if it can, and becomes
 * active again; its next period starts today (it had no service while suspended). In the caller's
 * transaction (the top-up's), so the credit and the renewal commit together.
 */
export async function retryOwedPlan(q: Q, accountId: string): Promise<boolean> {
  const account = await lockAccount(q, accountId);
  if (!isSuspendedForFunds({ status: account.health_status, reason: account.health_reason })) return false;
  const { rows } = await q.query<Pick<PlanPeriodRow, 'period_start' | 'plan' | 'amount_pence'>>(
    `select period_start, plan, amount_pence from plan_periods
      where account_id = $1 and status = 'unpaid' order by period_start desc limit 1`,
    [accountId],
  );
  const owed = rows[0];
  if (!owed) return false;
  const entry = await tryCharge(q, () =>
    chargePeriod(q, accountId, owed.plan, Number(owed.amount_pence), owed.period_start, 'fee (paid after a top-up)'),
  );
  if (!entry) return false;
  const now = new Date();
  now.setMilliseconds(0);
  await markPaid(q, accountId, owed.period_start, entry, now, await oneMonthAfter(q, now));
  await publish(q, { accountId, message: { type: 'refresh', entities: ['me', 'finances', 'plans'] } });
  return true;
}

/** What the company owes for its plan (pence): an unpaid period's fee, else 0. */
export async function owedForPlan(q: Q | pg.Pool, accountId: string): Promise<number> {
  const { rows } = await q.query<Pick<PlanPeriodRow, 'amount_pence'>>(
    `select amount_pence from plan_periods where account_id = $1 and status = 'unpaid' order by period_start desc limit 1`,
    [accountId],
  );
  return Number(rows[0]?.amount_pence ?? 0);
}

/** Renews every company whose period is due (the sweep's safety net under the keyed jobs, and the CLI). */
export async function renewDuePlans(pool: pg.Pool, now = new Date()): Promise<Record<RenewalOutcome, number>> {
  const { rows } = await pool.query<Pick<AccountRow, 'id'>>(
    `select id from accounts where plan_renews_at <= $1 and health_status = 'active' order by plan_renews_at limit 500`,
    [now],
  );
  const outcomes: Record<RenewalOutcome, number> = { not_due: 0, paid: 0, suspended: 0, already_paid: 0, free: 0 };
  for (const { id } of rows) outcomes[await renewPlan(pool, id, now)]++;
  return outcomes;
}
