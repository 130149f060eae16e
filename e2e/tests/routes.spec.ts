import { expect, type Page, test } from '@playwright/test';
import { signUpByApi } from './support';

/** The text every unbuilt screen showed (the placeholder is gone; this keeps it from coming back). */
const PLACEHOLDER = /This screen is not available yet/i;

/** Every route of part 1's and part 2's route tables, parameters filled in as a user would reach them. */
const SIGNED_IN_ROUTES = [
  '/',
  '/registrationInfo',
  '/users',
  '/departments',
  '/main',
  '/letters',
  '/letterheads',
  '/parcels',
  '/parcels/order',
  '/parcels/track/royal_mail/RM000000001GB',
  '/customers',
  '/finances',
  '/storage',
  '/integrations',
  '/testComms',
  '/cloud',
  '/download/windows',
  '/download/mac',
  '/xero/contacts',
  '/xero/invoices',
  '/quickBooks/contacts',
  '/quickBooks/invoices',
  '/sage/contacts',
  '/sage/invoices',
  '/xeroRedirect',
  '/quickBooksRedirect',
  '/sageRedirect',
  '/accountSettings',
  '/company',
  '/guide',
];

const SIGNED_OUT_ROUTES = ['/', '/signIn', '/resetPassword', '/signUp', '/invited/signUp/unknown-id/unknown-account'];

async function expectNoPlaceholder(page: Page, path: string) {
  await page.goto(path);
  // The route's lazy chunk and its first requests have come back once the network is quiet.
  await page.waitForLoadState('networkidle');
  await expect(page.locator('#root')).not.toBeEmpty();
  const text = await page.locator('body').innerText();
  expect(text, `${path} still shows a placeholder`).not.toMatch(PLACEHOLDER);
}

test('no route of the spec shows "not available yet", signed out', async ({ page }) => {
  for (const path of SIGNED_OUT_ROUTES) await expectNoPlaceholder(page, path);
});

test('no route of the spec shows "not available yet", signed in as an owner', async ({ page, request }) => {
  test.setTimeout(180_000);
  const company = await signUpByApi(request);
  await page.goto('/signIn');
  await page.getByLabel('Email').fill(company.email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(company.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).not.toHaveURL(/\/signIn$/);
  for (const path of SIGNED_IN_ROUTES) await expectNoPlaceholder(page, path);
});
