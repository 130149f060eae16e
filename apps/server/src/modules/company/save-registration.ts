import type { RegisteredCompany } from '@lp/domain';
import type pg from 'pg';
import type { AuthContext } from '../../platform/access.js';
import { writeAudit } from '../../platform/audit.js';
import type { AccountRow } from '../../platform/db/rows.js';
import { inTransaction } from '../../platform/db/transaction.js';
import { publish } from '../../platform/events.js';

/**
 * Keeps what the register said about the company (looked up again by the caller, never taken
 * from the browser), with its audit row, in one transaction. The company's own name is left as
 * its owner typed it at sign-up (a trading name may differ from the registered one).
 */
export async function saveRegistration(pool: pg.Pool, auth: AuthContext, company: RegisteredCompany): Promise<Date> {
  return inTransaction(pool, async (client) => {
    const { rows: before } = await client.query<Pick<AccountRow, 'registration'>>(
      'select registration from accounts where id = $1 for update',
      [auth.accountId],
    );
    // registration_checked_at is set to now() by this update.
    const { rows } = await client.query<{ checked_at: NonNullable<AccountRow['registration_checked_at']> }>(
      `update accounts set registration_number = $2, registration = $3::jsonb, registration_checked_at = now(),
              updated_at = now()
        where id = $1 returning registration_checked_at as checked_at`,
      [auth.accountId, company.company_number, JSON.stringify(company)],
    );
    await writeAudit(client, auth, {
      action: 'account.registration',
      entityType: 'account',
      entityId: auth.accountId,
      before: before[0]?.registration ?? null,
      after: company,
    });
    await publish(client, { accountId: auth.accountId, message: { type: 'refresh', entities: ['settings'] } });
    return rows[0]!.checked_at;
  });
}
