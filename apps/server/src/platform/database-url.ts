import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Config } from './config.js';

/** The URL of the configured server, or of the embedded one a running product started under DATA_DIR. */
export function databaseUrlFor(config: Config): string {
  if (config.DATABASE_URL) return config.DATABASE_URL;
  const file = path.join(config.DATA_DIR, 'pg-password');
  if (!existsSync(file))
    throw new Error(`No DATABASE_URL and no embedded database under ${config.DATA_DIR}; start the product first.`);
  const password = readFileSync(file, 'utf8').trim();
  return `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${config.EMBEDDED_PG_PORT}/postgres`;
}
