import { INTEGRATION_MESSAGES, type RedirectBody } from '@lp/domain';
import type pg from 'pg';
import type { IntegrationOauthStateRow } from '../../platform/db/rows.js';
import { inTransaction } from '../../platform/db/transaction.js';
import { AppError } from '../../platform/errors.js';
import { publish } from '../../platform/events.js';
import { open } from '../../platform/secrets.js';
import { ProviderError } from '../../providers/integrations/http.js';
import { exchangeCode, OAuthError } from '../../providers/integrations/oauth.js';
import { redirectUriFor } from '../../providers/integrations/registry.js';
import { requeueFailedDriveSyncs } from './queue-drive-sync.js';
import type { Integrations } from './service.js';
import { STATE_TTL_MINUTES, verifierPlace } from './start-connection.js';

/** QuickBooks' realm id, as the return page passes it on (a string, or { realmId }). */
function realmOf(info: RedirectBody['additional_info']): string | undefined {
  if (typeof info === 'string') return info || undefined;
  if (info && typeof info === 'object') return info.realmId ?? info.realm_id ?? undefined;
  return undefined;
}

/**
 * The provider's return (decision 0021, step 2): the state is taken (once; only the company, user
 * and provider that made it, within 10 minutes), the code exchanged with its PKCE verifier, the
 * tenant found, and the connection stored with its tokens sealed. A refusal (denied, a used or
 * foreign state, a code the provider will not exchange) stores nothing.
 */
export async function finishConnection(
  svc: Integrations,
  pool: pg.Pool,
  auth: { accountId: string; userId: string },
  providerId: string,
  body: RedirectBody,
) {
  const p = svc.provider(providerId);
  const take = () =>
    pool.query<Pick<IntegrationOauthStateRow, 'verifier_sealed'> & { fresh: boolean }>(
      `delete from integration_oauth_states
        where state = $1 and account_id = $2 and user_id = $3 and provider = $4
        returning verifier_sealed, created_at > now() - make_interval(mins => $5) as fresh`,
      [body.state, auth.accountId, auth.userId, p.id, STATE_TTL_MINUTES],
    );
  if (body.error || !body.auth_code) {
    // The attempt is over either way.
    await take();
    throw new AppError('BAD_REQUEST', INTEGRATION_MESSAGES.denied(p.info.name));
  }
  const { rows } = await take();
  const found = rows[0];
  // Unknown, used, expired, or another company's or person's: the same answer for each.
  if (!found?.fresh) throw new AppError('NOT_FOUND', INTEGRATION_MESSAGES.stateInvalid);
  const verifier = open(svc.ring, found.verifier_sealed, verifierPlace(body.state));

  let tokens: Awaited<ReturnType<typeof exchangeCode>>;
  try {
    tokens = await exchangeCode(p, svc.fetch, {
      code: body.auth_code,
      redirectUri: redirectUriFor(svc.deps.config.PUBLIC_URL, p.info),
      verifier,
    });
  } catch (error) {
    if (error instanceof OAuthError && error.status !== null && error.status < 500)
      throw new AppError('BAD_REQUEST', INTEGRATION_MESSAGES.errorTryAgain);
    throw new AppError('UNAVAILABLE', INTEGRATION_MESSAGES.providerDown(p.info.name));
  }

  let tenant: { id: string; name: string };
  try {
    tenant =
      p.kind === 'accounting'
        ? await svc.accounting(p).findTenant(tokens.accessToken, { realmId: realmOf(body.additional_info) })
        : await svc.cloud(p).account({ accessToken: tokens.accessToken, tenantId: null });
  } catch (error) {
    if (error instanceof ProviderError && error.kind === 'refused') throw new AppError('BAD_REQUEST', error.message);
    throw svc.asAppError(p, error);
  }

  await inTransaction(pool, async (q) => {
    await q.query(
      `insert into integrations (account_id, provider, status, tenant_id, tenant_name, tokens_sealed, access_expires_at,
                                 connected_by, connected_at, updated_at, last_error)
       values ($1, $2, 'connected', $3, $4, $5, $6, $7, now(), now(), null)
       on conflict (account_id, provider) do update
         set status = 'connected', tenant_id = excluded.tenant_id, tenant_name = excluded.tenant_name,
             tokens_sealed = excluded.tokens_sealed, access_expires_at = excluded.access_expires_at,
             connected_by = excluded.connected_by, connected_at = now(), updated_at = now(), last_error = null`,
      [
        auth.accountId,
        p.id,
        tenant.id,
        tenant.name,
        svc.sealTokens(auth.accountId, p.id, tokens),
        new Date(tokens.expiresAt),
        auth.userId,
      ],
    );
    // Reconnected: the letters whose copy failed (revoked, say) are copied now.
    if (p.kind === 'cloud') await requeueFailedDriveSyncs(q, auth.accountId, p.id);
    await publish(q, { accountId: auth.accountId, message: { type: 'refresh', entities: ['integrations'] } });
  });
  return {
    provider: p.id,
    connected: true as const,
    message: INTEGRATION_MESSAGES.connected(p.info.name),
    tenant_name: tenant.name,
  };
}
