import { expect, type Page, test } from '@playwright/test';
import { axeViolations, uniqueEmail } from './support';

test.setTimeout(90_000);
// axe is injected as a script: the product's CSP refuses inline scripts.
test.use({ bypassCSP: true, viewport: { width: 390, height: 844 } });
const READY = { timeout: 30_000 };

/** Nothing wider than the 390 px screen: no sideways scrolling. */
async function expectNoSidewaysScroll(page: Page) {
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(390);
}

/** The value beside a label in the profile's list. */
const valueBeside = (page: Page, label: string) =>
  page.locator('dt', { hasText: new RegExp(`^${label}$`) }).locator('xpath=following-sibling::dd[1]');

test('a new company looks itself up in the register, sees it on its profile and sets the postal address parcels start from', async ({
  page,
}) => {
  await page.goto('/signUp');
  await page.getByLabel('Company name').fill('Café Névé');
  await page.getByLabel('Full name').fill('Siân Ó Floinn');
  await page.getByLabel('Email').fill(uniqueEmail('sian'));
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('névé password');
  await page.getByRole('button', { name: 'Create account' }).click();

  await expect(page).toHaveURL(/\/registrationInfo$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Registration information' })).toBeVisible(READY);
  await expect(page.getByRole('link', { name: 'Skip for now' })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await expectNoSidewaysScroll(page);

  // A dissolved company cannot be registered.
  const number = page.getByLabel('Company registration number');
  await number.fill('09876543');
  await page.getByRole('button', { name: 'Look up' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'We could not find' })).toHaveText(
    'We could not find a registered active company with this ID.',
  );

  await number.fill('sc 654321');
  await page.getByRole('button', { name: 'Look up' }).click();
  const found = page.getByRole('region', { name: 'Is this your company?' });
  await expect(found.getByText('CAFÉ NÉVÉ (EDINBURGH) LTD')).toBeVisible();
  await expect(found.getByText('SC654321')).toBeVisible();
  await expect(found.getByText('EH2 2PR')).toBeVisible();
  await expect(found.getByText('Active')).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await expectNoSidewaysScroll(page);
  await found.getByRole('button', { name: 'Confirm and save' }).click();

  // Straight after sign-up, saving carries on to the dashboard and the owner's first-run welcome
  // (issue 27 item 14); the profile shows what was saved.
  await expect(page).toHaveURL(/\/main$/);
  await expect(page.getByRole('region', { name: 'Welcome to LetterPost, Siân!' })).toBeVisible();
  await page.goto('/company');
  await expect(page.getByRole('heading', { level: 1, name: 'Company profile' })).toBeVisible();
  await expect(valueBeside(page, 'Company name')).toHaveText('Café Névé');
  await expect(valueBeside(page, 'Registered name')).toHaveText('CAFÉ NÉVÉ (EDINBURGH) LTD');
  await expect(valueBeside(page, 'Company number')).toHaveText('SC654321');
  await expect(valueBeside(page, 'Registered address').getByRole('listitem')).toHaveText([
    'Unit 3 22 Rose Street',
    'New Town',
    'Edinburgh',
    'EH2 2PR',
    'Scotland',
  ]);
  await expect(valueBeside(page, 'Members')).toHaveText('1');
  expect(await axeViolations(page)).toEqual([]);
  await expectNoSidewaysScroll(page);

  await page.getByRole('button', { name: 'Edit postal address' }).click();
  const form = page.getByRole('region', { name: 'Postal address and VAT number' });
  await form.getByLabel('Address line 1').fill("Flat 2, St Mary's Court");
  await form.getByLabel('Address line 2').fill('Heol-y-Nant');
  await form.getByLabel('Town or city').fill('Cardiff');
  await form.getByLabel('County').fill('South Glamorgan');
  await form.getByLabel('Postcode').fill('cf10 1aa');
  await form.getByLabel('VAT number').fill('GB 999 9999 73');
  expect(await axeViolations(page)).toEqual([]);
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form).toBeHidden();
  await expect(valueBeside(page, 'Postal address').getByRole('listitem')).toHaveText([
    "Flat 2, St Mary's Court",
    'Heol-y-Nant',
    'Cardiff',
    'South Glamorgan',
    'CF10 1AA',
  ]);
  await expect(valueBeside(page, 'VAT number')).toHaveText('GB999999973');

  // The parcel form's sender starts as the postal address.
  await page.goto('/parcels/order');
  await expect(page.getByRole('heading', { name: 'Book a parcel' })).toBeVisible(READY);
  const recipient = page.getByRole('group', { name: 'Recipient' });
  await recipient.getByLabel('Name', { exact: false }).first().fill('Siobhán Ó Briain');
  await recipient.getByLabel('Phone number', { exact: false }).fill('07700 900456');
  await recipient.getByLabel('Address line 1', { exact: false }).fill('17 Rue-de-Croix Terrace');
  await recipient.getByLabel('Town or city', { exact: false }).fill('Leeds');
  await recipient.getByLabel('County', { exact: false }).fill('West Yorkshire');
  await recipient.getByLabel('Postcode', { exact: false }).fill('LS11 5PS');
  await page.getByRole('button', { name: 'Next' }).click();
  const sender = page.getByRole('group', { name: 'Sender' });
  await expect(sender.getByLabel('Name', { exact: false }).first()).toHaveValue('Café Névé');
  await expect(sender.getByLabel('Address line 1', { exact: false })).toHaveValue("Flat 2, St Mary's Court");
  await expect(sender.getByLabel('Town or city', { exact: false })).toHaveValue('Cardiff');
  await expect(sender.getByLabel('Postcode', { exact: false })).toHaveValue('CF10 1AA');
});
