import { INTEGRATION_MESSAGES } from '@lp/domain';
import type pg from 'pg';
import type { IntegrationRow } from '../../platform/db/rows.js';
import { inTransaction } from '../../platform/db/transaction.js';
import { AppError } from '../../platform/errors.js';
import { publish } from '../../platform/events.js';
import { revokeTokens } from '../../providers/integrations/oauth.js';
import type { Integrations } from './service.js';

/**
 * Disconnects (decision 0021, step 4): the tokens are deleted first, then revoked at the provider
 * where it allows (best effort: a provider that does not answer cannot keep them in our database).
 * What imports made (customers, letters) stays.
 */
export async function disconnect(
  svc: Integrations,
  pool: pg.Pool,
  accountId: string,
  providerId: string,
  log: { warn(obj: object, msg: string): void },
) {
  const p = svc.provider(providerId);
  const sealed = await inTransaction(pool, async (q) => {
    const { rows } = await q.query<Pick<IntegrationRow, 'tokens_sealed'>>(
      'delete from integrations where account_id = $1 and provider = $2 returning tokens_sealed',
      [accountId, p.id],
    );
    if (!rows[0]) throw new AppError('NOT_FOUND', INTEGRATION_MESSAGES.notConnected(p.info.name));
    await publish(q, { accountId, message: { type: 'refresh', entities: ['integrations'] } });
    return rows[0].tokens_sealed;
  });
  try {
    const revoked = await revokeTokens(p, svc.fetch, svc.openTokens(accountId, p.id, sealed));
    if (!revoked && p.revokeUrl) log.warn({ provider: p.id }, 'the provider did not confirm the revocation');
  } catch {
    log.warn({ provider: p.id }, 'the stored tokens could not be opened to revoke them');
  }
  return { provider: p.id, message: INTEGRATION_MESSAGES.disconnected(p.info.name) };
}
