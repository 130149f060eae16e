import type pg from 'pg';

export interface Breach {
  check: string;
  account_id: string | null;
  detail: string;
}

/**
 * Checks the storage invariants (a company's usage is the sum of its stored files; a folder's
 * totals are what is below it) and the ledger's invariants over every company (or one): each balance row equals the sum of
 * its entries (posted and held, and the entry count), what is held equals the open holds, no hold
 * was both captured and released and each settled hold has exactly its one settlement, nothing
 * available is negative, and no top-up, transfer or plan period was credited or charged twice.
 * An empty list means the books balance.
 */
export async function reconcile(q: pg.Pool | pg.ClientBase, accountId: string | null = null): Promise<Breach[]> {
  const checks: Array<[string, string]> = [
    [
      'storage usage equals the stored files',
      `select a.id as account_id, format('usage %s, files %s', coalesce(u.used_bytes, 0), coalesce(f.bytes, 0)) as detail
         from accounts a
         left join storage_usage u on u.account_id = a.id
         left join (select account_id, sum(size_bytes) as bytes from storage_items where blob_key is not null
                     group by account_id) f on f.account_id = a.id
        where ($1::text is null or a.id = $1) and coalesce(u.used_bytes, 0) <> coalesce(f.bytes, 0)`,
    ],
    [
      "a folder's totals equal what is below it",
      `select f.account_id, format('folder %s: %s files, %s bytes; below it %s files, %s bytes', f.id, f.num_files,
              f.size_bytes, count(c.id), coalesce(sum(c.size_bytes), 0)) as detail
         from storage_items f
         left join storage_items c on c.ancestors @> array[f.id] and c.kind = 'file'
        where ($1::text is null or f.account_id = $1) and f.kind <> 'file'
        group by f.id, f.account_id, f.num_files, f.size_bytes
       having f.num_files <> count(c.id) or f.size_bytes <> coalesce(sum(c.size_bytes), 0)`,
    ],
    [
      'balance equals its entries',
      `select b.account_id, format('balance %s held %s entries %s; the ledger says %s, %s, %s', b.balance_pence, b.held_pence,
              b.entry_count, coalesce(e.posted, 0), coalesce(e.held, 0), coalesce(e.n, 0)) as detail
         from account_balances b
         left join (select account_id, sum(amount_pence) as posted, sum(held_delta_pence) as held, count(*) as n
                      from ledger_entries group by account_id) e on e.account_id = b.account_id
        where ($1::text is null or b.account_id = $1)
          and (b.balance_pence <> coalesce(e.posted, 0) or b.held_pence <> coalesce(e.held, 0) or b.entry_count <> coalesce(e.n, 0))
       union all
       select e.account_id, 'entries without a balance row' from ledger_entries e
        where ($1::text is null or e.account_id = $1)
          and not exists (select 1 from account_balances b where b.account_id = e.account_id)
        group by e.account_id`,
    ],
    [
      'held equals the open holds',
      `select b.account_id, format('held %s, open holds %s', b.held_pence, coalesce(h.open, 0)) as detail
         from account_balances b
         left join (select account_id, sum(amount_pence) as open from holds where status = 'open' group by account_id) h
           on h.account_id = b.account_id
        where ($1::text is null or b.account_id = $1) and b.held_pence <> coalesce(h.open, 0)`,
    ],
    [
      'a hold is captured or released, never both',
      `select h.account_id, format('hold %s (%s): %s captures, %s releases', h.id, h.status,
              count(*) filter (where e.type = 'capture'), count(*) filter (where e.type = 'release')) as detail
         from holds h left join ledger_entries e on e.hold_id = h.id and e.type in ('capture', 'release')
        where ($1::text is null or h.account_id = $1)
        group by h.id, h.account_id, h.status
       having count(*) filter (where e.type = 'capture') + count(*) filter (where e.type = 'release') > 1
           or (h.status = 'captured' and count(*) filter (where e.type = 'capture') <> 1)
           or (h.status = 'released' and count(*) filter (where e.type = 'release') <> 1)
           or (h.status = 'open' and count(e.id) > 0)`,
    ],
    [
      'no negative available balance',
      `select account_id, format('balance %s, held %s', balance_pence, held_pence) as detail from account_balances
        where ($1::text is null or account_id = $1) and (balance_pence - held_pence < 0 or held_pence < 0)
       union all
       select account_id, format('entry %s left the balance at %s', id, balance_after_pence) from ledger_entries
        where ($1::text is null or account_id = $1) and balance_after_pence < 0`,
    ],
    [
      'money received is credited once',
      `select account_id, format('%s credited %s times', reference, count(*)) as detail from ledger_entries
        where ($1::text is null or account_id = $1) and type in ('top_up', 'bank_transfer') and reference is not null
        group by account_id, type, reference having count(*) > 1`,
    ],
    [
      'a plan period is charged once',
      `select account_id, format('%s charged %s times', reference, count(*)) as detail from ledger_entries
        where ($1::text is null or account_id = $1) and type = 'plan_charge' and reference is not null
        group by account_id, reference having count(*) > 1`,
    ],
    [
      'a credited top-up has its entry',
      `select p.account_id, format('payment %s is marked credited without its entry', p.id) as detail from payment_intents p
        where ($1::text is null or p.account_id = $1) and p.credited_at is not null
          and not exists (select 1 from ledger_entries e where e.id = p.ledger_entry_id and e.type = 'top_up')`,
    ],
  ];
  const breaches: Breach[] = [];
  for (const [check, sql] of checks) {
    const { rows } = await q.query<{ account_id: string | null; detail: string }>(sql, [accountId]);
    for (const r of rows) breaches.push({ check, account_id: r.account_id, detail: r.detail });
  }
  return breaches;
}
