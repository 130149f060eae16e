import { createHmac, randomBytes } from 'node:crypto';
import type pg from 'pg';
import { seal } from '../../platform/secrets.js';
import { authorizeUrl, pkcePair } from '../../providers/integrations/oauth.js';
import { redirectUriFor } from '../../providers/integrations/registry.js';
import type { Integrations } from './service.js';

/** How long a connection attempt may take from Connect to the provider's return. */
export const STATE_TTL_MINUTES = 10;
/** Attempts a person may have open at once (older ones are dropped). */
const OPEN_ATTEMPTS_MAX = 10;

export const verifierPlace = (state: string) => `integration-state:${state}`;

/**
 * Starts connecting a provider (decision 0021, step 1): a random state bound to the company, the
 * user and the provider, kept 10 minutes with its PKCE verifier (sealed), and the provider's consent
 * page to send the browser to. The plan and the provider were checked by the caller.
 */
export async function startConnection(
  svc: Integrations,
  pool: pg.Pool,
  auth: { accountId: string; userId: string },
  providerId: string,
): Promise<{ url: string }> {
  const p = svc.provider(providerId);
  const state = randomBytes(32).toString('base64url');
  const { verifier, challenge } = pkcePair();
  await pool.query(
    `with gone as (
       delete from integration_oauth_states
        where created_at < now() - make_interval(mins => $6)
           or state in (select state from integration_oauth_states where user_id = $3
                         order by created_at desc offset $7)
     )
     insert into integration_oauth_states (state, account_id, user_id, provider, verifier_sealed) values ($1, $2, $3, $4, $5)`,
    [
      state,
      auth.accountId,
      auth.userId,
      p.id,
      seal(svc.ring, verifier, verifierPlace(state)),
      STATE_TTL_MINUTES,
      OPEN_ATTEMPTS_MAX - 1,
    ],
  );
  // The sandbox gives each company its own demo organisation (as each has its own with a provider).
  const extra = p.sandbox
    ? {
        sandbox_company: createHmac('sha256', svc.deps.config.authSecret)
          .update(`sandbox-company:${auth.accountId}`)
          .digest('base64url')
          .slice(0, 24),
      }
    : undefined;
  return {
    url: authorizeUrl(p, {
      state,
      redirectUri: redirectUriFor(svc.deps.config.PUBLIC_URL, p.info),
      challenge,
      ...(extra ? { extra } : {}),
    }),
  };
}
