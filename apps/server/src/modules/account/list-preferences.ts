import { type ListPreferences, type ListPreferencesUpdate, readListPreferences } from '@lp/domain';
import type pg from 'pg';
import type { UserRow } from '../../platform/db/rows.js';
import { inTransaction } from '../../platform/db/transaction.js';
import { AppError } from '../../platform/errors.js';

/** The signed-in user's list preferences, every key present (defaults for what was never chosen). */
export async function getListPreferences(pool: pg.Pool, userId: string): Promise<ListPreferences> {
  const { rows } = await pool.query<Pick<UserRow, 'list_preferences'>>(
    'select list_preferences from users where id = $1',
    [userId],
  );
  if (!rows[0]) throw new AppError('NOT_FOUND');
  return readListPreferences(rows[0].list_preferences);
}

/**
 * Merges the keys sent onto the stored preferences. The stored map is rewritten from the catalogue
 * only, so nothing outside it (from an older version or a hand edit) survives a save.
 */
export async function saveListPreferences(
  pool: pg.Pool,
  userId: string,
  update: ListPreferencesUpdate,
): Promise<ListPreferences> {
  return inTransaction(pool, async (client) => {
    const { rows } = await client.query<Pick<UserRow, 'list_preferences'>>(
      'select list_preferences from users where id = $1 for update',
      [userId],
    );
    if (!rows[0]) throw new AppError('NOT_FOUND');
    const next: ListPreferences = { ...readListPreferences(rows[0].list_preferences) };
    for (const [key, value] of Object.entries(update) as [keyof ListPreferences, boolean | undefined][]) {
      if (typeof value === 'boolean') next[key] = value;
    }
    await client.query('update users set list_preferences = $2::jsonb, updated_at = now() where id = $1', [
      userId,
      JSON.stringify(next),
    ]);
    return next;
  });
}
