import type { Profile, ProfileUpdate } from '@lp/domain';
import type pg from 'pg';
import type { AuthContext } from '../../platform/access.js';
import { writeAudit } from '../../platform/audit.js';
import type { UserRow } from '../../platform/db/rows.js';
import { inTransaction } from '../../platform/db/transaction.js';
import { AppError } from '../../platform/errors.js';
import { publish } from '../../platform/events.js';

const SELECT = `select name as user_name, email as email_address, job_title, phone_number from users where id = $1`;
type ProfileRow = { user_name: UserRow['name']; email_address: UserRow['email'] } & Pick<
  UserRow,
  'job_title' | 'phone_number'
>;

/** The signed-in user's own profile; the id comes from the session, never from the request. */
export async function getProfile(pool: pg.Pool, userId: string): Promise<Profile> {
  const { rows } = await pool.query<ProfileRow>(SELECT, [userId]);
  if (!rows[0]) throw new AppError('NOT_FOUND');
  return rows[0];
}

/** Saves the user's name, job title and phone number, with an audit row and a refresh of the users lists in the same transaction. */
export async function updateProfile(
  pool: pg.Pool,
  auth: AuthContext,
  input: Required<ProfileUpdate>,
): Promise<Profile> {
  return inTransaction(pool, async (client) => {
    const before = await client.query<ProfileRow>(`${SELECT} for update`, [auth.userId]);
    if (!before.rows[0]) throw new AppError('NOT_FOUND');
    const { rows } = await client.query<ProfileRow>(
      `update users set name = $2, job_title = $3, phone_number = $4, updated_at = now()
        where id = $1
        returning name as user_name, email as email_address, job_title, phone_number`,
      [auth.userId, input.user_name, input.job_title, input.phone_number],
    );
    const after = rows[0]!;
    const { email_address: _b, ...was } = before.rows[0];
    const { email_address: _a, ...now } = after;
    await writeAudit(client, auth, {
      action: 'user.profile',
      entityType: 'user',
      entityId: auth.userId,
      before: was,
      after: now,
    });
    // Colleagues' open users lists show the new name and job title.
    await publish(client, { accountId: auth.accountId, message: { type: 'refresh', entities: ['users'] } });
    return after;
  });
}
