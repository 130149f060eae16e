import { expect, test } from '@playwright/test';
import { signUpByApi, uniqueEmail, waitForMail } from './support';

test('a company signs up, signs out, fails with a wrong password and signs back in', async ({ page }) => {
  const email = uniqueEmail('ada');
  await page.goto('/');
  await page.getByRole('link', { name: 'Register' }).first().click();
  await expect(page).toHaveURL(/\/signUp$/);
  await expect(page.getByRole('button', { name: 'Create account' })).toBeVisible();
  await page.getByLabel('Company name').fill('Analytical Engines Ltd');
  await page.getByLabel('Full name').fill('Ada Lovelace');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('short');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText('Must be at least 8 characters long').first()).toBeVisible();
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('analytical engine');
  await page.getByRole('button', { name: 'Show characters' }).click();
  await expect(page.getByRole('textbox', { name: 'Password', exact: true })).toHaveAttribute('type', 'text');
  await page.getByRole('button', { name: 'Create account' }).click();

  // A new company is offered the registration lookup first (decision 0022); it can skip it.
  await expect(page).toHaveURL(/\/registrationInfo$/);
  await expect(page.getByText('Welcome, Ada!')).toBeVisible();
  await page.getByRole('link', { name: 'Skip for now' }).click();
  await expect(page).toHaveURL(/\/main$/);
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Letters' })).toBeVisible();

  await page.getByRole('button', { name: 'Profile menu' }).click();
  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('link', { name: 'Sign In' }).first()).toBeVisible();

  await page.goto('/signIn');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('not my password');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByText('Permission denied').first()).toBeVisible();
  await expect(page).toHaveURL(/\/signIn$/);

  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('analytical engine');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/main$/);
  await expect(page.getByText('Welcome, Ada!')).toBeVisible();
});

test('an existing email at sign-up is told so and offered a reset', async ({ page, request }) => {
  const company = await signUpByApi(request);
  await page.goto('/signUp');
  await page.getByLabel('Company name').fill('Second Ltd');
  await page.getByLabel('Full name').fill('Jane Journey');
  await page.getByLabel('Email').fill(company.email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('another password');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText('It looks like you already have an account with us.')).toBeVisible();
  await page.getByRole('button', { name: "Click here if you'd like to reset your password" }).click();
  await expect(page).toHaveURL(/\/resetPassword$/);
});

test('a forgotten password is reset through the emailed link, which works only once', async ({ page, request }) => {
  const company = await signUpByApi(request, { fullName: 'Mary Somerville' });
  await page.goto('/signIn');
  await page.getByRole('link', { name: /forgot your password/i }).click();
  await expect(page).toHaveURL(/\/resetPassword$/);
  // The route is loaded lazily: the URL changes before the form replaces the sign-in page.
  await expect(page.getByRole('heading', { level: 1, name: 'Reset your password' })).toBeVisible();
  await page.getByLabel('Email').fill(company.email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByText(/we have sent a link/i)).toBeVisible();

  const mail = await waitForMail(company.email);
  expect(mail.subject).toBe('Reset your LetterPost password');
  const link = mail.links[0]!;
  await page.goto(link);
  await page.getByLabel('New password').fill('a fresh password');
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expect(page.getByText(/your password has been changed/i)).toBeVisible();

  await page.goto('/signIn');
  await page.getByLabel('Email').fill(company.email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('a fresh password');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/main$/);
  await expect(page.getByText('Welcome, Mary!')).toBeVisible();

  // The link is single-use.
  await page.context().clearCookies();
  await page.goto(link);
  await page.getByLabel('New password').fill('yet another password');
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expect(page.getByText('This reset link has expired or has already been used.').first()).toBeVisible();
});

test('idle handling: warned after 1,795,000 ms, signed out 5 s later; activity cancels it', async ({
  page,
  request,
}) => {
  const company = await signUpByApi(request, { fullName: 'Idle Person' });
  await page.clock.install();
  await page.goto('/signIn');
  await page.getByLabel('Email').fill(company.email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(company.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/main$/);
  // The signed-in shell (which watches activity) is loaded lazily: wait until it is on screen.
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();

  // Activity during the 5 s grace cancels the sign-out.
  await page.clock.fastForward(1_795_000);
  await expect(page.getByText('You will be signed out due to being inactive')).toBeVisible();
  await page.clock.fastForward(2_000);
  await page.mouse.move(200, 200);
  await page.mouse.move(220, 240);
  await expect(page.getByText('Welcome back, Idle')).toBeVisible();
  await page.clock.fastForward(10_000);
  await expect(page).toHaveURL(/\/main$/);

  // Without activity the user is signed out and sent to the root.
  await page.clock.fastForward(1_795_000);
  await expect(page.getByText('You will be signed out due to being inactive').first()).toBeVisible();
  await page.clock.fastForward(5_000);
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('link', { name: 'Sign In' }).first()).toBeVisible();
  expect((await page.request.get('/api/me')).status()).toBe(401);
});
