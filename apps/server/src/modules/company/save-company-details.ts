import type { PostalAddress } from '@lp/domain';
import type pg from 'pg';
import type { AuthContext } from '../../platform/access.js';
import { writeAudit } from '../../platform/audit.js';
import type { AccountRow } from '../../platform/db/rows.js';
import { inTransaction } from '../../platform/db/transaction.js';
import { publish } from '../../platform/events.js';

export interface CompanyDetails {
  postal_address: PostalAddress | null;
  vat_number: string | null;
  /** Absent: unchanged. */
  reply_to_email?: string | null;
}

/** Saves the postal address and VAT number (validated by the route's schema), audited in the same transaction. */
export async function saveCompanyDetails(pool: pg.Pool, auth: AuthContext, details: CompanyDetails): Promise<void> {
  await inTransaction(pool, async (client) => {
    const { rows } = await client.query<Pick<AccountRow, 'postal_address' | 'vat_number' | 'reply_to_email'>>(
      'select postal_address, vat_number, reply_to_email from accounts where id = $1 for update',
      [auth.accountId],
    );
    const keep = details.reply_to_email === undefined;
    await client.query(
      `update accounts set postal_address = $2::jsonb, vat_number = $3,
              reply_to_email = case when $5 then reply_to_email else $4 end, updated_at = now() where id = $1`,
      [
        auth.accountId,
        details.postal_address ? JSON.stringify(details.postal_address) : null,
        details.vat_number,
        details.reply_to_email ?? null,
        keep,
      ],
    );
    await writeAudit(client, auth, {
      action: 'account.company_details',
      entityType: 'account',
      entityId: auth.accountId,
      before: rows[0] ?? null,
      after: details,
    });
    // The parcel form's default sender comes from the postal address: its defaults refresh too.
    await publish(client, {
      accountId: auth.accountId,
      message: { type: 'refresh', entities: ['settings', 'parcels'] },
    });
  });
}
