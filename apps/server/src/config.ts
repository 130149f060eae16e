import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

/** The repository root, where `data/` lives by default. */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

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
  MAIL_FROM: z.string().default('Letterpost <no-reply@letterpost.local>'),
  /** all: web, API and workers in one process; api: no workers; worker: workers only. */
  ROLE: z.enum(['all', 'api', 'worker']).default('all'),
  WORKER_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(4),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Requests per minute per client address on sign-in, sign-up and password reset. */
  AUTH_RATE_LIMIT: z.coerce.number().int().min(1).default(20),
  BODY_LIMIT_BYTES: z.coerce.number().int().min(1024).default(1_048_576),
  SECURE_COOKIES: bool,
  SERVE_WEB: bool,
  /** A postcode validation service (GET {url}/postcodes/{postcode}/validate); "sandbox" for the built-in one; unset: format only. */
  POSTCODE_SERVICE_URL: z.string().optional(),
  /** The LibreOffice program that converts Word letters to PDF (a name on PATH or a path). */
  SOFFICE_PATH: z.string().min(1).default('soffice'),
  RESET_TOKEN_TTL_SECONDS: z.coerce.number().int().min(60).default(3600),
  INVITATION_TTL_DAYS: z.coerce.number().int().min(1).default(14),
});

export type Config = Omit<z.infer<typeof envSchema>, 'PUBLIC_URL'> & {
  PUBLIC_URL: string;
  authSecret: string;
  secureCookies: boolean;
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
  return {
    ...c,
    PUBLIC_URL,
    authSecret: c.AUTH_SECRET ?? localSecret(c.DATA_DIR, 'auth-secret'),
    secureCookies: c.SECURE_COOKIES ?? PUBLIC_URL.startsWith('https://'),
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
