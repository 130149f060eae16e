import { INTEGRATION_MESSAGES } from '@lp/domain';
import { AppError } from '../../platform/errors.js';
import type { Integrations } from './service.js';

/**
 * Whether a connection works now (decision 0021, step 3): a cheap read with the stored tokens
 * (refreshed if need be). The answer says connected, revoked (Reconnect) or error (try again); the
 * stored status follows it. The plan was checked by the caller.
 */
export async function checkConnection(svc: Integrations, accountId: string, providerId: string) {
  const p = svc.provider(providerId);
  const row = await svc.connection(svc.deps.pool, accountId, p.id);
  if (!row)
    return { provider: p.id, connected: false, status: null, message: INTEGRATION_MESSAGES.notConnected(p.info.name) };
  if (row.status === 'revoked')
    return {
      provider: p.id,
      connected: false,
      status: 'revoked' as const,
      message: INTEGRATION_MESSAGES.revoked(p.info.name),
    };
  try {
    await svc.withAccess(accountId, p, async (ctx) => {
      if (p.kind === 'accounting') await svc.accounting(p).check(ctx);
      else await svc.cloud(p).account(ctx);
    });
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    if (error.code === 'CONFLICT')
      return {
        provider: p.id,
        connected: false,
        status: 'revoked' as const,
        message: INTEGRATION_MESSAGES.revoked(p.info.name),
      };
    if (error.code === 'NOT_FOUND')
      return {
        provider: p.id,
        connected: false,
        status: null,
        message: INTEGRATION_MESSAGES.notConnected(p.info.name),
      };
    await svc.setStatus(accountId, p, 'error', error.message);
    return { provider: p.id, connected: false, status: 'error' as const, message: INTEGRATION_MESSAGES.errorTryAgain };
  }
  await svc.setStatus(accountId, p, 'connected', null);
  return { provider: p.id, connected: true, status: 'connected' as const, message: null };
}
