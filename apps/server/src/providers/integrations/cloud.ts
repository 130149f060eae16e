import type { IntegrationProviderId } from '@lp/domain';
import { callProvider, ProviderError } from './http.js';
import { objectOf, record, text } from './mapping.js';
import type { CallContext, ClientDeps, CloudClient } from './types.js';

/**
 * The cloud drives as connecting needs them: whose drive the tokens reach, by each API's cheapest
 * read (Google Drive's about, Dropbox's get_current_account, Microsoft Graph's /me/drive). Copying
 * letters to them comes with auto-sync's job.
 */

export function createCloudClient(id: IntegrationProviderId, deps: ClientDeps): CloudClient {
  const name = deps.provider.info.name;
  const base = deps.provider.apiBaseUrl;
  const call = async (ctx: CallContext, method: 'GET' | 'POST', path: string) => {
    const res = await callProvider(
      deps.fetch,
      deps.limiterFor(ctx.tenantId),
      `${base}${path}`,
      { method, headers: { authorization: `Bearer ${ctx.accessToken}` } },
      name,
    );
    return objectOf(res.body, name);
  };
  const found = (accountId: unknown, display: unknown) => {
    if (typeof accountId !== 'string' || !accountId)
      throw new ProviderError('refused', `${name} did not say whose drive it is.`);
    return { id: accountId, name: text(display, 200) ?? name };
  };
  switch (id) {
    case 'google_drive':
      return {
        async account(ctx) {
          const user = record((await call(ctx, 'GET', '/drive/v3/about?fields=user')).user);
          return found(user.permissionId, user.emailAddress ?? user.displayName);
        },
      };
    case 'dropbox':
      return {
        async account(ctx) {
          // Dropbox's RPC endpoints are POSTs; this one takes no arguments (no body).
          const body = await call(ctx, 'POST', '/2/users/get_current_account');
          return found(body.account_id, body.email ?? record(body.name).display_name);
        },
      };
    case 'onedrive':
      return {
        async account(ctx) {
          const drive = await call(ctx, 'GET', '/v1.0/me/drive');
          return found(drive.id, record(record(drive.owner).user).displayName);
        },
      };
    default:
      throw new Error(`${id} is not a cloud drive`);
  }
}
