import { expect, type Page, test } from '@playwright/test';
import { axeViolations, signUpByApi } from './support';

test.setTimeout(90_000);
// axe is injected as a script: the product's CSP refuses inline scripts.
test.use({ bypassCSP: true });
const READY = { timeout: 30_000 };

/** The input labelled exactly `name` (a required field's label carries an asterisk). */
const field = (page: Page, name: string) => page.getByLabel(new RegExp(`^${name}(\\s*\\*)?$`));

test('a user changes their name and job title, then their password: other devices are signed out and only the new password opens the account', async ({
  page,
  browser,
}) => {
  const company = await signUpByApi(page.request, { companyName: 'Brontë & Daughters Ltd', fullName: 'Anne Brontë' });
  // The same person signed in on another device.
  const otherDevice = await browser.newContext();
  const { token } = await (await otherDevice.request.get('/api/csrf')).json();
  const otherSignIn = await otherDevice.request.post('/api/session', {
    headers: { 'x-csrf-token': token },
    data: { email: company.email, password: company.password },
  });
  expect(otherSignIn.status()).toBe(200);

  await page.goto('/accountSettings');
  await expect(page.getByRole('heading', { level: 1, name: 'Account settings' })).toBeVisible(READY);
  await expect(field(page, 'Full name')).toHaveValue('Anne Brontë');
  await expect(page.getByText('not available yet')).toHaveCount(0);
  expect(await axeViolations(page)).toEqual([]);

  // Profile: by keyboard, from the name field to the save button.
  await field(page, 'Full name').fill("Anne O'Brontë-Nicholls");
  await field(page, 'Job title').fill('Directrice générale');
  await field(page, 'Phone number').fill('12345');
  await page.getByRole('button', { name: 'Save profile' }).click();
  await expect(page.getByText('Must be a valid UK phone number').first()).toBeVisible();
  await field(page, 'Phone number').fill('+44 117 496 0123');
  await field(page, 'Phone number').press('Enter');
  await expect(page.getByText('Your profile was saved.')).toBeVisible();
  await expect(field(page, 'Phone number')).toHaveValue('+441174960123');
  // The header's profile menu follows the new name.
  await page.getByRole('button', { name: /^Profile menu/ }).click();
  await expect(page.getByRole('dialog').getByRole('heading', { name: "Anne O'Brontë-Nicholls" })).toBeVisible();
  await page.keyboard.press('Escape');

  // Password: a wrong current password is refused on its field; then the change goes through.
  const newPassword = 'wuthering heights 1847';
  await field(page, 'Current password').fill('not my password');
  await field(page, 'New password').fill(newPassword);
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('The current password is not correct.').first()).toBeVisible();
  await field(page, 'Current password').fill(company.password);
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Your password was changed. Your other sessions were signed out.')).toBeVisible();
  await expect(field(page, 'Current password')).toHaveValue('');

  // This browser stays signed in (and can still save); the other device is signed out.
  expect((await otherDevice.request.get('/api/me')).status()).toBe(401);
  await otherDevice.close();
  await field(page, 'Job title').fill('Directrice générale & autrice');
  await page.getByRole('button', { name: 'Save profile' }).click();
  await expect(page.getByText('Your profile was saved.').first()).toBeVisible();

  // Sign out, then the old password is refused and the new one opens the account.
  await page.getByRole('button', { name: /^Profile menu/ }).click();
  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/signIn');
  await page.getByLabel('Email').fill(company.email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(company.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByText('Permission denied').first()).toBeVisible();
  await expect(page).toHaveURL(/\/signIn$/);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(newPassword);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).not.toHaveURL(/\/signIn$/, READY);

  await page.goto('/accountSettings');
  await expect(field(page, 'Job title')).toHaveValue('Directrice générale & autrice', READY);
});

test('list preferences hide letters tabs, sign out everywhere asks first, and the page fits a 390 px screen', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signUpByApi(page.request, { fullName: 'Zoë Ní Bhriain' });
  await page.goto('/accountSettings');
  await expect(page.getByRole('heading', { level: 1, name: 'Account settings' })).toBeVisible(READY);
  await expect(page.getByRole('checkbox', { name: 'Sent' })).toBeChecked();
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(390);
  expect(await axeViolations(page)).toEqual([]);

  await page.getByRole('checkbox', { name: 'Sent' }).uncheck();
  await page.getByRole('checkbox', { name: 'Failed' }).press('Space');
  await expect(page.getByRole('checkbox', { name: 'Failed' })).not.toBeChecked();
  await page.getByRole('button', { name: 'Save list preferences' }).click();
  await expect(page.getByText('Your list preferences were saved.')).toBeVisible();

  await page.goto('/letters');
  const tabs = page.getByRole('tablist', { name: 'Letters tabs' }).getByRole('tab');
  await expect(tabs).toHaveCount(4, READY);
  await expect(tabs.nth(1)).toHaveText(/^New/);
  await expect(page.getByRole('tab', { name: /^Sent/ })).toHaveCount(0);

  // Sign out everywhere: "No" keeps the session, "Yes" ends it.
  await page.goto('/accountSettings');
  await page.getByRole('button', { name: 'Sign out everywhere' }).click();
  const dialog = page.getByRole('dialog', { name: 'Are you sure?' });
  await expect(dialog.getByRole('button', { name: 'No' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(dialog).toHaveCount(0);
  expect((await page.request.get('/api/me')).status()).toBe(200);
  await page.getByRole('button', { name: 'Sign out everywhere' }).click();
  await dialog.getByRole('button', { name: 'Yes' }).click();
  await expect(page).toHaveURL(/\/$/);
  expect((await page.request.get('/api/me')).status()).toBe(401);
});
