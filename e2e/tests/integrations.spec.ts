import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';
import { businessLetter, fund } from './letter-support';
import { axeViolations, signUpByApi, uniqueEmail, waitForMail } from './support';

// The consent round trip, the invoice's analysis, the delivery and the drive copy all run in the
// product (its sandbox providers and its workers): give them time.
test.setTimeout(120_000);
// axe is injected as a script: the product's CSP refuses inline scripts.
test.use({ bypassCSP: true });
const READY = { timeout: 45_000 };

/** Two of the sandbox Xero organisation's contacts (its demo data): an apostrophe and accents. */
const SIOBHAN = "Siobhan O'Neill";
const CAFE = 'Café Olé Ltd';
// The letter's own text is drawn with a standard PDF font (WinAnsi): accents, but no Welsh circumflex ŷ.
const ELUNED = ['Mrs Eluned Pryce-Jones', 'Plas Newydd, 4 Heol y Bont', 'Aberystwyth', 'SY23 1JH'];

async function csrf(request: APIRequestContext) {
  return (await (await request.get('/api/csrf')).json()).token as string;
}

/** A company on a plan with integrations: the money by bank transfer, then the plan chosen. */
async function companyOnPlan(page: Page, plan: 'Business' | 'Pro', pounds: string, companyName: string) {
  const company = await signUpByApi(page.request, { companyName, fullName: 'Rhiannon Ó Súilleabháin' });
  fund(company.accountId, pounds);
  const res = await page.request.put('/api/plans', {
    headers: { 'x-csrf-token': await csrf(page.request) },
    data: { plan },
  });
  expect(res.status()).toBe(200);
  return company;
}

/** Connects a provider from its card: its consent page, Allow, back through the return page to Connected. */
async function connect(page: Page, provider: string, name: string, returnPath: RegExp) {
  await page.goto('/integrations');
  const card = page.getByTestId(`integration-${provider}`);
  await card.getByRole('button', { name: `Connect ${name}` }).click();
  // The sandbox's consent page, served by the product as the provider would serve its own.
  await expect(page).toHaveURL(/\/api\/integrations\/sandbox\//);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(`Allow LetterPost to access your ${name}`);
  await page.getByRole('button', { name: 'Allow access' }).click();
  await page.waitForURL(returnPath, { waitUntil: 'commit' });
  // The return page registers the code, checks the connection, then goes back to the cards.
  await expect(page).toHaveURL(/\/integrations$/, READY);
  await expect(page.getByText(`Connected ${name} integration.`)).toBeVisible();
  await expect(card.getByTestId('connection-banner')).toContainText('Connected');
  return card;
}

function lettersRow(page: Page, name: string): Locator {
  return page.getByRole('table', { name: 'Letters' }).getByRole('row').filter({ hasText: name });
}

async function openLetter(page: Page, name: string): Promise<Locator> {
  await lettersRow(page, name).getByRole('button', { name }).click();
  const panel = page.getByRole('dialog', { name });
  await expect(panel).toBeVisible();
  return panel;
}

/** Delivers the open letter by email only (the outbox channel) and waits until it reads Sent. */
async function deliverByEmail(panel: Locator, recipient: string, subject: string) {
  const form = panel.getByRole('form', { name: 'Delivery' });
  for (const channel of ['Mail', 'Email', 'Text message', 'Cloud link']) {
    const box = form.getByRole('checkbox', { name: channel, exact: true });
    if (channel === 'Email') await box.check();
    else if (await box.isEnabled()) await box.uncheck();
  }
  await form.getByRole('textbox', { name: "Recipient's email" }).fill(recipient);
  await form.getByRole('textbox', { name: 'Subject' }).fill(subject);
  const price = form.getByTestId('delivery-price');
  await expect(price).toHaveAttribute('aria-busy', 'false');
  await expect(price).toContainText('£0.05');
  await form.getByRole('button', { name: 'Deliver' }).click();
  await form.page().getByRole('dialog', { name: 'Are you sure?' }).getByRole('button', { name: 'Yes' }).click();
  await expect(panel.getByTestId('status-badge').first()).toHaveText('Sent', READY);
}

test('connects the sandbox Xero, imports two contacts as customers and an invoice as a letter, and emails it', async ({
  page,
}) => {
  await companyOnPlan(page, 'Pro', '89.00', 'Ffion & Dafydd’s Print Co Ltd');
  const card = await connect(page, 'xero', 'Xero', /\/xeroRedirect\?/);
  await expect(card.getByTestId('connection-banner')).toContainText('Connected to Demo Company (UK)');
  expect(await axeViolations(page)).toEqual([]);

  // Contacts: two chosen become customers.
  await card.getByRole('link', { name: 'Xero contacts' }).click();
  await expect(page).toHaveURL(/\/xero\/contacts$/);
  const contacts = page.getByRole('list', { name: 'Xero contacts' });
  await expect(contacts.getByTestId('contact-card').first()).toBeVisible(READY);
  await contacts.getByRole('checkbox', { name: `Select ${SIOBHAN}` }).check();
  await contacts.getByRole('checkbox', { name: `Select ${CAFE}` }).check();
  await expect(page.getByText('2 selected')).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Import selected' }).click();
  const outcome = page.getByTestId('import-outcome');
  await expect(outcome).toContainText('2 customers added, 0 updated.', READY);
  for (const name of [SIOBHAN, CAFE])
    await expect(
      contacts.getByTestId('contact-card').filter({ has: page.getByRole('heading', { name, exact: true }) }),
    ).toContainText('Already imported');
  await outcome.getByRole('link', { name: 'View customers' }).click();
  await expect(page).toHaveURL(/\/customers$/);
  const customers = page.getByRole('table', { name: 'Customers' });
  await expect(customers.getByRole('row').filter({ hasText: SIOBHAN })).toContainText('BS8 3HT');
  await expect(customers.getByRole('row').filter({ hasText: CAFE })).toContainText('SK4 1AX');
  // Only the two chosen, not the organisation's thirty.
  await expect(customers.getByRole('row')).toHaveCount(3);

  // Invoices: Siobhan's becomes a letter addressed to her.
  await page.goto('/xero/invoices');
  const invoices = page.getByRole('list', { name: 'Xero invoices' });
  const invoice = invoices.getByTestId('invoice-card').filter({ hasText: SIOBHAN }).first();
  await expect(invoice).toBeVisible(READY);
  await expect(invoice).toContainText('£');
  await expect(invoice.getByRole('link', { name: /View invoice in Xero/ })).toBeVisible();
  const title = (await invoice.getByRole('heading').textContent())!.trim();
  expect(title).toMatch(/^Invoice \S+/);
  await invoice.getByRole('checkbox', { name: `Select ${title}` }).check();
  expect(await axeViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Import selected' }).click();
  await expect(page.getByTestId('import-outcome')).toContainText('1 invoice imported as letters.', READY);
  await expect(invoice).toContainText('Already imported');

  // The letter is analysed like an upload: addressed to the contact, then delivered by email.
  const letterName = `${title}.pdf`;
  await page.goto('/letters');
  await expect(lettersRow(page, letterName).getByTestId('status-badge')).toHaveText('New', READY);
  const panel = await openLetter(page, letterName);
  await expect(panel).toContainText(SIOBHAN);
  await expect(panel).toContainText('BS8 3HT');
  const recipient = uniqueEmail('siobhan');
  await deliverByEmail(panel, recipient, `Your invoice ${title.replace(/^Invoice /, '')}`);
  await expect(panel.getByTestId('delivery-details')).toContainText(`To ${recipient}`);
  const mail = (await waitForMail(recipient)) as { subject: string; attachments: { filename: string }[] };
  expect(mail.subject).toBe(`Your invoice ${title.replace(/^Invoice /, '')}`);
  expect(mail.attachments).toEqual([expect.objectContaining({ filename: letterName })]);
  await panel.getByRole('button', { name: 'Close' }).click();
  await expect(lettersRow(page, letterName).getByTestId('status-badge')).toHaveText('Sent');
});

test('connects the sandbox Google Drive with auto-sync, and a delivered letter shows synced in its panel', async ({
  page,
}) => {
  await companyOnPlan(page, 'Business', '39.00', 'Aberystwyth Lettings Cyf');
  const card = await connect(page, 'google_drive', 'Google Drive', /\/cloudRedirect/);
  const sync = card.getByRole('switch', { name: 'Copy letters to Google Drive' });
  await expect(sync).not.toBeChecked();
  // The switch follows the saved answer (it may read off for a moment until the list is fetched
  // again), so it is clicked and then waited for rather than check()ed.
  await sync.click();
  await expect(page.getByText('Letters will be copied to Google Drive.')).toBeVisible();
  await expect(sync).toBeChecked();
  expect(await axeViolations(page)).toEqual([]);

  const name = 'tenancy-pryce-jones.pdf';
  await page.goto('/letters');
  await page.getByRole('button', { name: 'Upload letters' }).click();
  const dialog = page.getByRole('dialog', { name: 'Upload letters' });
  await dialog
    .getByTestId('letter-file-input')
    .setInputFiles([
      { name, mimeType: 'application/pdf', buffer: await businessLetter(ELUNED, 'Your tenancy renewal') },
    ]);
  await dialog.getByRole('button', { name: 'Upload 1 file' }).click();
  await expect(dialog).toBeHidden();
  const toast = page.getByTestId('upload-toast');
  await expect(toast).toHaveAttribute('data-colour', 'teal', READY);
  await toast.getByRole('button', { name: 'Close upload progress' }).click();
  await expect(lettersRow(page, name).getByTestId('status-badge')).toHaveText('New', READY);

  let panel = await openLetter(page, name);
  // Not delivered yet: no drive has it (uploads are not copied unless chosen).
  await expect(panel.getByTestId('cloud-sync')).toHaveCount(0);
  await deliverByEmail(panel, uniqueEmail('eluned'), 'Your tenancy renewal');

  // The drive_sync job runs in the product's worker; the panel follows the letter live, and a
  // reload is the fallback if the live stream missed the change.
  await expect(async () => {
    if (!(await panel.isVisible())) {
      await page.goto('/letters');
      panel = await openLetter(page, name);
    }
    try {
      await expect(panel.getByTestId('cloud-sync-drive')).toHaveAttribute('data-status', 'synced', { timeout: 5_000 });
    } catch (error) {
      await page.goto('/letters');
      throw error;
    }
  }).toPass(READY);
  const drive = panel.getByTestId('cloud-sync-drive');
  await expect(drive).toHaveCount(1);
  await expect(drive).toContainText('Synced to Google Drive');
  await expect(drive).toContainText(`LetterPost letters/${name.replace(/\.pdf$/, '')}`);
  await panel.getByRole('button', { name: 'Close' }).click();
  await expect(lettersRow(page, name).getByRole('img', { name: 'Synced to a cloud drive' })).toBeVisible();
});
