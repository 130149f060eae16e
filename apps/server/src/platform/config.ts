import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { parseKeyList, type SecretKey } from './secrets.js';

/** The repository root, where `data/` lives by default. */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

const bool = z
  .enum(['true', 'false', '1', '0'])
  .transform((v) => v === 'true' || v === '1')
  .optional();

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  /** The public address of the product, used in emailed links. */
  PUBLIC_URL: z.url().optional(),
  /** Host names of internal servers; a browser arriving on one is redirected to PUBLIC_URL. */
  INTERNAL_HOSTS: z.string().default(''),
  DATA_DIR: z.string().default(path.join(REPO_ROOT, 'data')),
  /** Any PostgreSQL 15+ server; when unset the product starts its embedded PostgreSQL under DATA_DIR. */
  DATABASE_URL: z.string().optional(),
  EMBEDDED_PG_PORT: z.coerce.number().int().min(1).max(65535).default(54329),
  /** Secret for signing session cookies; generated and kept under DATA_DIR when unset. */
  AUTH_SECRET: z.string().min(32).optional(),
  /** SMTP server for mail (smtp://user:pass@host:port); unset writes mail to DATA_DIR/outbox. */
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('LetterPost <no-reply@letterpost.local>'),
  /** all: web, API and workers in one process; api: no workers; worker: workers only. */
  ROLE: z.enum(['all', 'api', 'worker']).default('all'),
  WORKER_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(4),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Requests per minute per client address on sign-in, sign-up and password reset. */
  AUTH_RATE_LIMIT: z.coerce.number().int().min(1).default(20),
  /** Requests a minute one API key may make (issue 26); over it, 429 with Retry-After. */
  API_KEY_RATE_LIMIT: z.coerce.number().int().min(1).default(1_200),
  /** Requests a minute all of a company's API keys together may make. */
  COMPANY_API_RATE_LIMIT: z.coerce.number().int().min(1).default(3_000),
  /** Wrong passwords per account (whatever the address) in 15 minutes before its sign-ins are refused for the rest of them. */
  ACCOUNT_SIGN_IN_FAILURES: z.coerce.number().int().min(1).default(10),
  /**
   * Which proxies in front of the server are believed about the client's address (X-Forwarded-For):
   * unset, none (the address is the connection's); a number, that many hops; or a comma-separated
   * list of addresses, CIDR ranges or `loopback`/`linklocal`/`uniquelocal`. "Trust everyone" is
   * not offered: it would let any client choose its address and step round the rate limits.
   */
  TRUST_PROXY: z
    .string()
    .optional()
    .transform((v, ctx): number | string[] | false => {
      const t = v?.trim();
      if (!t || t === 'false' || t === '0') return false;
      if (/^\d+$/.test(t)) return Number(t);
      const list = t
        .split(',')
        .map((a) => a.trim())
        .filter(Boolean);
      const ok = list.every(
        (a) => ['loopback', 'linklocal', 'uniquelocal'].includes(a) || isIP(a.split('/')[0] ?? '') !== 0,
      );
      if (!ok || list.length === 0) {
        ctx.addIssue({
          code: 'custom',
          message: 'a hop count, or addresses / CIDR ranges / loopback, linklocal, uniquelocal separated by commas',
        });
        return z.NEVER;
      }
      return list;
    }),
  BODY_LIMIT_BYTES: z.coerce.number().int().min(1024).default(1_048_576),
  SECURE_COOKIES: bool,
  SERVE_WEB: bool,
  /** A postcode validation service (GET {url}/postcodes/{postcode}/validate); "sandbox" for the built-in one; unset: format only. */
  POSTCODE_SERVICE_URL: z.string().optional(),
  /** Ideal Postcodes' API key: set, "Find address" asks Ideal Postcodes; unset, the built-in sandbox (decision 0034). */
  IDEAL_POSTCODES_API_KEY: z.string().min(1).optional(),
  IDEAL_POSTCODES_BASE_URL: z.url().optional(),
  /** The address lookup sandbox's latency (its answers take up to this long). */
  ADDRESS_SANDBOX_LATENCY_MS: z.coerce.number().int().min(0).max(60_000).default(150),
  /** Companies House's public data API key: set, registration lookups go to the register; unset, to the built-in sandbox. */
  COMPANIES_HOUSE_API_KEY: z.string().min(1).optional(),
  COMPANIES_HOUSE_BASE_URL: z.url().optional(),
  /** How the company register sandbox behaves: its answers' latency, and whether it answers as if down. */
  COMPANY_REGISTER_SANDBOX_LATENCY_MS: z.coerce.number().int().min(0).max(60_000).default(400),
  COMPANY_REGISTER_SANDBOX_DOWN: bool,
  /** The LibreOffice program that converts Word letters to PDF (a name on PATH or a path). */
  SOFFICE_PATH: z.string().min(1).default('soffice'),
  RESET_TOKEN_TTL_SECONDS: z.coerce.number().int().min(60).default(3600),
  INVITATION_TTL_DAYS: z.coerce.number().int().min(1).default(14),
  /** Stripe keys: all three set selects Stripe for card top-ups; none set selects the built-in sandbox. */
  STRIPE_SECRET_KEY: z.string().min(1).optional(),
  STRIPE_PUBLISHABLE_KEY: z.string().min(1).optional(),
  STRIPE_WEBHOOK_SECRET: z.string().min(1).optional(),
  /** The sandbox's answers take up to this long (ms), its events up to PAYMENTS_SANDBOX_EVENT_DELAY_MS to arrive. */
  PAYMENTS_SANDBOX_LATENCY_MS: z.coerce.number().int().min(0).max(60_000).default(700),
  PAYMENTS_SANDBOX_EVENT_DELAY_MS: z.coerce.number().int().min(0).max(60_000).default(1500),
  /** The share of sandbox events delivered twice, as a real provider sometimes does. */
  PAYMENTS_SANDBOX_DUPLICATE_RATE: z.coerce.number().min(0).max(1).default(0.1),
  /** Where companies send bank transfers (shown in Add Funds, with the account id as the reference). */
  BANK_ACCOUNT_NAME: z.string().default('LetterPost Ltd'),
  BANK_SORT_CODE: z.string().default('04-00-04'),
  BANK_ACCOUNT_NUMBER: z.string().default('00000000'),
  /** Who receipts are issued by. */
  RECEIPT_ISSUER_NAME: z.string().default('LetterPost Ltd'),
  RECEIPT_ISSUER_ADDRESS: z.string().default('1 Example Street, London, EC1A 1BB'),
  VAT_NUMBER: z.string().optional(),
  /** Twilio's Messages API for text messages: all three set, or none for the built-in sandbox. */
  TWILIO_ACCOUNT_SID: z.string().min(1).optional(),
  TWILIO_AUTH_TOKEN: z.string().min(1).optional(),
  /** A sending number in E.164 or a Messaging Service SID (MG...). */
  TWILIO_FROM: z.string().min(1).optional(),
  TWILIO_BASE_URL: z.url().optional(),
  /** Stannp's letters API for printing and posting: both set, or none for the built-in sandbox. */
  STANNP_API_KEY: z.string().min(1).optional(),
  STANNP_WEBHOOK_SECRET: z.string().min(1).optional(),
  STANNP_BASE_URL: z.url().optional(),
  /** Stannp's test mode: nothing is printed or charged. */
  STANNP_TEST: bool,
  /** The text message sandbox: answers after up to this many ms; this share of messages ends undelivered. */
  SMS_SANDBOX_LATENCY_MS: z.coerce.number().int().min(0).max(60_000).default(300),
  SMS_SANDBOX_FAILURE_RATE: z.coerce.number().min(0).max(1).default(0),
  /** The print sandbox: answers after up to this many ms; this share of letters comes back returned. */
  PRINT_SANDBOX_LATENCY_MS: z.coerce.number().int().min(0).max(60_000).default(400),
  PRINT_SANDBOX_FAILURE_RATE: z.coerce.number().min(0).max(1).default(0),
  /** How long a letter waits in the print sandbox before production (its cancel window), and between statuses. */
  PRINT_SANDBOX_PRODUCTION_DELAY_MS: z.coerce.number().int().min(0).max(3_600_000).default(10_000),
  PRINT_SANDBOX_STEP_MS: z.coerce.number().int().min(0).max(3_600_000).default(3_000),
  /** Royal Mail Click & Drop (parcels); without a key Royal Mail is the built-in sandbox like the other carriers. */
  CLICK_AND_DROP_API_KEY: z.string().min(1).optional(),
  CLICK_AND_DROP_BASE_URL: z.url().optional(),
  /** How long a quote waits for each carrier before that carrier's row says it did not answer. */
  /** How often a label still being made is asked for again. */
  CARRIER_LABEL_POLL_MS: z.coerce.number().int().min(10).max(600_000).default(2_000),
  CARRIER_QUOTE_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(4_000),
  /** The carrier sandboxes: answer after up to this many ms; this share of bookings fails once (retried). */
  CARRIER_SANDBOX_LATENCY_MS: z.coerce.number().int().min(0).max(60_000).default(300),
  CARRIER_SANDBOX_FAILURE_RATE: z.coerce.number().min(0).max(1).default(0.02),
  /** How long a sandbox carrier takes to make a label, and between tracking events. */
  CARRIER_SANDBOX_LABEL_DELAY_MS: z.coerce.number().int().min(0).max(3_600_000).default(3_000),
  CARRIER_SANDBOX_TRACKING_STEP_MS: z.coerce.number().int().min(0).max(86_400_000).default(30_000),
  /**
   * Keys sealing integration tokens: `k1:<base64 of 32 bytes>,k2:...`; the first seals, all open
   * (rotation: put the new key first, keep the old one until its values are re-sealed). Unset: a
   * key derived from AUTH_SECRET.
   */
  INTEGRATION_KEYS: z
    .string()
    .optional()
    .transform((v, ctx): SecretKey[] => {
      if (!v?.trim()) return [];
      try {
        return parseKeyList(v);
      } catch (error) {
        // The parser's words name key ids, never key material.
        ctx.addIssue({ code: 'custom', message: (error as Error).message });
        return z.NEVER;
      }
    }),
  /** Each integration's OAuth client: both set selects the provider itself; none, the built-in sandbox. */
  XERO_CLIENT_ID: z.string().min(1).optional(),
  XERO_CLIENT_SECRET: z.string().min(1).optional(),
  QUICKBOOKS_CLIENT_ID: z.string().min(1).optional(),
  QUICKBOOKS_CLIENT_SECRET: z.string().min(1).optional(),
  /** Intuit's development companies live on its sandbox API host. */
  QUICKBOOKS_ENVIRONMENT: z.enum(['production', 'sandbox']).default('production'),
  SAGE_CLIENT_ID: z.string().min(1).optional(),
  SAGE_CLIENT_SECRET: z.string().min(1).optional(),
  GOOGLE_DRIVE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_DRIVE_CLIENT_SECRET: z.string().min(1).optional(),
  DROPBOX_CLIENT_ID: z.string().min(1).optional(),
  DROPBOX_CLIENT_SECRET: z.string().min(1).optional(),
  ONEDRIVE_CLIENT_ID: z.string().min(1).optional(),
  ONEDRIVE_CLIENT_SECRET: z.string().min(1).optional(),
  /** The integrations sandbox: answers after up to this many ms. */
  INTEGRATIONS_SANDBOX_LATENCY_MS: z.coerce.number().int().min(0).max(60_000).default(250),
  /** Its access tokens' life in seconds (unset: each provider's own, at most 10 minutes, so refreshing happens while people try it). */
  INTEGRATIONS_SANDBOX_TOKEN_SECONDS: z.coerce.number().int().min(1).max(86_400).optional(),
  /** The window its rate limits count in (each provider's calls a minute are allowed per this many ms). */
  INTEGRATIONS_SANDBOX_RATE_WINDOW_MS: z.coerce.number().int().min(100).max(3_600_000).default(60_000),
  /** The share of the sandbox drives' upload calls that answer 503 (to see retries). */
  INTEGRATIONS_SANDBOX_DRIVE_FAILURE_RATE: z.coerce.number().min(0).max(1).default(0),
  /** How many customers the sandbox's demo company has (30 written out; more made up the same every time, for trying large imports). */
  INTEGRATIONS_SANDBOX_CONTACTS: z.coerce.number().int().min(30).max(100_000).default(30),
  /** The desktop installers offered at /download/{os}: files in its windows/ and mac/ folders (default DATA_DIR/installers). */
  INSTALLERS_DIR: z.string().min(1).optional(),
  /** Where files live: `file` under DATA_DIR/blobs (one machine), or `s3` (S3 or an S3-compatible store; any number of processes). */
  BLOB_STORE: z.enum(['file', 's3']).default('file'),
  S3_BUCKET: z.string().min(1).optional(),
  S3_REGION: z.string().min(1).default('eu-west-2'),
  /** An S3-compatible service (MinIO, Ceph, R2...); unset for AWS. */
  S3_ENDPOINT: z.url().optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  /** Path-style addresses (host/bucket/key); by default on with S3_ENDPOINT, off for AWS. */
  S3_FORCE_PATH_STYLE: bool,
  /** Put in front of every key, so that one bucket can serve several installations. */
  S3_PREFIX: z
    .string()
    .regex(/^[a-z0-9][a-z0-9/._-]*$/i, 'letters, digits and / . _ - only')
    .refine((p) => !p.includes('..'), 'no ..')
    .optional(),
});

export type Config = Omit<z.infer<typeof envSchema>, 'PUBLIC_URL' | 'INTEGRATION_KEYS'> & {
  PUBLIC_URL: string;
  /** INTEGRATION_KEYS parsed (empty: the key derived from AUTH_SECRET seals). */
  integrationKeys: SecretKey[];
  authSecret: string;
  secureCookies: boolean;
  s3ForcePathStyle: boolean;
  serveWeb: boolean;
  internalHosts: string[];
};

/** Parses the environment once; throws with every problem listed. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid configuration: ${problems}`);
  }
  const c = parsed.data;
  // By default the product is reached where it listens.
  const PUBLIC_URL = c.PUBLIC_URL ?? `http://localhost:${c.PORT}`;
  const stripeKeys = [c.STRIPE_SECRET_KEY, c.STRIPE_PUBLISHABLE_KEY, c.STRIPE_WEBHOOK_SECRET];
  if (stripeKeys.some(Boolean) && !stripeKeys.every(Boolean))
    throw new Error(
      'Invalid configuration: STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET are set together or not at all',
    );
  const twilio = [c.TWILIO_ACCOUNT_SID, c.TWILIO_AUTH_TOKEN, c.TWILIO_FROM];
  if (twilio.some(Boolean) && !twilio.every(Boolean))
    throw new Error(
      'Invalid configuration: TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM are set together or not at all',
    );
  if (Boolean(c.STANNP_API_KEY) !== Boolean(c.STANNP_WEBHOOK_SECRET))
    throw new Error('Invalid configuration: STANNP_API_KEY and STANNP_WEBHOOK_SECRET are set together or not at all');
  for (const p of ['XERO', 'QUICKBOOKS', 'SAGE', 'GOOGLE_DRIVE', 'DROPBOX', 'ONEDRIVE'] as const) {
    if (Boolean(c[`${p}_CLIENT_ID`]) !== Boolean(c[`${p}_CLIENT_SECRET`]))
      throw new Error(`Invalid configuration: ${p}_CLIENT_ID and ${p}_CLIENT_SECRET are set together or not at all`);
  }
  if (c.BLOB_STORE === 's3') {
    // Names only: the values (a secret among them) are never part of the message.
    const unset = (['S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const).filter((k) => !c[k]);
    if (unset.length > 0)
      throw new Error(`Invalid configuration: BLOB_STORE=s3 needs ${unset.join(', ')} (see docs/operations.md)`);
  }
  const { INTEGRATION_KEYS: integrationKeys, ...rest } = c;
  return {
    ...rest,
    integrationKeys,
    PUBLIC_URL,
    authSecret: c.AUTH_SECRET ?? localSecret(c.DATA_DIR, 'auth-secret'),
    secureCookies: c.SECURE_COOKIES ?? PUBLIC_URL.startsWith('https://'),
    s3ForcePathStyle: c.S3_FORCE_PATH_STYLE ?? Boolean(c.S3_ENDPOINT),
    serveWeb: c.SERVE_WEB ?? c.NODE_ENV !== 'test',
    internalHosts: c.INTERNAL_HOSTS.split(',')
      .map((h) => h.trim().toLowerCase())
      .filter(Boolean),
  };
}

/** A random secret created once and kept in DATA_DIR (mode 0600), so the embedded default needs no set-up. */
export function localSecret(dataDir: string, name: string): string {
  const file = path.join(dataDir, name);
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
