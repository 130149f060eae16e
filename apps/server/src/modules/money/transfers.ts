import { findAccountReference } from '@lp/domain';
import type pg from 'pg';
import type { AccountRow } from '../../platform/db/rows.js';
import type { Entry } from './ledger.js';
import { receiveFunds } from './top-up.js';

type Q = pg.ClientBase | pg.Pool;

/**
 * The company a bank transfer is for (decision 0031), from the reference the payer gave: the
 * account reference ("LP-7K3M-9QXD-2R4"), in any case, with or without spaces and hyphens, alone or
 * inside other words ("INV 4471 lp 7k3m 9qxd 2r4"); or the full account id, which companies were
 * told to use before. Null when neither names a company.
 */
export async function findTransferAccount(
  q: Q,
  payerReference: string,
): Promise<Pick<AccountRow, 'id' | 'name'> | null> {
  const text = payerReference.trim();
  if (text === '' || text.length > 500 || text.includes('\u0000')) return null;
  const reference = findAccountReference(text);
  if (reference) {
    const { rows } = await q.query<Pick<AccountRow, 'id' | 'name'>>(
      'select id, name from accounts where reference = $1',
      [reference],
    );
    if (rows[0]) return rows[0];
  }
  const id = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i.exec(text)?.[0]?.toLowerCase() ?? text;
  const { rows } = await q.query<Pick<AccountRow, 'id' | 'name'>>('select id, name from accounts where id = $1', [id]);
  return rows[0] ?? null;
}

export interface TransferReceived {
  /** What the payer wrote as the reference (the account reference, or the account id). */
  payerReference: string;
  /** The bank's own id of the payment: a payment is credited once per id. */
  bankReference: string;
  amount: number;
  payer?: string | null;
}

/**
 * Credits a bank transfer received to the company its reference names, once per bank reference
 * (in the caller's transaction). Null when the reference names no company: the money waits for an
 * operator to match it by hand.
 */
export async function recordBankTransfer(
  q: pg.ClientBase,
  t: TransferReceived,
): Promise<(Entry & { planRenewed: boolean; accountId: string }) | null> {
  const account = await findTransferAccount(q, t.payerReference);
  if (!account) return null;
  const entry = await receiveFunds(q, {
    accountId: account.id,
    key: `transfer:${t.bankReference}`,
    amount: t.amount,
    type: 'bank_transfer',
    actor: null,
    description: `Bank transfer${t.payer ? ` from ${t.payer}` : ''}`,
    reference: t.bankReference,
  });
  return { ...entry, accountId: account.id };
}

/** The company's account reference: the account id people see and the bank transfer reference. */
export async function accountReference(q: Q, accountId: string): Promise<string> {
  const { rows } = await q.query<Pick<AccountRow, 'reference'>>('select reference from accounts where id = $1', [
    accountId,
  ]);
  if (!rows[0]) throw new Error(`no company ${accountId}`);
  return rows[0].reference;
}
