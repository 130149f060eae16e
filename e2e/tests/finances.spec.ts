import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import pg from 'pg';
import { E2E_DATA_DIR, E2E_PG_PORT, E2E_PORT } from '../playwright.config';
import { axeViolations, signUpByApi } from './support';

const ROOT = path.join(import.meta.dirname, '../..');
// The sandbox answers after up to 0.7 s and its events take up to 1.5 s: room for both.
test.setTimeout(60_000);
// axe is injected as an inline script, which the product's CSP forbids.
test.use({ bypassCSP: true });

/** The server's CLI against the product's embedded database (as an operator runs it). */
function cli(args: string[]) {
  return execFileSync(process.execPath, ['apps/server/dist/cli.js', ...args], {
    cwd: ROOT,
    env: {
      ...process.env,
      DATA_DIR: E2E_DATA_DIR,
      EMBEDDED_PG_PORT: String(E2E_PG_PORT),
      PUBLIC_URL: `http://localhost:${E2E_PORT}`,
    },
  }).toString();
}

/** Moves a company's plan renewal into the past, as a month passing would. */
async function makeRenewalDue(accountId: string) {
  const { readFileSync } = await import('node:fs');
  const password = readFileSync(path.join(E2E_DATA_DIR, 'pg-password'), 'utf8').trim();
  const client = new pg.Client({
    connectionString: `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${E2E_PG_PORT}/postgres`,
  });
  await client.connect();
  try {
    await client.query(`update accounts set plan_renews_at = now() - interval '1 second' where id = $1`, [accountId]);
  } finally {
    await client.end();
  }
}

async function payByCard(page: Page, pounds: string, card: string) {
  const dialog = page.getByRole('dialog', { name: 'Add Funds' });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Amount (£)').fill(pounds);
  await dialog.getByLabel('Card number').fill(card);
  await dialog.getByLabel('Expiry (MM/YY)').fill('12/34');
  await dialog.getByLabel('CVC').fill('123');
  await dialog.getByRole('button', { name: 'Pay' }).click();
  return dialog;
}

test('tops up £25 with the sandbox card: the balance and the transaction show, with a receipt', async ({ page }) => {
  const company = await signUpByApi(page.request, { companyName: 'Top Up Ltd', fullName: 'Tina Topup' });
  await page.goto('/finances');
  await expect(page.getByRole('heading', { level: 1, name: 'Finances' })).toBeVisible();
  await page.getByRole('button', { name: 'Add Funds' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Add Funds' });
  // The bank details carry the account reference (the account ID people see, decision 0031) as the reference.
  const { reference } = (await (await page.request.get('/api/company')).json()) as { reference: string };
  expect(reference).toMatch(/^LP-[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{3}$/);
  await expect(dialog.getByTestId('bank-reference')).toHaveText(reference);
  expect(company.accountId).not.toBe(reference);
  // Below 30p the spec's message shows and nothing is sent.
  await dialog.getByLabel('Amount (£)').fill('0.29');
  await dialog.getByRole('button', { name: 'Pay' }).click();
  await expect(dialog.getByText('Minimum top up amount: 30p').first()).toBeVisible();

  await payByCard(page, '25', '4242 4242 4242 4242');
  await expect(
    page.getByText('Processing transaction. Please DO NOT leave this page until the transaction is fulfilled.'),
  ).toBeVisible();
  await expect(page.getByText('£25.00 was added to your balance.')).toBeVisible({ timeout: 15_000 });
  await expect(dialog).toBeHidden();
  const widget = page.getByTestId('balance-widget');
  await expect(widget).toContainText('£25.00');
  const table = page.getByRole('table', { name: 'Transactions' });
  await expect(table.getByRole('row').filter({ hasText: 'Card top-up' })).toContainText('£25.00');
  const download = page.waitForEvent('download');
  await table
    .getByRole('link', { name: /^Receipt/ })
    .first()
    .click();
  expect((await download).suggestedFilename()).toMatch(/^receipt-txn_.*\.pdf$/);
  expect(await axeViolations(page)).toEqual([]);
});

test('a declined card says why, and nothing is added', async ({ page }) => {
  await signUpByApi(page.request, { companyName: 'Declined Ltd', fullName: 'Dee Clined' });
  await page.goto('/finances');
  await page.getByRole('button', { name: 'Add Funds' }).first().click();
  const dialog = await payByCard(page, '40', '4000 0000 0000 9995');
  await expect(dialog.getByText('Payment failed Your card has insufficient funds.')).toBeVisible({ timeout: 15_000 });
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByTestId('balance-widget')).toContainText('£0.00');
  const res = await page.request.get('/api/finances/transactions');
  expect((await res.json()).count).toBe(0);
});

test('a renewal without funds suspends the account; a top-up pays the fee and lifts it', async ({ page }) => {
  const company = await signUpByApi(page.request, { companyName: 'Renewal Ltd', fullName: 'Rene Wall' });
  // The company pays £29 by bank transfer (its reference typed in lower case with spaces) and chooses Business.
  const { reference } = (await (await page.request.get('/api/company')).json()) as { reference: string };
  const recorded = JSON.parse(
    cli([
      'record-transfer',
      '--account',
      reference.toLowerCase().replaceAll('-', ' '),
      '--amount',
      '29.00',
      '--reference',
      `BANK-${company.accountId}`,
    ])
      .trim()
      .split('\n')
      .at(-1)!,
  );
  expect(recorded.amount).toBe(2900);
  await page.goto('/plans');
  await expect(page.getByRole('heading', { level: 1, name: 'Plans' })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  const business = page.getByRole('article', { name: 'Business' });
  await business.getByRole('button', { name: 'Select Plan' }).click();
  const confirm = page.getByRole('dialog', { name: 'Select the Business plan?' });
  await expect(confirm).toContainText('£29.00 is taken now for its first month');
  await confirm.getByRole('button', { name: 'Yes' }).click();
  await expect(
    page.getByText('You are now on the Business plan. £29.00 was taken from your balance for its first month.'),
  ).toBeVisible();
  await expect(business.getByRole('button', { name: 'Select Plan' })).toBeDisabled();

  // A month later the balance is empty: the renewal suspends the account.
  await makeRenewalDue(company.accountId);
  expect(JSON.parse(cli(['renew-plans']).trim().split('\n').at(-1)!)).toMatchObject({ suspended: 1 });
  await page.goto('/');
  const banner = page.getByTestId('suspended-banner');
  await expect(banner).toContainText(
    "Your account has been suspended. You didn't have sufficient funds for your Business subscription.",
  );
  await expect(banner).toContainText('£29.00');
  await expect(page.getByRole('link', { name: 'Letters' }).first()).toHaveAttribute('aria-disabled', 'true');
  await page.goto('/plans');
  await expect(page.getByRole('article', { name: 'Pro' }).getByRole('button', { name: 'Select Plan' })).toBeDisabled();
  await expect(page.getByRole('article', { name: 'Basic' }).getByRole('button', { name: 'Select Plan' })).toBeEnabled();

  // Topping up enough pays the fee at once and the account is active again.
  await page.goto('/finances');
  await page.getByRole('button', { name: 'Add Funds' }).first().click();
  await payByCard(page, '30', '4242 4242 4242 4242');
  await expect(page.getByText('£30.00 was added to your balance.')).toBeVisible({ timeout: 15_000 });
  await expect(page.getByTestId('suspended-banner')).toBeHidden();
  await expect(page.getByTestId('balance-widget')).toContainText('£1.00');
  const me = await (await page.request.get('/api/me')).json();
  expect(me.account.health).toEqual({ status: 'active', reason: null });
  expect(await axeViolations(page)).toEqual([]);
  expect(JSON.parse(cli(['reconcile', '--account', company.accountId]).trim().split('\n').at(-1)!)).toEqual({
    ok: true,
    breaches: 0,
  });
});
