import type { CompanyProfile, PostalAddress } from '@lp/domain';
import type pg from 'pg';
import type { AuthContext } from '../../platform/access.js';
import type { AccountRow } from '../../platform/db/rows.js';
import { AppError } from '../../platform/errors.js';
import { readBalance } from '../money/index.js';

/** The balance is hidden from members without top_up when the company restricts it (decision 0015). */
export const maySeeBalance = (auth: AuthContext) => !(auth.row.restrict_balance && !auth.abilities.has('top_up'));

/** The company's postal address, or null before one is saved. */
export async function getPostalAddress(q: pg.Pool | pg.ClientBase, accountId: string): Promise<PostalAddress | null> {
  const { rows } = await q.query<Pick<AccountRow, 'postal_address'>>(
    'select postal_address from accounts where id = $1',
    [accountId],
  );
  return rows[0]?.postal_address ?? null;
}

/** The profile of the caller's company, with what this member may see and do. */
export async function getCompanyProfile(pool: pg.Pool, auth: AuthContext): Promise<CompanyProfile> {
  const { rows } = await pool.query<
    Pick<
      AccountRow,
      | 'id'
      | 'reference'
      | 'name'
      | 'current_plan'
      | 'health_status'
      | 'health_reason'
      | 'registration'
      | 'registration_checked_at'
      | 'vat_number'
      | 'postal_address'
      | 'reply_to_email'
    > & { members: number }
  >(
    `select a.id, a.reference, a.name, a.current_plan, a.health_status, a.health_reason, a.registration,
            a.registration_checked_at, a.vat_number, a.postal_address, a.reply_to_email,
            (select count(*)::int from users u where u.account_id = a.id and u.valid and u.accepted_invite) as members
       from accounts a where a.id = $1`,
    [auth.accountId],
  );
  const a = rows[0];
  if (!a) throw new AppError('NOT_FOUND');
  const showBalance = maySeeBalance(auth);
  return {
    id: a.id,
    reference: a.reference,
    name: a.name,
    registration:
      a.registration && a.registration_checked_at
        ? { ...a.registration, checked_at: a.registration_checked_at.toISOString() }
        : null,
    postal_address: a.postal_address,
    vat_number: a.vat_number,
    reply_to_email: a.reply_to_email,
    plan: a.current_plan,
    health: { status: a.health_status, reason: a.health_reason },
    members: a.members,
    ...(showBalance ? { balance: (await readBalance(pool, a.id)).balance } : {}),
    can: {
      edit_address: auth.abilities.has('edit_company_address'),
      manage_registration: auth.abilities.has('manage_company'),
    },
  };
}
