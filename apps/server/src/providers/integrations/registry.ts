import { createHmac } from 'node:crypto';
import {
  findIntegrationProvider,
  INTEGRATION_PROVIDER_IDS,
  type IntegrationKind,
  type IntegrationProviderId,
  type IntegrationProviderInfo,
} from '@lp/domain';
import type { Config } from '../../platform/config.js';

/**
 * The integrations registry (decision 0021): one declarative entry per provider, as Nango's
 * providers.yaml describes them: where to authorise and exchange tokens, what to ask for, how long
 * tokens live, how fast the API may be called and where it is. `resolveProviders` points an entry
 * at the built-in sandbox unless the provider's client id and secret are configured.
 */

export interface RateLimit {
  /** Calls a minute (per connection: Xero and QuickBooks count per organisation). */
  perMinute: number;
  /** Calls in flight at once. */
  concurrent: number;
}

/** How a provider's token endpoint takes the client's id and secret. */
export type ClientAuth = 'basic' | 'body';

/** How a provider revokes a token: a form post of the token, a JSON post of it, a call with it as bearer, or not at all. */
export type RevokeStyle = 'form' | 'json' | 'bearer' | 'none';

export interface ProviderEntry {
  id: IntegrationProviderId;
  kind: IntegrationKind;
  authorizeUrl: string;
  tokenUrl: string;
  revokeUrl: string | null;
  revokeStyle: RevokeStyle;
  scopes: readonly string[];
  /** Parameters the consent page needs besides the standard ones (offline access, a consent prompt). */
  authorizeParams: Readonly<Record<string, string>>;
  /** The provider documents PKCE (S256) for confidential clients; the others get none. */
  pkce: boolean;
  clientAuth: ClientAuth;
  /** The access token's life. */
  accessTokenSeconds: number;
  /** A refresh hands out a new refresh token and retires the old one. */
  refreshTokenRotates: boolean;
  rateLimit: RateLimit;
  /** The API's origin (each client appends its documented paths). */
  apiBaseUrl: string;
  /** Where a person views a record in the provider's own app ({id} replaced); null when it publishes none. */
  webUrls: { contacts: string; invoices: string } | null;
}

const MINUTE = 60;
/** The sandbox's tokens live at most this long (unless configured), so refreshing is exercised. */
const SANDBOX_TOKEN_SECONDS_MAX = 10 * MINUTE;

/** The providers as they are in production, from their documentation. */
export const REGISTRY: Readonly<Record<IntegrationProviderId, ProviderEntry>> = {
  xero: {
    id: 'xero',
    kind: 'accounting',
    authorizeUrl: 'https://login.xero.com/identity/connect/authorize',
    tokenUrl: 'https://identity.xero.com/connect/token',
    revokeUrl: 'https://identity.xero.com/connect/revocation',
    revokeStyle: 'form',
    // Granular scopes: apps made after 2 March 2026 get no accounting.transactions.
    scopes: ['openid', 'profile', 'email', 'offline_access', 'accounting.contacts.read', 'accounting.invoices.read'],
    authorizeParams: {},
    pkce: true,
    clientAuth: 'basic',
    accessTokenSeconds: 30 * MINUTE,
    refreshTokenRotates: true,
    // 60 calls a minute and 5 at once per organisation (and 5,000 a day).
    rateLimit: { perMinute: 60, concurrent: 5 },
    apiBaseUrl: 'https://api.xero.com',
    webUrls: {
      contacts: 'https://go.xero.com/Contacts/View/{id}',
      invoices: 'https://go.xero.com/AccountsReceivable/View.aspx?InvoiceID={id}',
    },
  },
  quickbooks: {
    id: 'quickbooks',
    kind: 'accounting',
    authorizeUrl: 'https://appcenter.intuit.com/connect/oauth2',
    tokenUrl: 'https://oauth.platform.intuit.com/oauth2/v1/tokens/bearer',
    revokeUrl: 'https://developer.api.intuit.com/v2/oauth2/tokens/revoke',
    revokeStyle: 'json',
    scopes: ['com.intuit.quickbooks.accounting'],
    authorizeParams: {},
    // Intuit's OAuth 2.0 is for confidential clients and documents no PKCE: the state alone binds the return.
    pkce: false,
    clientAuth: 'basic',
    accessTokenSeconds: 60 * MINUTE,
    // The refresh token rolls (100 days from its last use) and may change on any refresh.
    refreshTokenRotates: true,
    rateLimit: { perMinute: 500, concurrent: 10 },
    apiBaseUrl: 'https://quickbooks.api.intuit.com',
    webUrls: {
      contacts: 'https://app.qbo.intuit.com/app/customerdetail?nameId={id}',
      invoices: 'https://app.qbo.intuit.com/app/invoice?txnId={id}',
    },
  },
  sage: {
    id: 'sage',
    kind: 'accounting',
    // filter=apiv3.1 shows the businesses of Sage Business Cloud Accounting that the v3.1 API serves.
    authorizeUrl: 'https://www.sageone.com/oauth2/auth/central',
    tokenUrl: 'https://oauth.accounting.sage.com/token',
    revokeUrl: 'https://oauth.accounting.sage.com/revoke',
    revokeStyle: 'form',
    scopes: ['readonly'],
    authorizeParams: { filter: 'apiv3.1' },
    pkce: false,
    clientAuth: 'body',
    accessTokenSeconds: 5 * MINUTE,
    refreshTokenRotates: true,
    rateLimit: { perMinute: 100, concurrent: 5 },
    apiBaseUrl: 'https://api.accounting.sage.com',
    // Sage publishes no address for one record in its web app.
    webUrls: null,
  },
  google_drive: {
    id: 'google_drive',
    kind: 'cloud',
    authorizeUrl: 'https://accounts.google.com/o/oauth2/v2/auth',
    tokenUrl: 'https://oauth2.googleapis.com/token',
    revokeUrl: 'https://oauth2.googleapis.com/revoke',
    revokeStyle: 'form',
    // Only the files the product makes.
    scopes: ['https://www.googleapis.com/auth/drive.file'],
    authorizeParams: { access_type: 'offline', prompt: 'consent', include_granted_scopes: 'true' },
    pkce: true,
    clientAuth: 'body',
    accessTokenSeconds: 60 * MINUTE,
    refreshTokenRotates: false,
    rateLimit: { perMinute: 600, concurrent: 10 },
    apiBaseUrl: 'https://www.googleapis.com',
    webUrls: null,
  },
  dropbox: {
    id: 'dropbox',
    kind: 'cloud',
    authorizeUrl: 'https://www.dropbox.com/oauth2/authorize',
    tokenUrl: 'https://api.dropboxapi.com/oauth2/token',
    revokeUrl: 'https://api.dropboxapi.com/2/auth/token/revoke',
    revokeStyle: 'bearer',
    scopes: ['account_info.read', 'files.content.write', 'files.content.read'],
    authorizeParams: { token_access_type: 'offline' },
    pkce: true,
    clientAuth: 'basic',
    accessTokenSeconds: 4 * 60 * MINUTE,
    refreshTokenRotates: false,
    rateLimit: { perMinute: 300, concurrent: 5 },
    apiBaseUrl: 'https://api.dropboxapi.com',
    webUrls: null,
  },
  onedrive: {
    id: 'onedrive',
    kind: 'cloud',
    authorizeUrl: 'https://login.microsoftonline.com/common/oauth2/v2.0/authorize',
    tokenUrl: 'https://login.microsoftonline.com/common/oauth2/v2.0/token',
    // Microsoft identity has no endpoint to revoke one refresh token; disconnecting forgets it.
    revokeUrl: null,
    revokeStyle: 'none',
    scopes: ['Files.ReadWrite', 'User.Read', 'offline_access'],
    authorizeParams: {},
    pkce: true,
    clientAuth: 'body',
    accessTokenSeconds: 60 * MINUTE,
    refreshTokenRotates: true,
    rateLimit: { perMinute: 600, concurrent: 5 },
    apiBaseUrl: 'https://graph.microsoft.com',
    webUrls: null,
  },
};

/** A provider ready to use: its entry (pointed at the sandbox when unconfigured) and the client credentials. */
export interface ResolvedProvider extends ProviderEntry {
  info: IntegrationProviderInfo;
  clientId: string;
  clientSecret: string;
  /** The built-in sandbox stands in for the provider. */
  sandbox: boolean;
}

const ENV_PREFIX: Record<IntegrationProviderId, string> = {
  xero: 'XERO',
  quickbooks: 'QUICKBOOKS',
  sage: 'SAGE',
  google_drive: 'GOOGLE_DRIVE',
  dropbox: 'DROPBOX',
  onedrive: 'ONEDRIVE',
};

/** Where the sandbox of a provider is served (under the product's own address). */
export function sandboxBase(publicUrl: string, id: IntegrationProviderId): string {
  return `${publicUrl.replace(/\/+$/, '')}/api/integrations/sandbox/${id}`;
}

/** The sandbox's client credentials of a provider (its token endpoint checks them as a provider would). */
export function sandboxClient(authSecret: string, id: IntegrationProviderId) {
  return {
    clientId: `letterpost-sandbox-${id}`,
    clientSecret: createHmac('sha256', authSecret).update(`integrations-sandbox-client:${id}`).digest('base64url'),
  };
}

/** Every provider, configured or sandboxed. */
export function resolveProviders(config: Config): Record<IntegrationProviderId, ResolvedProvider> {
  const out = {} as Record<IntegrationProviderId, ResolvedProvider>;
  for (const id of INTEGRATION_PROVIDER_IDS) {
    const entry = REGISTRY[id];
    const info = findIntegrationProvider(id)!;
    const env = ENV_PREFIX[id];
    const clientId = config[`${env}_CLIENT_ID` as keyof Config] as string | undefined;
    const clientSecret = config[`${env}_CLIENT_SECRET` as keyof Config] as string | undefined;
    if (clientId && clientSecret) {
      const apiBaseUrl =
        id === 'quickbooks' && config.QUICKBOOKS_ENVIRONMENT === 'sandbox'
          ? 'https://sandbox-quickbooks.api.intuit.com'
          : entry.apiBaseUrl;
      out[id] = { ...entry, apiBaseUrl, info, clientId, clientSecret, sandbox: false };
      continue;
    }
    const base = sandboxBase(config.PUBLIC_URL, id);
    out[id] = {
      ...entry,
      info,
      ...sandboxClient(config.authSecret, id),
      authorizeUrl: `${base}/authorize`,
      tokenUrl: `${base}/token`,
      revokeUrl: entry.revokeStyle === 'none' ? null : `${base}/revoke`,
      apiBaseUrl: base,
      webUrls:
        entry.kind === 'accounting'
          ? { contacts: `${base}/view/contacts/{id}`, invoices: `${base}/view/invoices/{id}` }
          : null,
      accessTokenSeconds:
        config.INTEGRATIONS_SANDBOX_TOKEN_SECONDS ?? Math.min(entry.accessTokenSeconds, SANDBOX_TOKEN_SECONDS_MAX),
      sandbox: true,
    };
  }
  return out;
}

/** A record's page in the provider's app, or null. */
export function webUrl(p: ProviderEntry, entity: 'contacts' | 'invoices', id: string, tenant?: string | null) {
  const template = p.webUrls?.[entity];
  if (!template) return null;
  const url = template.replace('{id}', encodeURIComponent(id));
  // The sandbox's pages need to know whose demo company the record is in.
  return tenant && url.includes('/api/integrations/sandbox/')
    ? `${url}${url.includes('?') ? '&' : '?'}tenant=${encodeURIComponent(tenant)}`
    : url;
}

/**
 * Where a provider sends the browser back: the product's return page of decision 0021
 * (/xeroRedirect, /quickBooksRedirect, /sageRedirect; /cloudRedirect?provider=... for the drives).
 * Registered with each provider as the app's redirect address.
 */
export function redirectUriFor(publicUrl: string, info: IntegrationProviderInfo): string {
  const base = publicUrl.replace(/\/+$/, '');
  return info.routeSlug ? `${base}/${info.routeSlug}Redirect` : `${base}/cloudRedirect?provider=${info.id}`;
}
