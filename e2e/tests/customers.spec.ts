import { execFileSync } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { PDFDocument, rgb, StandardFonts } from 'pdf-lib';
import { E2E_DATA_DIR } from '../playwright.config';
import { businessLetter, fund, MM } from './letter-support';
import { axeViolations, signUpByApi, uniqueEmail, waitForMail } from './support';

test.setTimeout(90_000);
// axe is injected as a script: the product's CSP refuses inline scripts.
test.use({ bypassCSP: true });
const READY = { timeout: 45_000 };

/** A letterhead as a designer exports it: the firm's name and address at the top, a footer. */
async function letterheadPdf(): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([210 * MM, 297 * MM]);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  page.drawRectangle({ x: 15 * MM, y: 272 * MM, width: 18 * MM, height: 18 * MM, color: rgb(0.1, 0.3, 0.2) });
  page.drawText('Kestrel & Finch Accountants LLP', { x: 38 * MM, y: 282 * MM, size: 16, font: bold });
  page.drawText('3 Mill Yard, Leeds LS1 4AP', { x: 38 * MM, y: 276 * MM, size: 9, font });
  page.drawText('Registered in England and Wales OC654321', { x: 15 * MM, y: 8 * MM, size: 7, font });
  return Buffer.from(await doc.save());
}

/** The PDF attached to a mail in the local outbox (its .eml beside the .json), as text per page. */
async function attachedPdfText(mailId: string): Promise<string> {
  const eml = await readFile(path.join(E2E_DATA_DIR, 'outbox', `${mailId}.eml`), 'utf8');
  const part = /Content-Type: application\/pdf[\s\S]*?\n\n([A-Za-z0-9+/=\n]+)/.exec(eml);
  expect(part, 'a PDF attachment in the mail').toBeTruthy();
  const dir = await mkdtemp(path.join(tmpdir(), 'lp-e2e-'));
  try {
    const file = path.join(dir, 'a.pdf');
    await writeFile(file, Buffer.from(part![1]!.replace(/\n/g, ''), 'base64'));
    // pdftotext breaks lines where the letter's own header sits beside the letterhead's.
    return execFileSync('pdftotext', [file, '-']).toString().replace(/\s+/g, ' ');
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

async function addCustomer(
  page: Page,
  c: { name: string; lines: string[]; postcode: string; email: string; phone: string },
) {
  await page.goto('/customers');
  await page.getByRole('button', { name: 'Add customer' }).click();
  const form = page.getByRole('form', { name: 'Customer details' });
  await form.getByRole('textbox', { name: 'Name' }).fill(c.name);
  for (const [i, line] of c.lines.entries())
    await form.getByRole('textbox', { name: `Address line ${i + 1}` }).fill(line);
  await form.getByRole('textbox', { name: 'Postcode' }).fill(c.postcode);
  await form.getByRole('textbox', { name: 'Email' }).fill(c.email);
  await form.getByRole('textbox', { name: 'Phone' }).fill(c.phone);
  await form.getByRole('checkbox', { name: 'Email', exact: true }).check();
  await form.getByRole('button', { name: /^(Save|Add)/ }).click();
  // The new customer's panel opens; closing it shows them in the list.
  const panel = page.getByRole('dialog', { name: c.name });
  await expect(panel).toBeVisible(READY);
  await panel.getByRole('button', { name: 'Close' }).click();
  await expect(page.getByRole('main').getByText(c.name, { exact: true })).toBeVisible(READY);
}

test('delivers a letter to a linked customer: email pre-filled, the primary letterhead on the emailed PDF', async ({
  page,
}) => {
  const company = await signUpByApi(page.request, {
    companyName: 'Kestrel & Finch Accountants LLP',
    fullName: 'Olivia Finch',
  });
  fund(company.accountId, '10.00');

  await page.goto('/letterheads');
  await page.getByTestId('letterhead-primary-input').setInputFiles({
    name: 'Kestrel letterhead.pdf',
    mimeType: 'application/pdf',
    buffer: await letterheadPdf(),
  });
  await expect(page.getByText('Your primary letterhead was uploaded successfully!')).toBeVisible(READY);
  expect(await axeViolations(page)).toEqual([]);

  const email = uniqueEmail('siobhan');
  await addCustomer(page, {
    name: "Dr Siobhan O'Neill",
    lines: ['12 Acacia Avenue', 'Clifton', 'Bristol'],
    postcode: 'bs8 2qt',
    email,
    phone: '07700 900123',
  });
  expect(await axeViolations(page)).toEqual([]);

  // The letter is uploaded after the customer: analysis links it by name and postcode.
  await page.goto('/letters');
  await page.getByRole('button', { name: 'Upload letters' }).click();
  const upload = page.getByRole('dialog', { name: 'Upload letters' });
  await upload.getByTestId('letter-file-input').setInputFiles([
    {
      name: 'annual-accounts.pdf',
      mimeType: 'application/pdf',
      buffer: await businessLetter(
        ["Dr Siobhan O'Neill", '12 Acacia Avenue', 'Clifton', 'Bristol', 'BS8 2QT'],
        'Your annual accounts',
      ),
    },
  ]);
  await upload.getByRole('button', { name: 'Upload 1 file' }).click();
  const row = page.getByRole('table', { name: 'Letters' }).getByRole('row').filter({ hasText: 'annual-accounts.pdf' });
  await expect(row.getByTestId('status-badge')).toHaveText('New', READY);
  await page.getByTestId('upload-toast').getByRole('button', { name: 'Close upload progress' }).click();
  await row.getByRole('button', { name: 'annual-accounts.pdf' }).click();
  const panel = page.getByRole('dialog', { name: 'annual-accounts.pdf' });
  await expect(panel.getByTestId('letter-customer')).toContainText("Dr Siobhan O'Neill");

  const form = panel.getByRole('form', { name: 'Delivery' });
  // The customer takes email only: mail is not offered, and the email is filled in from the customer.
  await expect(form.getByRole('checkbox', { name: 'Mail', exact: true })).toBeDisabled(READY);
  await form.getByRole('checkbox', { name: 'Email', exact: true }).check();
  await expect(form.getByRole('textbox', { name: "Recipient's email" })).toHaveValue(email, READY);
  await form.getByRole('radio', { name: 'Primary letterhead' }).check();
  await form.getByRole('button', { name: 'Deliver' }).click();
  await form.page().getByRole('dialog', { name: 'Are you sure?' }).getByRole('button', { name: 'Yes' }).click();
  await expect(panel.getByTestId('status-badge').first()).toHaveText('Sent', READY);

  const mail = (await waitForMail(email)) as unknown as { id: string };
  const text = await attachedPdfText(mail.id);
  expect(text).toContain('Kestrel & Finch Accountants LLP');
  expect(text).toContain('Your annual accounts');
});

test('edits a customer in the panel: only what changed is saved', async ({ page }) => {
  await signUpByApi(page.request, { companyName: 'Tidewater Dental Ltd', fullName: 'Aoife Byrne' });
  await addCustomer(page, {
    name: 'Mr Seán Ó Briain',
    lines: ['4 Church Road', 'Cardiff'],
    postcode: 'CF10 1AA',
    email: uniqueEmail('sean'),
    phone: '07700 900456',
  });
  await page.getByRole('main').getByText('Mr Seán Ó Briain', { exact: true }).click();
  const drawer = page.getByRole('dialog', { name: 'Mr Seán Ó Briain' });
  await drawer.getByRole('button', { name: 'Edit' }).click();
  const form = drawer.getByRole('form', { name: 'Customer details' });
  await form.getByRole('textbox', { name: 'Phone' }).fill('029 2018 0000');
  await form.getByRole('textbox', { name: 'Postcode' }).fill('CF1');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form.getByText('Invalid Postcode')).toBeVisible();
  await form.getByRole('textbox', { name: 'Postcode' }).fill('CF10 1AA');
  const saved = page.waitForRequest((r) => r.url().endsWith('/api/customers') && r.method() === 'PUT');
  await form.getByRole('button', { name: 'Save' }).click();
  const body = (await saved).postDataJSON();
  expect(Object.keys(body).sort()).toEqual(['customer_phone', 'customer_uuid']);
  await expect(drawer).toContainText('029 2018 0000', READY);
  expect(await axeViolations(page)).toEqual([]);
});
