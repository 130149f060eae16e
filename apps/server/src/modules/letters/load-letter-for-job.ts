import type pg from 'pg';

/**
 * A job's read of the letter it works on (analysis, split, auto-deliver, a delivery's sync): by id
 * alone, with no member and so no visibility; `columns` is a select list over `letters l`. Null
 * when the letter was deleted meanwhile. What a member asked for is read with findLetter.
 */
export async function loadLetterForJob<T extends pg.QueryResultRow>(
  q: pg.Pool | pg.ClientBase,
  id: string,
  columns: string,
  options: { forUpdate?: boolean } = {},
): Promise<T | null> {
  const { rows } = await q.query<T>(
    `select ${columns} from letters l where l.id = $1${options.forUpdate ? ' for update of l' : ''}`,
    [id],
  );
  return rows[0] ?? null;
}
