import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { type APIRequestContext, expect, type Page } from '@playwright/test';
import axe from 'axe-core';
import { E2E_DATA_DIR, E2E_PG_PORT, E2E_PORT } from '../playwright.config';

const ROOT = path.join(import.meta.dirname, '../..');

export function uniqueEmail(prefix: string) {
  return `${prefix}-${randomBytes(4).toString('hex')}@example.com`;
}

export interface Company {
  companyName: string;
  fullName: string;
  email: string;
  password: string;
  accountId: string;
}

/** Registers a company through the API (tests sign in by API, except the sign-in journeys). */
export async function signUpByApi(request: APIRequestContext, overrides: Partial<Company> = {}): Promise<Company> {
  const body = {
    companyName: 'Journey Ltd',
    fullName: 'Jane Journey',
    email: uniqueEmail('owner'),
    password: 'journey password',
    ...overrides,
  };
  const { token } = await (await request.get('/api/csrf')).json();
  const res = await request.post('/api/signup', {
    headers: { 'x-csrf-token': token },
    data: { companyName: body.companyName, fullName: body.fullName, email: body.email, password: body.password },
  });
  expect(res.status()).toBe(201);
  const me = await res.json();
  return { ...body, accountId: me.account.id };
}

/** Mail in the product's local outbox, newest last. */
export async function outbox(): Promise<Array<{ to: string; subject: string; links: string[] }>> {
  const dir = path.join(E2E_DATA_DIR, 'outbox');
  const files = (await readdir(dir).catch(() => [])).filter((f) => f.endsWith('.json')).sort();
  return Promise.all(files.map(async (f) => JSON.parse(await readFile(path.join(dir, f), 'utf8'))));
}

/** Waits for the newest mail to an address (the mail job runs in the product's worker). */
export async function waitForMail(to: string) {
  let found: { to: string; subject: string; links: string[] } | undefined;
  await expect
    .poll(async () => {
      found = (await outbox()).filter((m) => m.to === to).at(-1);
      return found !== undefined;
    })
    .toBe(true);
  return found!;
}

/** Creates an invitation with the server's CLI (the server function), which also emails the link. */
export function inviteByCli(accountId: string, email: string, name: string, permissions: string[]): string {
  const out = execFileSync(
    process.execPath,
    [
      'apps/server/dist/cli.js',
      'invite',
      '--account',
      accountId,
      '--email',
      email,
      '--name',
      name,
      '--permissions',
      permissions.join(','),
    ],
    {
      cwd: ROOT,
      env: {
        ...process.env,
        DATA_DIR: E2E_DATA_DIR,
        EMBEDDED_PG_PORT: String(E2E_PG_PORT),
        PUBLIC_URL: `http://localhost:${E2E_PORT}`,
      },
    },
  ).toString();
  return JSON.parse(out.trim().split('\n').at(-1)!).link as string;
}

/** Runs axe in the page; returns the serious and critical violations. */
export async function axeViolations(page: Page) {
  await page.addScriptTag({ content: axe.source });
  const results = await page.evaluate(async () => {
    // biome-ignore lint/suspicious/noExplicitAny: axe is injected as a global script
    const r = await (window as any).axe.run(document, { resultTypes: ['violations'] });
    return r.violations as Array<{
      id: string;
      impact: string;
      help: string;
      nodes: Array<{ target: string[]; html: string }>;
    }>;
  });
  return results
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      targets: v.nodes.map((n) => `${n.target.join(' ')}: ${n.html.slice(0, 160)}`),
    }));
}
