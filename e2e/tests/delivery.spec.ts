import { readFile } from 'node:fs/promises';
import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';
import { BASE_URL } from '../playwright.config';
import { businessLetter, fund } from './letter-support';
import { axeViolations, signUpByApi, uniqueEmail, waitForMail } from './support';

// Analysis runs as a job in the product's worker, and the hand-over in another: give them time.
test.setTimeout(90_000);
const READY = { timeout: 45_000 };

const SIOBHAN = ["Dr Siobhan O'Neill", '12 Acacia Avenue', 'Clifton', 'Bristol', 'BS8 2QT'];
const GARETH = ['Mr Gareth Price', 'Flat 3, 27 Wellington Road', 'Cardiff', 'CF11 9JB'];
const PRIYA = ['Mrs Priya Patel', '8 Elmfield Close', 'Leicester', 'LE2 3PQ'];
const TOMAS = ['Mr Tomasz Nowak', '5 Kingfisher Way', 'Milton Keynes', 'MK5 7HR'];
const AMARA = ['Ms Amara Okafor', '41 Regent Street', 'Cheltenham', 'GL50 1HX'];

async function csrf(request: APIRequestContext) {
  return (await (await request.get('/api/csrf')).json()).token as string;
}

/** The company's balance in pence: what it holds, what holds reserve and what is available. */
async function balance(request: APIRequestContext) {
  const res = await request.get('/api/finances/balance');
  expect(res.status()).toBe(200);
  return (await res.json()) as { balance: number; held: number; available: number };
}

/** A mail in the product's local outbox (DATA_DIR/outbox/*.json). */
interface OutboxMail {
  to: string;
  subject: string;
  text: string;
  links: string[];
  attachments: { filename: string; contentType: string; size: number }[];
}

/** Pence as the product writes them: "£9.95". */
const pounds = (p: number) => `£${(p / 100).toFixed(2)}`;

/** "£12.34" as pence. */
function pence(text: string): number {
  const m = /(-?)£\s*([\d,]+\.\d{2})/.exec(text);
  if (!m) throw new Error(`no amount in ${JSON.stringify(text)}`);
  return (m[1] ? -1 : 1) * Math.round(Number(m[2]!.replace(/,/g, '')) * 100);
}

function lettersTable(page: Page): Locator {
  return page.getByRole('table', { name: 'Letters' });
}

function row(page: Page, name: string): Locator {
  return lettersTable(page).getByRole('row').filter({ hasText: name });
}

/** Uploads a letter through the header's Upload letters dialog and waits until it reads New. */
async function uploadLetter(page: Page, name: string, buffer: Buffer) {
  await page.goto('/letters');
  await page.getByRole('button', { name: 'Upload letters' }).click();
  const dialog = page.getByRole('dialog', { name: 'Upload letters' });
  await dialog.getByTestId('letter-file-input').setInputFiles([{ name, mimeType: 'application/pdf', buffer }]);
  await dialog.getByRole('button', { name: 'Upload 1 file' }).click();
  await expect(dialog).toBeHidden();
  const toast = page.getByTestId('upload-toast');
  await expect(toast).toHaveAttribute('data-colour', 'teal', READY);
  await toast.getByRole('button', { name: 'Close upload progress' }).click();
  await expect(row(page, name).getByTestId('status-badge')).toHaveText('New', READY);
}

async function openLetter(page: Page, name: string): Promise<Locator> {
  await row(page, name).getByRole('button', { name }).click();
  const panel = page.getByRole('dialog', { name });
  await expect(panel).toBeVisible();
  return panel;
}

/** Ticks exactly the channels wanted in the panel's delivery form. */
async function chooseChannels(form: Locator, wanted: string[]) {
  for (const channel of ['Mail', 'Email', 'Text message', 'Cloud link']) {
    const box = form.getByRole('checkbox', { name: channel, exact: true });
    if (wanted.includes(channel)) await box.check();
    else if (await box.isEnabled()) await box.uncheck();
  }
}

/** The price section once it shows the current choices: the total and the balance after, in pence. */
async function shownPrice(form: Locator) {
  const price = form.getByTestId('delivery-price');
  await expect(price).toHaveAttribute('aria-busy', 'false');
  await expect(price.getByText('Total')).toBeVisible();
  const total = pence((await price.locator('dt:has-text("Total") + dd').textContent()) ?? '');
  // Members who may not see the balance are not shown what is left of it.
  const afterShown = price.locator('dt:has-text("Balance after") + dd');
  const after = (await afterShown.count()) > 0 ? pence((await afterShown.textContent()) ?? '') : null;
  return { total, after, price };
}

async function signedIn(page: Page, companyName: string, fullName: string, pounds = '10.00') {
  const company = await signUpByApi(page.request, { companyName, fullName });
  fund(company.accountId, pounds);
  return company;
}

test('delivers a letter by email: the price shows first, the letter is Sent, the PDF is mailed and the balance falls by the price', async ({
  page,
}) => {
  await signedIn(page, 'Harbourside Lettings Ltd', 'Priya Shah');
  await uploadLetter(page, 'tenancy-renewal.pdf', await businessLetter(SIOBHAN, 'Tenancy renewal'));
  const widget = page.getByTestId('widget-balance');
  await expect(widget).toHaveText('£10.00');

  const panel = await openLetter(page, 'tenancy-renewal.pdf');
  await expect(panel).toContainText("Dr Siobhan O'Neill");
  await expect(panel).toContainText('BS8 2QT');
  const form = panel.getByRole('form', { name: 'Delivery' });
  await chooseChannels(form, ['Email']);
  const recipient = uniqueEmail('siobhan');
  await form.getByRole('textbox', { name: "Recipient's email" }).fill(recipient);
  await form.getByRole('textbox', { name: 'Subject' }).fill('Your tenancy renewal');
  await form
    .getByRole('textbox', { name: 'Message to the recipient' })
    .fill('Dear Dr O’Neill,\nPlease find your renewed tenancy agreement attached.\nPriya');
  const { total, after, price } = await shownPrice(form);
  expect(total).toBe(5);
  await expect(price).toContainText('£0.05');
  expect(after).toBe(1000 - 5);
  await expect(price).toContainText('Balance after');

  // Deliver asks first (issue 27 item 3): the total and the balance after, and nothing is spent until Yes.
  await form.getByRole('button', { name: 'Deliver' }).click();
  const confirm = page.getByRole('dialog', { name: 'Are you sure?' });
  await expect(confirm).toContainText('Deliver “tenancy-renewal.pdf” by Email?');
  await expect(confirm.getByTestId('confirm-total')).toHaveText('£0.05');
  await expect(confirm.getByTestId('confirm-balance-after')).toHaveText('£9.95');
  await expect(widget).toHaveText('£10.00');
  await confirm.getByRole('button', { name: 'Yes' }).click();
  await expect(page.getByText('Delivering letter...')).toBeVisible();
  await expect(panel.getByTestId('status-badge').first()).toHaveText('Sent', READY);
  const details = panel.getByTestId('delivery-details');
  await expect(details.getByTestId('delivery-channel')).toContainText('Email');
  await expect(details.getByTestId('delivery-channel')).toContainText('Delivered');
  await expect(details).toContainText(`To ${recipient}`);
  await expect(panel.getByTestId('letter-timeline')).toContainText('Sent as Email Attachment');
  // A sent letter is not offered again.
  await expect(form.getByRole('button', { name: 'Deliver' })).toBeDisabled();
  await expect(form.getByTestId('deliver-refusal')).toHaveText('This letter has already been sent.');
  await panel.getByRole('button', { name: 'Close' }).click();
  await expect(row(page, 'tenancy-renewal.pdf').getByTestId('status-badge')).toHaveText('Sent');

  const mail = (await waitForMail(recipient)) as OutboxMail;
  expect(mail.subject).toBe('Your tenancy renewal');
  expect(mail.text).toContain('Please find your renewed tenancy agreement attached.');
  expect(mail.attachments).toEqual([
    expect.objectContaining({ filename: 'tenancy-renewal.pdf', contentType: 'application/pdf' }),
  ]);
  expect(mail.attachments[0]!.size).toBeGreaterThan(1000);

  // The balance fell by exactly the price shown, in the widget and on /finances.
  await expect(widget).toHaveText(pounds(1000 - total));
  expect(await balance(page.request)).toMatchObject({ available: 1000 - total, held: 0 });
  await page.goto('/finances');
  await expect(page.getByTestId('widget-balance')).toHaveText(pounds(1000 - total));
  const charge = page.getByRole('table', { name: 'Transactions' }).getByRole('row').filter({ hasText: 'Charge' });
  await expect(charge).toHaveCount(1);
  await expect(charge).toContainText(pounds(total));
});

test('schedules a delivery an hour ahead and cancels it: the letter is New again and the held money released', async ({
  page,
}) => {
  await signedIn(page, 'Severn Valley Dental Ltd', 'Gareth Evans');
  await uploadLetter(page, 'recall-reminder.pdf', await businessLetter(GARETH, 'Your six-monthly check-up'));
  const before = await balance(page.request);
  expect(before.available).toBe(1000);

  const panel = await openLetter(page, 'recall-reminder.pdf');
  const form = panel.getByRole('form', { name: 'Delivery' });
  await chooseChannels(form, ['Cloud link']);
  await form.getByRole('radio', { name: 'Scheduled' }).check();
  const when = form.getByLabel('Delivery date and time');
  await expect(when).toBeVisible();
  // An hour ahead is the form's own default; type it anyway, as a person choosing a time would.
  // The browser's own clock and zone: the value typed, and the same time as the product writes dates.
  const inAnHour = await page.evaluate(() => {
    const d = new Date(Date.now() + 60 * 60 * 1000);
    const two = (n: number) => String(n).padStart(2, '0');
    const h = d.getHours() % 12 === 0 ? 12 : d.getHours() % 12;
    return {
      typed: `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())}T${two(d.getHours())}:${two(d.getMinutes())}`,
      shown: `${two(d.getDate())}.${two(d.getMonth() + 1)}.${two(d.getFullYear() % 100)} | ${two(h)}:${two(d.getMinutes())} ${d.getHours() < 12 ? 'AM' : 'PM'}`,
    };
  });
  await when.fill(inAnHour.typed);
  const { total } = await shownPrice(form);
  expect(total).toBe(2);

  await form.getByRole('button', { name: 'Deliver' }).click();
  await form.page().getByRole('dialog', { name: 'Are you sure?' }).getByRole('button', { name: 'Yes' }).click();
  await expect(page.getByText('Scheduling letter delivery...')).toBeVisible();
  await expect(panel.getByTestId('status-badge').first()).toHaveText('Scheduled', READY);
  await expect(panel.getByTestId('delivery-details')).toContainText(`Scheduled for ${inAnHour.shown}`);
  await expect(form.getByRole('button', { name: 'Deliver' })).toBeDisabled();
  // The money is held, not taken.
  expect(await balance(page.request)).toMatchObject({ balance: 1000, held: total, available: 1000 - total });
  await expect(page.getByTestId('widget-balance')).toHaveText(pounds(1000 - total));
  await panel.getByRole('button', { name: 'Close' }).click();
  await expect(row(page, 'recall-reminder.pdf').getByTestId('status-badge')).toHaveText('Scheduled');

  await openLetter(page, 'recall-reminder.pdf');
  await panel.getByRole('button', { name: 'Cancel Delivery' }).click();
  const confirm = page.getByRole('dialog', { name: 'Are you sure?' });
  await expect(confirm).toContainText('will be cancelled and the money held for it released');
  await confirm.getByRole('button', { name: 'Yes' }).click();
  await expect(page.getByText('The delivery was cancelled and the money held for it released.')).toBeVisible();
  await expect(panel.getByTestId('status-badge').first()).toHaveText('New');
  await expect(panel.getByRole('button', { name: 'Cancel Delivery' })).toHaveCount(0);
  await expect(panel.getByRole('form', { name: 'Delivery' }).getByRole('button', { name: 'Deliver' })).toBeEnabled();
  expect(await balance(page.request)).toMatchObject({ balance: 1000, held: 0, available: 1000 });
  await expect(page.getByTestId('widget-balance')).toHaveText('£10.00');
  await panel.getByRole('button', { name: 'Close' }).click();
  await expect(row(page, 'recall-reminder.pdf').getByTestId('status-badge')).toHaveText('New');
});

test('a member’s delivery waits In Review until the owner approves it from the bell; then it is Sent', async ({
  page,
  browser,
}) => {
  await signedIn(page, 'Midlands Care Partnership Ltd', 'Olivia Owen');
  // The owner invites a member whose deliveries need a supervisor's approval (the owner, with no department).
  const memberEmail = uniqueEmail('martin');
  const invited = await page.request.post('/api/users', {
    headers: { 'x-csrf-token': await csrf(page.request) },
    data: {
      user_name: 'Martin Member',
      email_address: memberEmail,
      permissions: { operational: ['create_letter', 'send_letter'], observable: ['see_letters'], administrative: [] },
      approvals: { operational: ['send_letter'], observable: [], administrative: [] },
    },
  });
  expect(invited.status()).toBe(201);
  const link = (await waitForMail(memberEmail)).links[0]!;
  const memberContext = await browser.newContext();
  const member = await memberContext.newPage();
  await member.goto(new URL(link).pathname);
  await member.getByRole('textbox', { name: 'Password', exact: true }).fill('member password');
  await member.getByRole('button', { name: 'Accept invitation' }).click();
  await expect(member).toHaveURL(/\/main$/);

  await uploadLetter(member, 'care-plan-review.pdf', await businessLetter(PRIYA, 'Care plan review'));
  const panel = await openLetter(member, 'care-plan-review.pdf');
  const form = panel.getByRole('form', { name: 'Delivery' });
  await chooseChannels(form, ['Cloud link']);
  const { total } = await shownPrice(form);
  expect(total).toBe(2);
  await form.getByRole('button', { name: 'Deliver' }).click();
  await form.page().getByRole('dialog', { name: 'Are you sure?' }).getByRole('button', { name: 'Yes' }).click();
  await expect(
    member.getByText('The delivery is waiting for a supervisor’s approval.', { exact: false }),
  ).toBeVisible();
  await expect(panel.getByTestId('status-badge').first()).toHaveText('In Review', READY);
  await expect(panel.getByTestId('delivery-details')).toContainText('Waiting for a supervisor’s approval');
  await expect(form.getByRole('button', { name: 'Deliver' })).toBeDisabled();
  expect(await balance(page.request)).toMatchObject({ held: total });

  // The owner sees the letter In Review, and the request in the bell, and approves it.
  await page.goto('/letters');
  await expect(row(page, 'care-plan-review.pdf').getByTestId('status-badge')).toHaveText('In Review');
  const bell = page.getByRole('button', { name: /^Notifications/ });
  await expect(bell).toHaveAccessibleName('Notifications 1');
  await bell.click();
  const notifications = page.getByRole('dialog', { name: 'Notifications' });
  await expect(notifications.getByText('Pending requests')).toBeVisible();
  await expect(notifications).toContainText(
    'Martin Member asks to deliver "care-plan-review.pdf" by cloud link (£0.02).',
  );
  await notifications.getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByText('Request approved')).toBeVisible();
  await page.keyboard.press('Escape');

  // Both lists follow live: the letter is Sent.
  await expect(row(page, 'care-plan-review.pdf').getByTestId('status-badge')).toHaveText('Sent', READY);
  await expect(panel.getByTestId('status-badge').first()).toHaveText('Sent', READY);
  expect(await balance(page.request)).toMatchObject({ held: 0, available: 1000 - total });
  await memberContext.close();
});

test('a cloud link opens in a fresh browser: the company, the letter and its page, Download, and the sender sees First opened', async ({
  page,
  browser,
}) => {
  await signedIn(page, 'Chiltern Accountants LLP', 'Tom Archer');
  await uploadLetter(page, 'year-end-accounts.pdf', await businessLetter(TOMAS, 'Your year-end accounts'));
  const panel = await openLetter(page, 'year-end-accounts.pdf');
  const form = panel.getByRole('form', { name: 'Delivery' });
  await chooseChannels(form, ['Cloud link']);
  await form.getByRole('spinbutton', { name: 'Link expires after (days)' }).fill('14');
  const { total } = await shownPrice(form);
  expect(total).toBe(2);
  await form.getByRole('button', { name: 'Deliver' }).click();
  await form.page().getByRole('dialog', { name: 'Are you sure?' }).getByRole('button', { name: 'Yes' }).click();
  await expect(page.getByText('Delivering letter...')).toBeVisible();
  await expect(panel.getByTestId('status-badge').first()).toHaveText('Sent', READY);

  const details = panel.getByTestId('delivery-details');
  await expect(details).toContainText('Not opened yet');
  const linkElement = details.getByTestId('cloud-link-url');
  await expect(linkElement).toBeVisible();
  const url = (await linkElement.getAttribute('href'))!;
  expect(url).toMatch(/^http:\/\/localhost:\d+\/cloud#.+/);
  await expect(details.getByRole('button', { name: 'Copy link' })).toBeVisible();

  // The recipient has no account and no cookies.
  const recipientContext = await browser.newContext({ acceptDownloads: true });
  const recipient = await recipientContext.newPage();
  await recipient.goto(url);
  await expect(recipient.getByRole('heading', { level: 1 })).toHaveText('Chiltern Accountants LLP sent you a letter');
  await expect(recipient.getByText('year-end-accounts.pdf')).toBeVisible();
  await expect(recipient.getByText(/^Available until /)).toBeVisible();
  await expect(recipient.locator('canvas[data-page="1"]')).toBeVisible(READY);
  const download = recipient.waitForEvent('download');
  await recipient.getByRole('button', { name: 'Download' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('year-end-accounts.pdf');
  const saved = await file.path();
  expect((await readFile(saved)).subarray(0, 5).toString()).toBe('%PDF-');
  // Opening the link signed nobody in.
  expect((await recipientContext.cookies()).map((c) => c.name)).not.toContainEqual(expect.stringMatching(/session/));
  await recipientContext.close();

  // The sender's open panel shows the read receipt live.
  await expect(details).toContainText('First opened', READY);
});

test('a text with a curly quote counts as UCS-2 with its link, at 390, 1100 and 1400 px, and the charge is the parts shown', async ({
  page,
}) => {
  await signedIn(page, 'Ó Dálaigh Veterinary Ltd', 'Seán Ó Dálaigh');
  await uploadLetter(page, 'booster-reminder.pdf', await businessLetter(GARETH, 'Booster reminder'));
  const panel = await openLetter(page, 'booster-reminder.pdf');
  const form = panel.getByRole('form', { name: 'Delivery' });
  await chooseChannels(form, ['Text message']);
  await form.getByRole('textbox', { name: "Recipient's mobile number" }).fill('07700 900123');
  // Typed in Word: a curly apostrophe and an en dash. 37 characters, but with the link it is sent as
  // 109 UCS-2 characters: two parts of 67 (GSM-7 would have been one part of 160).
  const text = 'We’ve posted your invoice – thank you';
  await form.getByRole('textbox', { name: 'Text message' }).fill(text);
  const link = `${BASE_URL}/cloud#${'x'.repeat(43)}`;
  const counter = form.getByText(/characters with the link/);
  for (const width of [390, 1100, 1400]) {
    await page.setViewportSize({ width, height: 900 });
    await counter.scrollIntoViewIfNeeded();
    await expect(counter).toBeInViewport();
    await expect(counter).toHaveText(
      `${text.length + 1 + link.length} characters with the link, 2 parts of 67 (Unicode because of ’ –)`,
    );
    // Nothing runs off the side.
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  }
  const { total, price } = await shownPrice(form);
  expect(total).toBe(2 * 6);
  await expect(price).toContainText('£0.12');

  await form.getByRole('button', { name: 'Deliver' }).click();
  // The confirmation names the same total the counter led to (issue 27 item 3), then Yes charges it.
  await page.getByRole('dialog', { name: 'Are you sure?' }).getByRole('button', { name: 'Yes' }).click();
  await expect(panel.getByTestId('delivery-details').getByTestId('delivery-channel')).toContainText('£0.12', READY);
  await expect.poll(async () => (await balance(page.request)).balance, READY).toBe(1000 - total);
});

test.describe('accessibility', () => {
  // axe is injected as an inline script, which the product's CSP refuses.
  test.use({ bypassCSP: true });

  test('the letter panel with the delivery form open, and /cloud, pass the axe scan', async ({ page, browser }) => {
    await signedIn(page, 'Cotswold Veterinary Group Ltd', 'Amara Okafor');
    await uploadLetter(page, 'vaccination-due.pdf', await businessLetter(AMARA, 'Vaccination reminder'));
    const panel = await openLetter(page, 'vaccination-due.pdf');
    const form = panel.getByRole('form', { name: 'Delivery' });
    // Every channel's options open: mail, email, text message and cloud link, scheduled.
    await chooseChannels(form, ['Mail', 'Email', 'Text message', 'Cloud link']);
    await form.getByRole('textbox', { name: "Recipient's email" }).fill(uniqueEmail('amara'));
    await form.getByRole('textbox', { name: "Recipient's mobile number" }).fill('07700 900123');
    await form.getByRole('textbox', { name: 'Text message' }).fill('Your letter from Cotswold Vets is ready.');
    await form.getByRole('radio', { name: 'Scheduled' }).check();
    await shownPrice(form);
    expect(await axeViolations(page)).toEqual([]);

    // Deliver by cloud link, then scan the page the recipient opens.
    await chooseChannels(form, ['Cloud link']);
    await form.getByRole('radio', { name: 'Now' }).check();
    await shownPrice(form);
    await form.getByRole('button', { name: 'Deliver' }).click();
    await form.page().getByRole('dialog', { name: 'Are you sure?' }).getByRole('button', { name: 'Yes' }).click();
    const url = (await panel.getByTestId('cloud-link-url').getAttribute('href', READY))!;
    const recipientContext = await browser.newContext({ bypassCSP: true });
    const recipient = await recipientContext.newPage();
    await recipient.goto(url);
    await expect(recipient.getByRole('button', { name: 'Download' })).toBeEnabled(READY);
    await expect(recipient.locator('canvas[data-page="1"]')).toBeVisible(READY);
    expect(await axeViolations(recipient)).toEqual([]);

    // And the page of a link that does not exist.
    await recipient.goto('/cloud#not-a-real-token');
    await expect(recipient.getByText('This link has expired or does not exist.', { exact: false })).toBeVisible();
    expect(await axeViolations(recipient)).toEqual([]);
    await recipientContext.close();
  });
});
