import { expect, test } from '@playwright/test';
import { axeViolations, signUpByApi } from './support';

async function signIn(page: import('@playwright/test').Page, email: string, password: string) {
  await page.goto('/signIn');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/main$/);
}

test('routing rules: signed out, every page but the root, sign-in and sign-up sends to the root', async ({ page }) => {
  for (const path of ['/letters', '/main', '/users', '/finances', '/accountSettings']) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/$/);
  }
  await page.goto('/signIn');
  await expect(page).toHaveURL(/\/signIn$/);
  await page.goto('/signUp');
  await expect(page).toHaveURL(/\/signUp$/);
});

test('a lost session sends the user to the root', async ({ page, request }) => {
  const company = await signUpByApi(request);
  await signIn(page, company.email, company.password);
  await page.context().clearCookies();
  await page.goto('/letters');
  await expect(page).toHaveURL(/\/$/);
});

test('the navigation marks the current page and the help button opens the guide', async ({ page, request }) => {
  const company = await signUpByApi(request);
  await signIn(page, company.email, company.password);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Parcels' }).click();
  await expect(page).toHaveURL(/\/parcels$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Parcels' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Parcels' })).toHaveAttribute(
    'aria-current',
    'page',
  );
  // The floating help button (the screen's own help icon is "Help: read the guide about Parcels").
  await page.getByRole('button', { name: 'Help', exact: true }).click();
  await expect(page).toHaveURL(/\/guide$/);
});

test('below 1100 px the navigation collapses into a drawer', async ({ page, request }) => {
  const company = await signUpByApi(request);
  await page.setViewportSize({ width: 1000, height: 800 });
  await signIn(page, company.email, company.password);
  await expect(page.getByRole('button', { name: 'More' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Open navigation' }).click();
  const drawer = page.getByTestId('nav-drawer');
  await expect(drawer).toBeVisible();
  await expect(drawer.getByRole('link', { name: 'Users & Departments' })).toBeVisible();
  await drawer.getByRole('link', { name: 'Parcels' }).click();
  await expect(page).toHaveURL(/\/parcels$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Parcels' })).toBeVisible();

  await page.setViewportSize({ width: 800, height: 800 });
  await expect(page.getByRole('button', { name: 'Open navigation' })).toBeVisible();
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(page.getByRole('button', { name: 'Open navigation' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'More' })).toBeVisible();
});

test('the notifications bell opens the panel', async ({ page, request }) => {
  const company = await signUpByApi(request);
  await signIn(page, company.email, company.password);
  await page.getByRole('button', { name: 'Notifications' }).click();
  const panel = page.getByRole('dialog', { name: 'Notifications' });
  await expect(panel).toBeVisible();
  await expect(panel.getByText('No notifications')).toBeVisible();
});

test.describe('accessibility', () => {
  test.use({ bypassCSP: true });

  test('the landing, sign-in and home pages have no serious or critical axe violations', async ({ page, request }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await page.goto('/signIn');
    await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    const company = await signUpByApi(request);
    await signIn(page, company.email, company.password);
    await expect(page.getByText('Welcome, Jane!')).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
  });
});
