import { expect, test } from '@playwright/test';
import { axeViolations, uniqueEmail } from './support';

// axe is injected as an inline script, which the product's CSP (script-src 'self') refuses.
test.use({ bypassCSP: true });

// The first-run welcome (first_time, issue 16): on the dashboard after sign-up, until dismissed, and
// never again once the first sign-in is past.
test('a new company is welcomed on its dashboard once, pointed to the guide and its first steps', async ({ page }) => {
  const email = uniqueEmail('zoe');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/signUp');
  await page.getByLabel('Company name').fill("O'Connell & Brontë Ltd");
  await page.getByLabel('Full name').fill("Zoë O'Connell");
  await page.getByLabel('Email').fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('first steps please');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/registrationInfo$/);
  await page.getByRole('link', { name: 'Skip for now' }).click();
  await expect(page).toHaveURL(/\/main$/);

  const welcome = page.getByRole('region', { name: 'Welcome to LetterPost, Zoë!' });
  await expect(welcome).toBeVisible();
  await expect(welcome.getByRole('link', { name: 'guide', exact: true })).toHaveAttribute('href', '/guide');
  await expect(welcome.getByRole('link', { name: 'Upload a letter' })).toHaveAttribute('href', '/letters?upload=1');
  await expect(welcome.getByRole('link', { name: 'Top up your balance' })).toHaveAttribute('href', '/finances?topUp=1');
  await expect(welcome.getByRole('link', { name: 'Invite colleagues' })).toHaveAttribute('href', '/users');
  expect(await axeViolations(page)).toEqual([]);
  // Nothing wider than the phone's screen.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  // Still there after a reload (the session now says first_time false), until dismissed.
  await page.reload();
  await expect(welcome).toBeVisible();
  await welcome.getByRole('button', { name: 'Dismiss the welcome' }).focus();
  await page.keyboard.press('Enter');
  await expect(welcome).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
  await expect(welcome).toHaveCount(0);

  // Signing in again is not a first time.
  await page.getByRole('button', { name: 'Profile menu' }).click();
  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/signIn');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('first steps please');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/main$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
  await expect(welcome).toHaveCount(0);
});
