import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test';
import { E2E_DATA_DIR, E2E_PG_PORT } from '../playwright.config';
import { axeViolations, signUpByApi, uniqueEmail, waitForMail } from './support';

const ROOT = path.join(import.meta.dirname, '../..');

/** Pays for Business the way a company does: a bank transfer recorded by the operator, then the plan chosen. */
async function chooseBusiness(request: APIRequestContext, accountId: string) {
  execFileSync(
    process.execPath,
    [
      'apps/server/dist/cli.js',
      'record-transfer',
      '--account',
      accountId,
      '--amount',
      '29',
      '--reference',
      `T-${accountId}`,
    ],
    { cwd: ROOT, env: { ...process.env, DATA_DIR: E2E_DATA_DIR, EMBEDDED_PG_PORT: String(E2E_PG_PORT) } },
  );
  const res = await request.put('/api/plans', {
    headers: { 'x-csrf-token': await csrf(request) },
    data: { plan: 'Business' },
  });
  expect(res.status()).toBe(200);
}

async function csrf(request: APIRequestContext) {
  return (await (await request.get('/api/csrf')).json()).token as string;
}

/** Invites through the API as the signed-in request context, then accepts through the emailed link. */
async function memberByApi(owner: APIRequestContext, fresh: APIRequestContext, name: string, permissions: object) {
  const email = uniqueEmail(name.split(' ')[0]!.toLowerCase());
  const res = await owner.post('/api/users', {
    headers: { 'x-csrf-token': await csrf(owner) },
    data: { user_name: name, email_address: email, permissions },
  });
  expect(res.status()).toBe(201);
  const link = (await waitForMail(email)).links[0]!;
  const [uniqueId, accountId] = new URL(link).pathname.split('/').slice(-2);
  const accepted = await fresh.post('/api/invitations/accept', {
    headers: { 'x-csrf-token': await csrf(fresh) },
    data: { unique_id: uniqueId, account_id: accountId, user_name: name, password: 'member password' },
  });
  expect(accepted.status()).toBe(201);
  return { email, password: 'member password' };
}

async function signIn(page: Page, email: string, password: string) {
  await page.goto('/signIn');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/main$/);
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
}

/** The 3-step invite panel: a department's presets, then name and email, then Confirm. */
async function inviteThroughPanel(page: Page, o: { name: string; email: string; department?: string; role?: string }) {
  await page.goto('/users');
  await page.getByRole('button', { name: 'Add users' }).click();
  await page.getByRole('button', { name: 'Add a single user' }).click();
  const panel = page.getByRole('dialog', { name: 'Invite a user' });
  await expect(panel).toBeVisible();
  if (o.department) {
    await panel.getByLabel('Department').selectOption(o.department);
  }
  if (o.role) await panel.getByRole('checkbox', { name: o.role, exact: true }).check();
  await panel.getByRole('button', { name: 'Next' }).click();
  await panel.getByLabel('Full name').fill(o.name);
  await panel.getByLabel('Email').fill(o.email);
  await panel.getByRole('button', { name: 'Next' }).click();
  await panel.getByRole('button', { name: 'Confirm' }).click();
}

async function newPage(browser: Browser) {
  const context = await browser.newContext();
  return context.newPage();
}

test('an invitation that needs approval: the supervisor approves from the panel and the requester’s list updates live', async ({
  browser,
  page,
  request,
  playwright,
}) => {
  const owner = await signUpByApi(request, { companyName: 'Approvals Ltd', fullName: 'Olive Owner' });
  await chooseBusiness(request, owner.accountId);
  const supervisorCtx = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
  const supervisor = await memberByApi(request, supervisorCtx, 'Sue Supervisor', {
    administrative: ['approve', 'see_users'],
  });
  const created = await request.post('/api/departments', {
    headers: { 'x-csrf-token': await csrf(request) },
    data: {
      departments: [
        {
          name: 'Sales',
          permissions: { administrative: ['manage_users', 'see_users'] },
          approvals: { administrative: ['manage_users'] },
          supervised_by: [supervisor.email],
        },
      ],
    },
  });
  expect(created.status()).toBe(201);

  // The owner invites a colleague into Sales with the 3-step panel.
  await signIn(page, owner.email, owner.password);
  const colleagueEmail = uniqueEmail('colin');
  await inviteThroughPanel(page, { name: 'Colin Colleague', email: colleagueEmail, department: 'Sales' });
  await expect(page.getByText('Colin Colleague has been invited to your company!')).toBeVisible();

  // The colleague signs up from the emailed link and sees only what their permissions allow.
  const colleague = await newPage(browser);
  const link = (await waitForMail(colleagueEmail)).links[0]!;
  await colleague.goto(new URL(link).pathname);
  await colleague.getByRole('textbox', { name: 'Password', exact: true }).fill('colleague password');
  await colleague.getByRole('button', { name: 'Accept invitation' }).click();
  await expect(colleague).toHaveURL(/\/main$/);
  const nav = colleague.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('button', { name: 'More' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Letters' })).toHaveCount(0);
  await expect(nav.getByRole('link', { name: 'Parcels' })).toHaveCount(0);
  await nav.getByRole('button', { name: 'More' }).click();
  await expect(colleague.getByRole('menuitem', { name: 'Users & Departments' })).toBeVisible();
  await expect(colleague.getByRole('menuitem', { name: 'Finances' })).toHaveCount(0);
  await colleague.keyboard.press('Escape');

  // The colleague's own invitation needs a supervisor's approval.
  const hireEmail = uniqueEmail('nina');
  await inviteThroughPanel(colleague, { name: 'Nina New', email: hireEmail, role: 'Contributor' });
  await expect(colleague.getByText(/waiting for a supervisor's approval/)).toBeVisible();
  await colleague.getByRole('tab', { name: /Pending invitations/ }).click();
  await expect(colleague.getByText(hireEmail)).toHaveCount(0);

  // The supervisor, in another browser, approves from the notifications panel.
  const sue = await newPage(browser);
  await signIn(sue, supervisor.email, supervisor.password);
  const bell = sue.getByRole('button', { name: /^Notifications/ });
  await expect(bell).toHaveAccessibleName('Notifications 1');
  await bell.click();
  const panel = sue.getByRole('dialog', { name: 'Notifications' });
  await expect(panel.getByText('Pending requests')).toBeVisible();
  await panel.getByRole('button', { name: 'Approve' }).click();
  await expect(sue.getByText('Request approved')).toBeVisible();

  // The colleague's open list shows the new invitee without reloading.
  await expect(colleague.getByText(hireEmail)).toBeVisible();
  await sue.context().close();
  await colleague.context().close();
  await supervisorCtx.dispose();
});

test.describe('accessibility', () => {
  test.use({ bypassCSP: true });
  test('/users has no serious or critical axe violations', async ({ page, request }) => {
    const owner = await signUpByApi(request);
    await signIn(page, owner.email, owner.password);
    await page.goto('/users');
    await expect(page.getByRole('button', { name: 'Add users' })).toBeVisible();
    await expect(page.getByText(owner.email)).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
  });
});
