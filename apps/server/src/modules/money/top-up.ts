import { formatPounds } from '@lp/domain';
import type pg from 'pg';
import type { PaymentIntentRow } from '../../platform/db/rows.js';
import { publish } from '../../platform/events.js';
import { emitEvent } from '../../platform/webhook-outbox.js';
import type { ProviderIntent } from '../../providers/payments.js';
import { credit, type Entry } from './ledger.js';
import { lockAccount, retryOwedPlan } from './plans.js';

type Q = pg.ClientBase;

export interface Applied {
  accountId: string;
  status: string;
  credited: boolean;
  /** True when this call credited the balance (false: it already was, or it is not paid). */
  creditedNow: boolean;
  entry: Entry | null;
  lastError: string | null;
}

/**
 * Applies what the provider says about a top-up: the one path from a paid intent to the balance,
 * taken by the verified webhook event and by the server's own look-up after the browser confirms.
 * The intent's row is locked, and the balance is credited only once (credited_at and the ledger
 * key `topup:<intent>` both guard it). An older event never undoes a newer state; a paid intent
 * stays paid whatever arrives after it. Null for an intent we did not create.
 */
export async function applyIntent(q: Q, intent: ProviderIntent, eventAt: Date | null): Promise<Applied | null> {
  const { rows } = await q.query<PaymentIntentRow>('select * from payment_intents where id = $1 for update', [
    intent.id,
  ]);
  const row = rows[0];
  if (!row) return null;
  const accountId = row.account_id;
  const base = { accountId, lastError: intent.lastError?.message ?? null };
  if (row.credited_at) return { ...base, status: 'succeeded', credited: true, creditedNow: false, entry: null };
  if (intent.status === 'succeeded') {
    // The provider's amount is what was paid; a mismatch with what we asked for is never credited silently.
    if (intent.amount !== Number(row.amount_pence) || intent.currency.toLowerCase() !== 'gbp') {
      await q.query(`update payment_intents set status = 'amount_mismatch', updated_at = now() where id = $1`, [
        row.id,
      ]);
      return { ...base, status: 'amount_mismatch', credited: false, creditedNow: false, entry: null };
    }
    const entry = await receiveFunds(q, {
      accountId,
      key: `topup:${row.id}`,
      amount: intent.amount,
      type: 'top_up',
      actor: row.user_id ? { userId: row.user_id, name: row.user_name ?? '', email: row.user_email ?? '' } : null,
      description: `Card top-up of ${formatPounds(intent.amount)}`,
      reference: row.id,
    });
    await q.query(
      `update payment_intents set status = 'succeeded', credited_at = now(), ledger_entry_id = $2, last_error = null,
              last_event_at = greatest(last_event_at, $3), updated_at = now() where id = $1`,
      [row.id, entry.id, eventAt],
    );
    if (!entry.replayed)
      await emitEvent(q, accountId, 'payment.succeeded', {
        payment_intent_id: row.id,
        amount_pence: intent.amount,
        currency: 'gbp',
        transaction_id: entry.id,
        balance_pence: entry.balance_after_pence,
        created_at: entry.created_at.toISOString(),
      });
    return { ...base, status: 'succeeded', credited: true, creditedNow: !entry.replayed, entry };
  }
  const newer = eventAt === null || row.last_event_at === null || eventAt >= row.last_event_at;
  if (newer && intent.status !== row.status) {
    await q.query(
      `update payment_intents set status = $2, last_error = $3, last_event_at = coalesce($4, last_event_at), updated_at = now()
        where id = $1`,
      [row.id, intent.status, intent.lastError?.message ?? null, eventAt],
    );
    await publish(q, { accountId, message: { type: 'refresh', entities: ['finances'] } });
  }
  return { ...base, status: newer ? intent.status : row.status, credited: false, creditedNow: false, entry: null };
}

/**
 * Money received (a card top-up, a bank transfer): credited once per key, then a company suspended
 * for an unpaid plan fee pays it at once if it now can, in the same transaction.
 */
export async function receiveFunds(q: Q, m: Parameters<typeof credit>[1]): Promise<Entry & { planRenewed: boolean }> {
  // The account first, as the plan paths take it (decision 0015, lock order).
  await lockAccount(q, m.accountId);
  const entry = await credit(q, m);
  const planRenewed = entry.replayed ? false : await retryOwedPlan(q, m.accountId);
  await publish(q, { accountId: m.accountId, message: { type: 'refresh', entities: ['finances', 'me'] } });
  return { ...entry, planRenewed };
}
