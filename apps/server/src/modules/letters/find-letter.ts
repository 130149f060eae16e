import type pg from 'pg';
import type { AuthContext } from '../../platform/access.js';
import { Where } from '../../platform/list.js';
import { addLetterScope, type LetterScope, letterScope } from './visibility.js';

/**
 * Who reads a letter: a member (their company, and for a supervisor without see_letters the letters
 * of the departments they supervise, visibility.ts), or a company and a scope already worked out.
 */
export type LetterReader = Pick<AuthContext, 'userId' | 'accountId' | 'abilities'> | ScopedLetterReader;
export interface ScopedLetterReader {
  accountId: string;
  scope: LetterScope;
}

export interface FindLetterOptions {
  /** Locks the letter's row for the caller's transaction (`for update`). */
  forUpdate?: boolean;
  /** A letter in the trash reads as not found. */
  notTrashed?: boolean;
  /** Joins the letter's creator as `u` (users), for columns such as `u.email`. */
  withCreator?: boolean;
}

const isScoped = (reader: LetterReader): reader is ScopedLetterReader => 'scope' in reader;

/**
 * The one read of a single letter a member asked for: `columns` (a select list over `letters l`)
 * of the letter with this id in the reader's company and within what the reader sees, or null (the
 * caller answers 404), so another company's letter and one outside a supervisor's departments are
 * alike "not found" (decision 0012).
 */
export async function findLetter<T extends pg.QueryResultRow>(
  q: pg.Pool | pg.ClientBase,
  reader: LetterReader,
  id: string,
  columns: string,
  options: FindLetterOptions = {},
): Promise<T | null> {
  const where = new Where().add('l.id = ?', id).add('l.account_id = ?', reader.accountId);
  addLetterScope(where, isScoped(reader) ? reader.scope : await letterScope(q, reader), reader.accountId);
  if (options.notTrashed) where.add('not l.mark_for_deletion');
  const join = options.withCreator ? ' left join users u on u.id = l.creator_id' : '';
  const lock = options.forUpdate ? ' for update of l' : '';
  const { rows } = await q.query<T>(`select ${columns} from letters l${join} ${where}${lock}`, where.params);
  return rows[0] ?? null;
}
