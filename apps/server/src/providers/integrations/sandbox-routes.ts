import { randomUUID } from 'node:crypto';
import { findIntegrationProvider, type IntegrationProviderId } from '@lp/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { App } from '../../platform/http.js';
import { type ResolvedProvider, redirectUriFor } from './registry.js';
import { type Claims, type IntegrationsSandbox, OAuthRefusal } from './sandbox.js';
import { DEMO_COMPANY, DEMO_CONTACTS, DEMO_INVOICES, type DemoContact, invoiceSums, uuidOf } from './sandbox-data.js';
import {
  invoicesOf,
  quickBooksCompanyInfo,
  quickBooksCustomer,
  quickBooksIds,
  quickBooksInvoice,
  sageBusiness,
  sageContact,
  sageIds,
  sageInvoice,
  xeroContact,
  xeroIds,
  xeroInvoice,
  xeroOrganisation,
} from './sandbox-shapes.js';

/**
 * The integrations sandbox served by the product (decision 0021): for each sandboxed provider a
 * consent page (Allow / Deny) that sends the browser back to the product's return page with a code,
 * a token endpoint, a revocation endpoint, and the provider's API paths answering in its documented
 * shapes with the demo company. Public routes: the browser reaches the consent page without our
 * session (it is the provider's), and the provider's endpoints authenticate by client credentials
 * or bearer tokens, never by cookie, so they need no CSRF token. Not listed in the API reference.
 */

const PUBLIC = { access: { kind: 'public' } } as const;
const SERVER_TO_SERVER = { access: { kind: 'public' }, csrfExempt: true } as const;
const hide = { hide: true } as const;
const providerParams = z.object({ provider: z.string().max(40) });

const esc = (s: string) =>
  s.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!);

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en-GB">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(title)}</title>
<style>
  body { font-family: system-ui, -apple-system, "Segoe UI", Roboto, Arial, sans-serif; background: #f4f5f7; color: #1b1d21; margin: 0; }
  main { max-width: 34rem; margin: 3rem auto; background: #fff; border-radius: 8px; padding: 2rem; box-shadow: 0 1px 3px rgba(0,0,0,.15); }
  h1 { font-size: 1.5rem; margin-top: 0; }
  .sandbox { display: inline-block; background: #fff4ce; color: #5c4400; border: 1px solid #e0c060; border-radius: 4px; padding: .15rem .5rem; font-size: .85rem; }
  ul { padding-left: 1.25rem; }
  .actions { display: flex; gap: 1rem; margin-top: 1.5rem; }
  button { font: inherit; padding: .6rem 1.4rem; border-radius: 4px; cursor: pointer; border: 2px solid #1b4f9c; }
  button.allow { background: #1b4f9c; color: #fff; }
  button.deny { background: #fff; color: #1b4f9c; }
  button:focus-visible { outline: 3px solid #f5a623; outline-offset: 2px; }
  table { border-collapse: collapse; width: 100%; }
  th, td { text-align: left; padding: .35rem .5rem; border-bottom: 1px solid #ddd; }
  td.n { text-align: right; }
</style>
</head>
<body>
<main>
${body}
</main>
</body>
</html>`;
}

/** What each provider's consent says it will let the product do. */
const ASKS: Record<IntegrationProviderId, string[]> = {
  xero: [
    'See your contacts',
    'See your invoices',
    'Know your name and email address',
    'Stay connected when you are away (offline access)',
  ],
  quickbooks: ['See your customers and invoices in QuickBooks Online accounting'],
  sage: ['Read your Sage Accounting data: contacts and sales invoices'],
  google_drive: ['See, edit, create and delete only the Google Drive files that LetterPost makes'],
  dropbox: ['See your basic account information', 'Add and edit files in your Dropbox'],
  onedrive: [
    'Have full access to your files',
    'Sign you in and read your profile',
    'Keep access to the data you have given it access to',
  ],
};

const DEMO_USER = { name: 'Demo User', email: 'demo.user@example.com' };

/** Query parameters and form fields as text (the first of repeated ones). */
function textFields(input: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (!input || typeof input !== 'object') return out;
  for (const [k, v] of Object.entries(input as Record<string, unknown>)) {
    const value = Array.isArray(v) ? v[0] : v;
    if (typeof value === 'string' && k.length <= 64) out[k] = value.slice(0, 4096);
  }
  return out;
}

const collator = new Intl.Collator('en-GB');

/**
 * A tenant's customers in a provider's shape: in the demo company's order, sorted by `sortField`,
 * and their positions by id; built once per tenant and kept by the sandbox (INTEGRATIONS_SANDBOX_CONTACTS
 * may make thousands). Callers never change these arrays.
 */
function contactRows(
  sandbox: IntegrationsSandbox,
  key: string,
  build: (c: DemoContact) => Record<string, unknown>,
  idField: string,
  sortField: string | null,
) {
  return sandbox.memo(`contacts:${key}:${sandbox.contacts.length}`, () => {
    const rows = sandbox.contacts.map(build);
    const sorted = sortField
      ? [...rows].sort((a, b) => collator.compare(String(a[sortField]), String(b[sortField])))
      : rows;
    const indexById = new Map(rows.map((r, i) => [String(r[idField]).toLowerCase(), i]));
    return {
      rows: rows as readonly Record<string, unknown>[],
      sorted: sorted as readonly Record<string, unknown>[],
      indexById,
    };
  });
}

const xeroContacts = (sandbox: IntegrationsSandbox, tenant: string) =>
  contactRows(sandbox, `xero:${tenant}`, (c) => xeroContact(tenant, c), 'ContactID', 'Name');
const quickBooksCustomers = (sandbox: IntegrationsSandbox) =>
  contactRows(sandbox, 'quickbooks', quickBooksCustomer, 'Id', 'DisplayName');
const sageContacts = (sandbox: IntegrationsSandbox, tenant: string) =>
  contactRows(sandbox, `sage:${tenant}`, (c) => sageContact(tenant, c), 'id', null);

function withQuery(uri: string, params: Record<string, string>): string {
  const url = new URL(uri);
  for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
  return url.toString();
}

export function registerIntegrationsSandboxRoutes(app: App, sandbox: IntegrationsSandbox, publicUrl: string) {
  const sandboxed = (request: FastifyRequest): ResolvedProvider | null =>
    sandbox.provider(z.object({ provider: z.string().optional() }).parse(request.params).provider ?? '');

  /** The standard consent request's parameters, checked as a provider checks them before it shows its page. */
  function consentRequest(p: ResolvedProvider, q: Record<string, string>) {
    const expected = redirectUriFor(publicUrl, p.info);
    if (q.client_id !== p.clientId) return { error: 'The application is not known here (client_id).' } as const;
    // An unregistered redirect address is shown as an error and never followed.
    if (q.redirect_uri !== expected)
      return { error: 'The redirect address is not registered for this application.' } as const;
    const back = (error: string, description: string) =>
      ({
        redirect: withQuery(expected, {
          error,
          error_description: description,
          ...(q.state ? { state: q.state } : {}),
        }),
      }) as const;
    if (q.response_type !== 'code') return back('unsupported_response_type', 'response_type must be code');
    if (p.pkce && (!q.code_challenge || q.code_challenge_method !== 'S256'))
      return back('invalid_request', 'code_challenge with code_challenge_method S256 is required');
    const params: Record<string, string> = {
      client_id: q.client_id,
      redirect_uri: q.redirect_uri,
      response_type: q.response_type,
      state: q.state ?? '',
      scope: q.scope ?? '',
      company: q.sandbox_company ?? '',
      ...(q.code_challenge ? { code_challenge: q.code_challenge, code_challenge_method: 'S256' } : {}),
    };
    return { params } as const;
  }

  const refusalPage = (reply: FastifyReply, title: string, message: string) =>
    reply
      .status(400)
      .type('text/html; charset=utf-8')
      .send(page(title, `<h1>${esc(title)}</h1><p>${esc(message)}</p>`));

  app.register(async (plugin) => {
    // The plugin's own instance: typed by the routes' Zod schemas like the app.
    const scope = plugin.withTypeProvider<ZodTypeProvider>();
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 64 * 1024 },
      (_req, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
    );

    scope.get(
      '/api/integrations/sandbox/:provider/authorize',
      { schema: { ...hide, params: providerParams }, config: PUBLIC },
      async (request, reply) => {
        const p = sandboxed(request);
        if (!p) return reply.callNotFound();
        const checked = consentRequest(p, textFields(request.query));
        if ('error' in checked) return refusalPage(reply, `${p.info.name} (sandbox)`, checked.error ?? '');
        if ('redirect' in checked) return reply.redirect(checked.redirect, 303);
        const params = checked.params;
        const hidden = Object.entries({ ...params, consent: sandbox.consentToken(params) })
          .map(([k, v]) => `<input type="hidden" name="${esc(k)}" value="${esc(v)}">`)
          .join('\n');
        const org = p.kind === 'accounting' ? DEMO_COMPANY.name : `${DEMO_USER.name} (${DEMO_USER.email})`;
        const body = `<p class="sandbox">Sandbox: nothing leaves this computer</p>
<h1>Allow LetterPost to access your ${esc(p.info.name)} ${p.kind === 'accounting' ? 'organisation' : 'account'}?</h1>
<p>${p.kind === 'accounting' ? 'Organisation' : 'Account'}: <strong>${esc(org)}</strong></p>
<p>LetterPost is asking to:</p>
<ul>${ASKS[p.id].map((a) => `<li>${esc(a)}</li>`).join('')}</ul>
<form method="post" action="/api/integrations/sandbox/${esc(p.id)}/authorize">
${hidden}
<div class="actions">
<button class="allow" type="submit" name="decision" value="allow">Allow access</button>
<button class="deny" type="submit" name="decision" value="deny">Deny</button>
</div>
</form>`;
        return reply
          .type('text/html; charset=utf-8')
          .header('cache-control', 'no-store')
          .send(page(`${p.info.name} (sandbox): allow access`, body));
      },
    );

    scope.post(
      '/api/integrations/sandbox/:provider/authorize',
      { schema: { ...hide, params: providerParams }, config: SERVER_TO_SERVER },
      async (request, reply) => {
        const p = sandboxed(request);
        if (!p) return reply.callNotFound();
        const form = textFields(request.body);
        const { consent, decision, ...params } = form;
        // The form carries what the GET checked; its token proves nothing was changed since.
        if (
          !consent ||
          consent !== sandbox.consentToken(params) ||
          params.redirect_uri !== redirectUriFor(publicUrl, p.info)
        )
          return refusalPage(
            reply,
            `${p.info.name} (sandbox)`,
            'This consent form has been changed. Start again from LetterPost.',
          );
        const back: Record<string, string> = params.state ? { state: params.state } : {};
        if (decision !== 'allow')
          return reply.redirect(
            withQuery(params.redirect_uri, {
              error: 'access_denied',
              error_description: 'The user denied access',
              ...back,
            }),
            303,
          );
        const tenant = sandbox.tenantOf(p.id, params.company ?? '');
        const code = sandbox.issueCode(p, {
          tenant,
          clientId: params.client_id ?? '',
          redirectUri: params.redirect_uri,
          challenge: params.code_challenge ?? null,
        });
        const extra: Record<string, string> =
          p.id === 'quickbooks' ? { realmId: tenant } : p.id === 'xero' ? { scope: params.scope ?? '' } : {};
        return reply.redirect(withQuery(params.redirect_uri, { code, ...back, ...extra }), 303);
      },
    );

    scope.post(
      '/api/integrations/sandbox/:provider/token',
      { schema: { ...hide, params: providerParams }, config: SERVER_TO_SERVER },
      async (request, reply) => {
        const p = sandboxed(request);
        if (!p) return reply.callNotFound();
        await sandbox.latency();
        try {
          const answer = sandbox.token(p, textFields(request.body), request.headers.authorization);
          return reply.header('cache-control', 'no-store').header('pragma', 'no-cache').send(answer);
        } catch (error) {
          if (!(error instanceof OAuthRefusal)) throw error;
          return reply.status(error.status).send({ error: error.error, error_description: error.message });
        }
      },
    );

    scope.post(
      '/api/integrations/sandbox/:provider/revoke',
      { schema: { ...hide, params: providerParams }, config: SERVER_TO_SERVER },
      async (request, reply) => {
        const p = sandboxed(request);
        if (!p) return reply.callNotFound();
        await sandbox.latency();
        const fields = textFields(request.body);
        const bearer = request.headers.authorization?.startsWith('Bearer ')
          ? request.headers.authorization.slice(7)
          : '';
        const token = fields.token ?? bearer;
        if (!token) return reply.status(400).send({ error: 'invalid_request', error_description: 'token is required' });
        sandbox.revoke(p, token);
        return reply.send(p.id === 'dropbox' ? null : {});
      },
    );

    /** A record's page in the provider's app (the cards' "View ... in {provider}" link). */
    scope.get(
      '/api/integrations/sandbox/:provider/view/:entity/:id',
      {
        schema: {
          ...hide,
          params: z.object({ provider: z.string().max(40), entity: z.string().max(20), id: z.string().max(100) }),
          querystring: z.object({ tenant: z.string().max(100).default('') }),
        },
        config: PUBLIC,
      },
      async (request, reply) => {
        const p = sandboxed(request);
        const { entity, id } = request.params;
        const { tenant } = request.query;
        if (p?.kind !== 'accounting') return reply.callNotFound();
        const idsOf = (kind: 'contact' | 'invoice', index: number) =>
          p.id === 'xero'
            ? xeroIds[kind](tenant, index)
            : p.id === 'sage'
              ? sageIds[kind](tenant, index)
              : kind === 'contact'
                ? quickBooksIds.contact(index)
                : quickBooksIds.invoice(index);
        const money = (pence: number) => `£${(pence / 100).toLocaleString('en-GB', { minimumFractionDigits: 2 })}`;
        let body: string | null = null;
        if (entity === 'contacts') {
          const found = (
            p.id === 'xero'
              ? xeroContacts(sandbox, tenant)
              : p.id === 'sage'
                ? sageContacts(sandbox, tenant)
                : quickBooksCustomers(sandbox)
          ).indexById.get(id.toLowerCase());
          const c = found === undefined ? undefined : sandbox.contacts[found];
          if (c)
            body = `<h1>${esc(c.name)}</h1><p>${[...c.lines, c.town, c.region, c.postcode]
              .filter(Boolean)
              .map((l) => esc(l!))
              .join('<br>')}</p>
<p>${c.email ? esc(c.email) : 'No email address'}${c.phone ? `<br>${esc(c.phone)}` : ''}</p>`;
        } else if (entity === 'invoices') {
          const inv = DEMO_INVOICES.find((x) => idsOf('invoice', x.index) === id);
          if (inv) {
            const s = invoiceSums(inv);
            const c = DEMO_CONTACTS[inv.contact]!;
            body = `<h1>Invoice for ${esc(c.name)}</h1>
<table><thead><tr><th scope="col">Description</th><th scope="col">Qty</th><th scope="col">Net</th><th scope="col">VAT</th></tr></thead><tbody>
${s.lines.map((l) => `<tr><td>${esc(l.description)}</td><td class="n">${l.quantity}</td><td class="n">${money(l.net)}</td><td class="n">${money(l.vat)}</td></tr>`).join('')}
</tbody></table>
<p>Total ${money(s.total)}; due ${money(s.due)}</p>`;
          }
        }
        if (!body) return reply.callNotFound();
        return reply
          .type('text/html; charset=utf-8')
          .send(page(`${p.info.name} (sandbox)`, `<p class="sandbox">${esc(p.info.name)} sandbox</p>${body}`));
      },
    );

    /**
     * An API call of a sandboxed provider: latency, the bearer token, the rate limit (429 with
     * Retry-After), then the answer. `refuse` shapes the provider's own error bodies.
     */
    const api = async (
      request: FastifyRequest,
      reply: FastifyReply,
      id: IntegrationProviderId,
      handle: (claims: Claims) => { status: number; body: unknown },
    ) => {
      const p = sandbox.provider(id);
      if (!p) return reply.callNotFound();
      await sandbox.latency();
      const claims = sandbox.authenticate(p, request.headers.authorization);
      if (!claims)
        return reply.status(401).header('www-authenticate', 'Bearer error="invalid_token"').send(errorBody(id, 401));
      const admitted = sandbox.admit(p, claims.ten);
      if (!admitted.ok)
        return reply
          .status(429)
          .header('retry-after', String(admitted.retryAfter))
          .header(id === 'xero' ? 'x-rate-limit-problem' : 'x-sandbox-rate-limit', 'minute')
          .send(errorBody(id, 429));
      try {
        const out = handle(claims);
        return reply.status(out.status).send(out.body);
      } finally {
        admitted.done();
      }
    };

    // --- Xero --------------------------------------------------------------------------------

    scope.get('/api/integrations/sandbox/xero/connections', { schema: hide, config: PUBLIC }, (request, reply) =>
      api(request, reply, 'xero', (c) => {
        const created = new Date(Date.now() - 1000).toISOString();
        return {
          status: 200,
          body: [
            {
              id: uuidOf(`${c.g}:connection`),
              authEventId: c.g,
              tenantId: c.ten,
              tenantType: 'ORGANISATION',
              tenantName: DEMO_COMPANY.name,
              createdDateUtc: created,
              updatedDateUtc: created,
            },
          ],
        };
      }),
    );

    scope.get(
      '/api/integrations/sandbox/xero/api.xro/2.0/:resource',
      { schema: { ...hide, params: z.object({ resource: z.string().max(40) }) }, config: PUBLIC },
      (request, reply) =>
        api(request, reply, 'xero', (c) => {
          if (request.headers['xero-tenant-id'] !== c.ten)
            return { status: 403, body: xeroError(403, 'AuthenticationUnsuccessful') };
          const { resource } = request.params;
          return xeroResource(sandbox, c.ten, resource, textFields(request.query));
        }),
    );

    // --- QuickBooks --------------------------------------------------------------------------

    scope.get(
      '/api/integrations/sandbox/quickbooks/v3/company/:realm/query',
      { schema: { ...hide, params: z.object({ realm: z.string().max(40) }) }, config: PUBLIC },
      (request, reply) =>
        api(request, reply, 'quickbooks', (c) => {
          const { realm } = request.params;
          if (realm !== c.ten)
            return { status: 403, body: quickBooksFault('AuthorizationFault', 'AuthorizationFailure', '003100') };
          return quickBooksQuery(sandbox, textFields(request.query).query ?? '');
        }),
    );

    scope.get(
      '/api/integrations/sandbox/quickbooks/v3/company/:realm/companyinfo/:id',
      { schema: { ...hide, params: z.object({ realm: z.string().max(40), id: z.string().max(40) }) }, config: PUBLIC },
      (request, reply) =>
        api(request, reply, 'quickbooks', (c) => {
          const { realm, id } = request.params;
          if (realm !== c.ten)
            return { status: 403, body: quickBooksFault('AuthorizationFault', 'AuthorizationFailure', '003100') };
          if (id !== realm) return { status: 400, body: quickBooksFault('ValidationFault', 'Object Not Found', '610') };
          return { status: 200, body: { CompanyInfo: quickBooksCompanyInfo(realm), time: new Date().toISOString() } };
        }),
    );

    // --- Sage --------------------------------------------------------------------------------

    scope.get('/api/integrations/sandbox/sage/v3.1/businesses', { schema: hide, config: PUBLIC }, (request, reply) =>
      api(request, reply, 'sage', (c) => ({ status: 200, body: [sageBusiness(c.ten)] })),
    );

    scope.get(
      '/api/integrations/sandbox/sage/v3.1/:resource',
      { schema: { ...hide, params: z.object({ resource: z.string().max(40) }) }, config: PUBLIC },
      (request, reply) =>
        api(request, reply, 'sage', (c) => {
          if (request.headers['x-business'] !== c.ten)
            return { status: 403, body: sageError('Forbidden', 'Access to this business is denied') };
          const { resource } = request.params;
          return sageList(sandbox, c.ten, resource, textFields(request.query));
        }),
    );

    scope.get(
      '/api/integrations/sandbox/sage/v3.1/:resource/:id',
      {
        schema: { ...hide, params: z.object({ resource: z.string().max(40), id: z.string().max(100) }) },
        config: PUBLIC,
      },
      (request, reply) =>
        api(request, reply, 'sage', (c) => {
          const { resource, id } = request.params;
          if (resource === 'businesses')
            return id === c.ten
              ? { status: 200, body: sageBusiness(c.ten) }
              : { status: 404, body: sageError('RecordNotFound', 'Resource not found') };
          if (request.headers['x-business'] !== c.ten)
            return { status: 403, body: sageError('Forbidden', 'Access to this business is denied') };
          const found =
            resource === 'contacts'
              ? (() => {
                  const all = sageContacts(sandbox, c.ten);
                  const at = all.indexById.get(id.toLowerCase());
                  return at === undefined ? undefined : all.rows[at];
                })()
              : resource === 'sales_invoices'
                ? invoicesOf('sage')
                    .map((x) => sageInvoice(c.ten, x))
                    .find((x) => x.id === id)
                : undefined;
          return found
            ? { status: 200, body: found }
            : { status: 404, body: sageError('RecordNotFound', 'Resource not found') };
        }),
    );

    // --- Cloud drives ------------------------------------------------------------------------

    scope.get(
      '/api/integrations/sandbox/google_drive/drive/v3/about',
      { schema: hide, config: PUBLIC },
      (request, reply) =>
        api(request, reply, 'google_drive', (c) => ({
          status: 200,
          body: {
            user: {
              kind: 'drive#user',
              displayName: DEMO_USER.name,
              me: true,
              permissionId: c.ten,
              emailAddress: DEMO_USER.email,
            },
          },
        })),
    );

    scope.post(
      '/api/integrations/sandbox/dropbox/2/users/get_current_account',
      { schema: hide, config: SERVER_TO_SERVER },
      (request, reply) =>
        api(request, reply, 'dropbox', (c) => ({
          status: 200,
          body: {
            account_id: c.ten,
            name: {
              given_name: 'Demo',
              surname: 'User',
              familiar_name: 'Demo',
              display_name: DEMO_USER.name,
              abbreviated_name: 'DU',
            },
            email: DEMO_USER.email,
            email_verified: true,
            disabled: false,
            country: 'GB',
            locale: 'en-GB',
            account_type: { '.tag': 'basic' },
          },
        })),
    );

    scope.get('/api/integrations/sandbox/onedrive/v1.0/me/drive', { schema: hide, config: PUBLIC }, (request, reply) =>
      api(request, reply, 'onedrive', (c) => ({
        status: 200,
        body: {
          id: c.ten,
          driveType: 'personal',
          owner: { user: { displayName: DEMO_USER.name, id: c.ten } },
          quota: { total: 5_368_709_120, used: 1_048_576, remaining: 5_367_660_544, state: 'normal' },
        },
      })),
    );
  });
}

// --- the providers' error bodies and list logic ------------------------------------------------

function errorBody(id: IntegrationProviderId, status: 401 | 429): unknown {
  const name = findIntegrationProvider(id)?.name ?? id;
  if (id === 'xero')
    return status === 401 ? xeroError(401, 'AuthenticationUnsuccessful') : xeroError(429, 'TooManyRequests');
  if (id === 'quickbooks')
    return status === 401
      ? {
          fault: {
            error: [
              {
                message: 'message=AuthenticationFailed; errorCode=003200; statusCode=401',
                detail: 'Token invalid or expired',
                code: '3200',
              },
            ],
            type: 'AUTHENTICATION',
          },
          time: new Date().toISOString(),
        }
      : quickBooksFault('SERVICE', 'message=ThrottleExceeded; errorCode=003001; statusCode=429', '003001');
  if (id === 'sage')
    return status === 401
      ? sageError('Unauthorized', 'Token expired or invalid')
      : sageError('TooManyRequests', 'Rate limit exceeded');
  if (id === 'dropbox')
    return {
      error_summary: status === 401 ? 'expired_access_token/' : 'too_many_requests/',
      error: { '.tag': status === 401 ? 'expired_access_token' : 'too_many_requests' },
    };
  return {
    error: {
      code: status === 401 ? 401 : 429,
      message: status === 401 ? 'Invalid Credentials' : `${name}: rate limit exceeded`,
    },
  };
}

function xeroError(status: number, detail: string) {
  return {
    Type: null,
    Title: status === 403 ? 'Forbidden' : status === 429 ? 'Too Many Requests' : 'Unauthorized',
    Status: status,
    Detail: detail,
    Instance: randomUUID(),
    Extensions: {},
  };
}

function quickBooksFault(type: string, message: string, code: string) {
  return { Fault: { Error: [{ Message: message, Detail: message, code }], type }, time: new Date().toISOString() };
}

function sageError(dataCode: string, message: string) {
  return [{ $severity: 'error', $dataCode: dataCode, $message: message, $source: '' }];
}

function xeroResource(sandbox: IntegrationsSandbox, tenant: string, resource: string, q: Record<string, string>) {
  const envelope = (extra: Record<string, unknown>) => ({
    Id: randomUUID(),
    Status: 'OK',
    ProviderName: 'LetterPost',
    DateTimeUTC: `/Date(${Date.now()})/`,
    ...extra,
  });
  if (resource === 'Organisation')
    return { status: 200, body: envelope({ Organisations: [xeroOrganisation(tenant)] }) };
  const ids = q.IDs ? new Set(q.IDs.split(',').map((s) => s.trim().toLowerCase())) : null;
  const pageSize = q.pageSize ? Number(q.pageSize) : 100;
  if (!Number.isInteger(pageSize) || pageSize < 1 || pageSize > 1000)
    return {
      status: 400,
      body: { ErrorNumber: 16, Type: 'QueryParseException', Message: 'pageSize must be between 1 and 1000' },
    };
  const pageNo = q.page ? Number(q.page) : null;
  if (pageNo !== null && (!Number.isInteger(pageNo) || pageNo < 1))
    return {
      status: 400,
      body: { ErrorNumber: 16, Type: 'QueryParseException', Message: 'page must be a positive whole number' },
    };
  let rows: readonly Record<string, unknown>[];
  if (resource === 'Contacts') {
    const all = xeroContacts(sandbox, tenant);
    rows = q.order === 'Name ASC' ? all.sorted : all.rows;
    if (ids) rows = rows.filter((r) => ids.has(String(r.ContactID)));
  } else if (resource === 'Invoices') {
    rows = invoicesOf('xero').map((i) => xeroInvoice(tenant, i));
    if (ids) rows = rows.filter((r) => ids.has(String(r.InvoiceID)));
    if (q.Statuses) {
      const statuses = new Set(q.Statuses.split(','));
      rows = rows.filter((r) => statuses.has(String(r.Status)));
    }
    if (q.where) {
      // The sandbox reads the one filter the product sends; Xero's full grammar is not modelled.
      const m = /^Type=="(ACCREC|ACCPAY)"$/.exec(q.where.trim());
      if (!m)
        return {
          status: 400,
          body: {
            ErrorNumber: 16,
            Type: 'QueryParseException',
            Message: `The sandbox does not understand where=${q.where}`,
          },
        };
      rows = rows.filter((r) => r.Type === m[1]);
    }
    if (q.order === 'Date DESC')
      rows = [...rows].sort((a, b) => String(b.DateString).localeCompare(String(a.DateString)));
  } else
    return {
      status: 404,
      body: { Type: null, Title: 'NotFound', Status: 404, Detail: `The resource ${resource} is not in the sandbox` },
    };
  const key = resource;
  if (pageNo === null) return { status: 200, body: envelope({ [key]: rows }) };
  const itemCount = rows.length;
  return {
    status: 200,
    body: envelope({
      pagination: { page: pageNo, pageSize, pageCount: Math.max(1, Math.ceil(itemCount / pageSize)), itemCount },
      [key]: rows.slice((pageNo - 1) * pageSize, pageNo * pageSize),
    }),
  };
}

const QUERY =
  /^select \* from (customer|invoice)(?: where (.+?))?(?: orderby (\w+)(?: (asc|desc))?)?(?: startposition (\d+))?(?: maxresults (\d+))?\s*$/i;

function quickBooksQuery(sandbox: IntegrationsSandbox, statement: string) {
  const m = QUERY.exec(statement.trim().replace(/\s+/g, ' '));
  const parseError = () => ({
    status: 400,
    body: quickBooksFault('ValidationFault', 'QueryParserError: Encountered an error parsing the query', '4000'),
  });
  if (!m) return parseError();
  const [, entity, where, orderBy, direction, start, max] = m;
  const startPosition = start ? Number(start) : 1;
  const maxResults = max ? Number(max) : 100;
  if (startPosition < 1 || maxResults < 1 || maxResults > 1000) return parseError();
  const isCustomer = entity!.toLowerCase() === 'customer';
  const customers = isCustomer ? quickBooksCustomers(sandbox) : null;
  let rows: readonly Record<string, unknown>[] = customers
    ? customers.rows
    : invoicesOf('quickbooks').map(quickBooksInvoice);
  if (where) {
    const active = /^active = true$/i.exec(where);
    const idIn = /^id in \(((?:\s*'\d+'\s*,?)+)\)$/i.exec(where);
    const idIs = /^id = '(\d+)'$/i.exec(where);
    if (idIn) {
      const ids = new Set([...idIn[1]!.matchAll(/'(\d+)'/g)].map((x) => x[1]));
      rows = rows.filter((r) => ids.has(String(r.Id)));
    } else if (idIs) rows = rows.filter((r) => r.Id === idIs[1]);
    else if (!active || !isCustomer) return parseError();
  }
  if (orderBy) {
    const field = orderBy === 'DisplayName' || orderBy === 'TxnDate' ? orderBy : null;
    if (!field) return parseError();
    const ordered =
      customers && field === 'DisplayName' && !where
        ? [...customers.sorted]
        : [...rows].sort((a, b) => collator.compare(String(a[field]), String(b[field])));
    rows = direction?.toLowerCase() === 'desc' ? ordered.reverse() : ordered;
  }
  const pageRows = rows.slice(startPosition - 1, startPosition - 1 + maxResults);
  const key = isCustomer ? 'Customer' : 'Invoice';
  return {
    status: 200,
    body: {
      // QuickBooks leaves the array out when nothing matched.
      QueryResponse: pageRows.length > 0 ? { [key]: pageRows, startPosition, maxResults: pageRows.length } : {},
      time: new Date().toISOString(),
    },
  };
}

function sageList(sandbox: IntegrationsSandbox, tenant: string, resource: string, q: Record<string, string>) {
  let rows: readonly Record<string, unknown>[];
  if (resource === 'contacts') {
    rows = sageContacts(sandbox, tenant).rows;
    if (q.contact_type_id && q.contact_type_id !== 'CUSTOMER') rows = [];
  } else if (resource === 'sales_invoices') rows = invoicesOf('sage').map((i) => sageInvoice(tenant, i));
  else return { status: 404, body: sageError('RecordNotFound', 'Resource not found') };
  const perPage = q.items_per_page ? Number(q.items_per_page) : 20;
  const pageNo = q.page ? Number(q.page) : 1;
  if (!Number.isInteger(perPage) || perPage < 1 || perPage > 200 || !Number.isInteger(pageNo) || pageNo < 1)
    return { status: 422, body: sageError('InvalidParameter', 'items_per_page must be 1 to 200 and page at least 1') };
  const slice = rows.slice((pageNo - 1) * perPage, pageNo * perPage);
  const full = q.attributes === 'all';
  const path = `/${resource}`;
  const more = pageNo * perPage < rows.length;
  return {
    status: 200,
    body: {
      $total: rows.length,
      $page: pageNo,
      $next: more ? `${path}?page=${pageNo + 1}&items_per_page=${perPage}` : null,
      $back: pageNo > 1 ? `${path}?page=${pageNo - 1}&items_per_page=${perPage}` : null,
      $itemsPerPage: perPage,
      $items: full ? slice : slice.map((r) => ({ id: r.id, displayed_as: r.displayed_as, $path: r.$path })),
    },
  };
}
