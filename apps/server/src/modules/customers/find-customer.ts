import type pg from 'pg';

/**
 * The one read of a single customer by id: `columns` (a select list over `customers c`) of the
 * customer with this id in the company, or null (the caller answers 404 or ignores it), so another
 * company's customer reads as none. Customers have no per-member visibility: the route's permission
 * is the whole rule.
 */
export async function findCustomer<T extends pg.QueryResultRow>(
  q: pg.Pool | pg.ClientBase,
  accountId: string,
  id: string,
  columns: string,
  options: { forUpdate?: boolean } = {},
): Promise<T | null> {
  const { rows } = await q.query<T>(
    `select ${columns} from customers c where c.id = $1 and c.account_id = $2${options.forUpdate ? ' for update of c' : ''}`,
    [id, accountId],
  );
  return rows[0] ?? null;
}
