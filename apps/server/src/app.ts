import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyCookie from '@fastify/cookie';
import fastifyMultipart from '@fastify/multipart';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyError } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { registerAccountRoutes } from './modules/account/index.js';
import { registerApiKeyRoutes } from './modules/api-keys/index.js';
import { registerApprovalRoutes } from './modules/approvals/index.js';
import { registerAuditRoutes } from './modules/audit/index.js';
import { registerCompanyRoutes, registerDeliveryPreferenceRoutes } from './modules/company/index.js';
import { registerCustomerImportRoutes, registerCustomerRoutes } from './modules/customers/index.js';
import type { DeliveryDeps } from './modules/delivery/index.js';
import { registerDeliveryApprovals, registerDeliveryRoutes } from './modules/delivery/index.js';
import { registerDepartmentRoutes } from './modules/departments/index.js';
import { registerDownloadRoutes } from './modules/downloads/index.js';
import { registerHealthRoutes } from './modules/health/index.js';
import { registerIdentityRoutes } from './modules/identity/index.js';
import type { Integrations } from './modules/integrations/index.js';
import { registerIntegrations } from './modules/integrations/index.js';
import { registerInsertRoutes, registerLetterheadRoutes } from './modules/letterheads/index.js';
import { registerLetterRoutes } from './modules/letters/index.js';
import { registerMergeRoutes } from './modules/merge/index.js';
import { createPayments, type Payments, registerMoneyRoutes } from './modules/money/index.js';
import { registerNotificationRoutes, registerNotificationStream } from './modules/notifications/index.js';
import { type ParcelDeps, registerParcelApprovals, registerParcelRoutes } from './modules/parcels/index.js';
import { registerStorageRoutes } from './modules/storage/index.js';
import { registerUserRoutes } from './modules/users/index.js';
import { registerWebhookRoutes, webhookEventsOpenApi } from './modules/webhooks/index.js';
import { registerAccessControl } from './platform/access.js';
import { REPO_ROOT } from './platform/config.js';
import { registerCsrf } from './platform/csrf.js';
import { isDatabaseUnavailable } from './platform/db/unavailable.js';
import { AppError, type ErrorCode, errorBody, type FieldError } from './platform/errors.js';
import type { App, PlatformDeps } from './platform/http.js';
import { registerIdempotency } from './platform/idempotency.js';
import { clientErrorHandler, frameworkErrors, registerInputGuards } from './platform/input-guard.js';
import { API_TAGS, documentObject, documentRoute } from './platform/openapi.js';
import { registerInternalHostRedirect } from './platform/public-redirect.js';
import { pgRateLimitStore } from './platform/rate-limit-store.js';
import { registerRequestContext } from './platform/request-context.js';
import { registerSecurityHeaders } from './platform/security-headers.js';
import { createCompanyRegister } from './providers/company-register.js';
import { registerSandboxPaymentRoutes } from './providers/payments-sandbox-routes.js';
import type { PostcodeService } from './providers/postcodes.js';

/** The platform's dependencies and those of the modules that need their own (providers, sandboxes). */
export interface AppDeps extends PlatformDeps {
  /** Where the log goes (standard output by default). */
  logStream?: { write(line: string): void };
  /** The card payment provider (built from the configuration when not given). */
  payments?: Payments;
  /** The delivery channels' providers and what the delivery job needs. */
  delivery: DeliveryDeps;
  /** The carriers and what the parcel jobs need. */
  parcels: ParcelDeps;
  /** The configured postcode service (null: the format alone decides). */
  postcodes?: PostcodeService | null;
  /** The integrations the job workers use too (made here when not given). */
  integrations?: Integrations;
}

export type { App } from './platform/http.js';

const WEB_DIST = path.join(REPO_ROOT, 'apps/web/dist');

/** Builds the HTTP application; nothing listens until the caller does. */
export async function buildApp(deps: AppDeps): Promise<App> {
  const { config } = deps;
  const payments = deps.payments ?? createPayments(config, deps.pool);
  // Stripe Elements is served by Stripe and talks to Stripe: allowed only when Stripe is the provider.
  const stripe = payments.provider.name === 'stripe';
  const app = Fastify({
    logger:
      config.LOG_LEVEL === 'silent'
        ? false
        : {
            level: config.LOG_LEVEL,
            ...(deps.logStream ? { stream: deps.logStream } : {}),
            redact: {
              paths: [
                'req.headers.cookie',
                'req.headers.authorization',
                'req.headers["x-csrf-token"]',
                'res.headers["set-cookie"]',
              ],
              censor: '[redacted]',
            },
          },
    bodyLimit: config.BODY_LIMIT_BYTES,
    requestIdHeader: 'x-request-id',
    genReqId: () => randomUUID(),
    // Only the proxies the operator names (TRUST_PROXY) may say who the client is.
    trustProxy: typeof config.TRUST_PROXY === 'number' ? trustHops(config.TRUST_PROXY) : config.TRUST_PROXY,
    routerOptions: { ignoreTrailingSlash: true },
    // What the router and Node's HTTP parser refuse answers in the error catalogue's shape too.
    frameworkErrors,
    clientErrorHandler,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  registerRequestContext(app);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  registerInputGuards(app);

  // Browsers that reach an internal host are sent to the public site, same path and query.
  registerInternalHostRedirect(app, { internalHosts: config.internalHosts, publicUrl: config.PUBLIC_URL });

  registerSecurityHeaders(app, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...(stripe ? ['https://js.stripe.com'] : [])],
        // MUI (emotion) injects style elements at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", ...(stripe ? ['https://api.stripe.com'] : [])],
        frameSrc: stripe ? ['https://js.stripe.com', 'https://hooks.stripe.com'] : ["'none'"],
        workerSrc: ["'self'", 'blob:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: config.secureCookies ? [] : null,
      },
    },
    hsts: config.secureCookies,
    crossOriginEmbedderPolicy: false,
  });
  await app.register(fastifyCookie);
  await app.register(fastifyMultipart);
  await registerCsrf(app, { secret: config.authSecret, secureCookies: config.secureCookies });
  await app.register(fastifyRateLimit, {
    global: false,
    // Counted in PostgreSQL: every process of the installation shares one count per client.
    store: pgRateLimitStore(deps.pool),
    errorResponseBuilder: (_req, ctx) => ({ ...errorBody('RATE_LIMITED'), statusCode: ctx.statusCode }),
  });

  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'LetterPost API',
        version: '0.1.0',
        description:
          'Send letters and parcels for UK companies. A program calls with `Authorization: Bearer lp_live_…` (an API key ' +
          'made in Account settings → Developers) and needs no CSRF token. The web app uses a cookie session; its ' +
          'non-GET calls need the x-csrf-token header from GET /api/csrf. A request carrying both is refused (400).',
      },
      servers: [{ url: config.PUBLIC_URL, description: 'This installation (PUBLIC_URL)' }],
      webhooks: webhookEventsOpenApi(),
      tags: API_TAGS.map((t) => ({ ...t })),
      components: {
        securitySchemes: {
          session: { type: 'apiKey', in: 'cookie', name: 'lp.session_token' },
          bearer: { type: 'http', scheme: 'bearer', description: 'An API key: lp_live_<prefix>_<secret> or lp_test_…' },
        },
      },
    },
    // Each operation's tag, operationId, security and refusals (platform/openapi.ts).
    transform: documentRoute,
    transformObject: documentObject,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs', staticCSP: true });
  app.get('/api/openapi.json', { schema: { hide: true }, config: { access: { kind: 'public' } } }, async () =>
    app.swagger(),
  );

  registerAccessControl(app, {
    pool: deps.pool,
    secret: config.authSecret,
    secureCookies: config.secureCookies,
    keyLimits: { perKey: config.API_KEY_RATE_LIMIT, perCompany: config.COMPANY_API_RATE_LIMIT },
  });
  registerIdempotency(app, deps.pool);
  app.setErrorHandler((error: FastifyError & { validation?: unknown }, request, reply) => {
    const { status, body } = toErrorAnswer(error);
    if (status >= 500 && status !== 507) request.log.error({ err: error }, 'request failed');
    else request.log.info({ code: body.code, status }, 'request refused');
    return reply.status(status).send(body);
  });

  registerHealthRoutes(app, deps);
  registerIdentityRoutes(app, deps);
  registerAccountRoutes(app, deps);
  registerNotificationRoutes(app, deps);
  registerNotificationStream(app, deps);
  registerUserRoutes(app, deps);
  registerDepartmentRoutes(app, deps);
  registerApprovalRoutes(app, deps);
  registerAuditRoutes(app, deps);
  registerApiKeyRoutes(app, deps);
  registerWebhookRoutes(app, deps);
  registerLetterRoutes(app, deps);
  registerMoneyRoutes(app, { ...deps, payments });
  app.decorate('payments', payments);
  registerDeliveryPreferenceRoutes(app, deps);
  registerCompanyRoutes(app, { pool: deps.pool, register: createCompanyRegister(config) });
  registerDeliveryRoutes(app, deps.delivery);
  registerCustomerRoutes(app, { pool: deps.pool, postcodes: deps.postcodes ?? null, hub: deps.hub });
  registerCustomerImportRoutes(app, { pool: deps.pool, postcodes: deps.postcodes ?? null });
  registerLetterheadRoutes(app, { pool: deps.pool, blobs: deps.blobs });
  registerInsertRoutes(app, { pool: deps.pool, blobs: deps.blobs });
  registerStorageRoutes(app, { pool: deps.pool, blobs: deps.blobs });
  registerMergeRoutes(app, deps);
  registerDownloadRoutes(app, { config });
  registerIntegrations(app, {
    config,
    pool: deps.pool,
    blobs: deps.blobs,
    postcodes: deps.postcodes ?? null,
    integrations: deps.integrations,
  });
  registerDeliveryApprovals();
  registerParcelRoutes(app, deps.parcels);
  registerParcelApprovals();
  if (payments.sandbox) {
    const sandbox = payments.sandbox;
    registerSandboxPaymentRoutes(app, sandbox);
    // The sandbox's events reach the webhook route through the whole HTTP pipeline, as Stripe's would.
    sandbox.setEventSink(async (raw, signature) => {
      const res = await app.inject({
        method: 'POST',
        url: '/api/payments/webhook',
        payload: raw,
        headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      });
      return res.statusCode;
    });
    app.addHook('onClose', async () => sandbox.close());
  }

  const serveWeb = config.serveWeb && existsSync(path.join(WEB_DIST, 'index.html'));
  if (serveWeb) {
    await app.register(fastifyStatic, {
      root: WEB_DIST,
      wildcard: false,
      index: false,
      maxAge: '1h',
      setHeaders: (reply, filePath) => {
        // Hashed assets never change; the HTML shell must always be fresh.
        if (filePath.includes(`${path.sep}assets${path.sep}`))
          reply.header('cache-control', 'public, max-age=31536000, immutable');
        // The page itself revalidates every time, so a release is picked up at once (issue 24 item
        // 10): fastify-static's maxAge would otherwise keep an old page an hour, asking for chunks
        // that no longer exist.
        else if (filePath.endsWith('.html')) reply.header('cache-control', 'no-cache');
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const isApi = request.url.startsWith('/api/') || request.url === '/api';
    if (!isApi && !isStaticFile(request.url) && serveWeb && (request.method === 'GET' || request.method === 'HEAD')) {
      // The single-page app owns every other path; it renders its own not-found page. A missing
      // file (a picture, an old build's chunk) answers 404, not the page: an <img> shows as broken
      // and a stale chunk fails loudly instead of being fed HTML.
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return reply.status(404).send(errorBody('NOT_FOUND'));
  });

  return app;
}

/** A path naming a file the web build or public folder would hold (by its extension). */
const STATIC_FILE = /\.(?:m?js|css|map|png|jpe?g|gif|svg|webp|ico|json|webmanifest|woff2?|txt|wasm)$/i;
const isStaticFile = (url: string) => STATIC_FILE.test(url.split('?')[0] ?? '');

function toErrorAnswer(error: FastifyError & { validation?: unknown }): {
  status: number;
  body: ReturnType<typeof errorBody>;
} {
  if (error instanceof AppError) {
    return { status: error.status, body: errorBody(error.code, error.message, error.fields) };
  }
  if (error.validation) {
    const fields = zodIssuesToFields(error.validation, error.validationContext);
    return { status: 422, body: errorBody('VALIDATION_FAILED', fields[0]?.message, fields) };
  }
  const byCode: Record<string, ErrorCode> = {
    FST_ERR_CTP_INVALID_JSON_BODY: 'INVALID_JSON',
    FST_ERR_CTP_EMPTY_JSON_BODY: 'INVALID_JSON',
    FST_ERR_CTP_BODY_TOO_LARGE: 'BODY_TOO_LARGE',
    FST_ERR_CTP_INVALID_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
    FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'INVALID_JSON',
    FST_CSRF_INVALID_TOKEN: 'CSRF_INVALID',
    FST_CSRF_MISSING_SECRET: 'CSRF_INVALID',
  };
  const code = byCode[error.code] ?? (error instanceof SyntaxError ? 'INVALID_JSON' : undefined);
  if (code) return { status: errorBody(code).statusCode, body: errorBody(code) };
  if (error.statusCode === 429) return { status: 429, body: errorBody('RATE_LIMITED') };
  if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
    return {
      status: error.statusCode,
      body: { ...errorBody('VALIDATION_FAILED', error.message), statusCode: error.statusCode },
    };
  }
  // The database is away (stopped, restarting, unreachable): a clear 503 until it is back.
  if (isDatabaseUnavailable(error)) return { status: 503, body: errorBody('UNAVAILABLE') };
  return { status: 500, body: errorBody('INTERNAL') };
}

function zodIssuesToFields(validation: unknown, context: string | undefined): FieldError[] {
  if (!Array.isArray(validation)) return [];
  return validation.map((issue: { instancePath?: string; message?: string }) => {
    const p = (issue.instancePath ?? '').replace(/^\//, '').replace(/\//g, '.');
    return { path: p || (context ?? ''), message: issue.message ?? 'Invalid value' };
  });
}

/** Believes the nearest `hops` proxies (what Express calls a hop count): the address before them is the client's. */
function trustHops(hops: number) {
  return (_address: string, hop: number) => hop < hops;
}
