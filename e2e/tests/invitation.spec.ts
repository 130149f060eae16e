import { expect, test } from '@playwright/test';
import { inviteByCli, signUpByApi, uniqueEmail, waitForMail } from './support';

test('an invited colleague accepts, then sees only the navigation their permissions allow', async ({
  page,
  request,
}) => {
  const owner = await signUpByApi(request, { companyName: 'Babbage & Co' });
  const email = uniqueEmail('charles');
  const link = inviteByCli(owner.accountId, email, 'Charles Babbage', ['see_letters', 'create_letter']);
  const mail = await waitForMail(email);
  expect(mail.links).toEqual([link]);

  await page.goto(new URL(link).pathname);
  await expect(page.getByLabel('Full name')).toHaveValue('Charles Babbage');
  await expect(page.getByRole('textbox', { name: 'Email' })).toHaveValue(email);
  await page.getByLabel('Job title').fill('Engineer');
  await page.getByLabel('Phone number').fill('07700 900123');
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('difference engine');
  await page.getByRole('button', { name: 'Accept invitation' }).click();
  await expect(page).toHaveURL(/\/main$/);

  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: 'Letters' })).toBeVisible();
  // Hidden without see_parcels/approve and without access_storage.
  await expect(nav.getByRole('link', { name: 'Parcels' })).toHaveCount(0);
  await expect(nav.getByRole('link', { name: 'Storage' })).toHaveCount(0);
  await nav.getByRole('button', { name: 'More' }).click();
  const menu = page.getByRole('menu');
  await expect(menu.getByRole('menuitem', { name: 'Company Profile' })).toBeVisible();
  await expect(menu.getByRole('menuitem', { name: 'Finances' })).toHaveCount(0);
  await expect(menu.getByRole('menuitem', { name: 'Users & Departments' })).toHaveCount(0);
  await page.keyboard.press('Escape');

  // The invitation is used up.
  await page.context().clearCookies();
  await page.goto(new URL(link).pathname);
  await expect(page.getByText('This invitation is not valid or has already been used.')).toBeVisible();
});
