import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { blockedLetters, ordinaryLetters } from '../../apps/server/src/test/fixtures/uk-letters';
import { fund } from './letter-support';
import { axeViolations, signUpByApi } from './support';

/** A letter filled in from LibreOffice's own "bottle" letter template (fixtures/template-letters). */
const TEMPLATE_LETTER = path.join(
  import.meta.dirname,
  '../../apps/server/src/test/fixtures/template-letters/pri-bottle-l.pdf',
);

// Analysis runs as a job in the product's worker: give it time.
test.setTimeout(120_000);
const READY = { timeout: 60_000 };

test('an ordinary letter becomes New; one with a logo in the window shows what is in the way and is fixed with an address sheet', async ({
  page,
}) => {
  await signUpByApi(page.request, { companyName: 'Window Ltd', fullName: "Siân O'Connor" });
  const ordinary = ordinaryLetters().find((l) => l.file === 'solicitors-46mm.pdf')!;
  const blocked = blockedLetters().find((l) => l.file === 'logo-and-slogan.pdf')!;
  await page.goto('/letters');
  await page.getByRole('button', { name: 'Upload letters' }).click();
  const dialog = page.getByRole('dialog', { name: 'Upload letters' });
  await dialog.getByTestId('letter-file-input').setInputFiles([
    { name: ordinary.file, mimeType: 'application/pdf', buffer: await ordinary.bytes() },
    { name: blocked.file, mimeType: 'application/pdf', buffer: await blocked.bytes() },
  ]);
  await dialog.getByRole('button', { name: 'Upload 2 files' }).click();
  const table = page.getByRole('table', { name: 'Letters' });
  const rowOf = (name: string) => table.getByRole('row').filter({ hasText: name });
  // The name is shown exactly as printed: an apostrophe, not &apos;.
  await expect(rowOf(ordinary.file)).toContainText('New', READY);
  await expect(rowOf(ordinary.file)).toContainText("Dr Siobhan O'Neill");
  await expect(rowOf(blocked.file)).toContainText('Encountered Issues', READY);

  await expect(rowOf(blocked.file)).toContainText('Window not clear');
  await rowOf(blocked.file).getByRole('button', { name: blocked.file }).click();
  const panel = page.getByRole('dialog', { name: blocked.file });
  await expect(panel.getByRole('alert')).toContainText(
    'Something besides the address would show through the envelope window',
  );
  await expect(panel.getByRole('alert')).toContainText('a graphic at 78 mm from the left');
  // The logo stands in the window: re-setting would white it out, so the sheet is the fix offered.
  await expect(panel.getByRole('button', { name: 'Re-set the address on page 1' })).toHaveCount(0);

  // The preview outlines page 1: the window, the address and what is in the way.
  await panel.getByRole('button', { name: 'Show the problem on the page' }).click();
  const viewer = page.getByTestId('pdf-viewer');
  const overlay = viewer.getByTestId('layout-overlay');
  await expect(overlay).toBeVisible(READY);
  await expect(overlay.locator('[data-kind="address"]')).toHaveCount(1);
  await expect(overlay.locator('[data-kind="intrusion"]')).not.toHaveCount(0);
  await expect(overlay.locator('[data-kind="barcode"]')).toHaveCount(0);
  await viewer.getByRole('button', { name: 'Close preview' }).click();

  await panel.getByRole('button', { name: 'Add an address sheet' }).click();
  await expect(page.getByText('An address sheet was put in front of the letter.')).toBeVisible();
  await expect(panel.getByTestId('status-badge')).toHaveText('New', READY);
  await expect(panel.getByTestId('address-sheet')).toContainText('page 1 is the sheet with the address');
  // The result is shown before anything is sent: page 1 of the preview is the sheet, with room for the barcode.
  await panel.getByRole('button', { name: 'Preview' }).click();
  await expect(viewer.getByTestId('pdf-page-label')).toHaveText('Page 1 of 2', READY);
  await viewer.getByRole('switch', { name: 'Outline the address window on page 1' }).check();
  await expect(viewer.locator('[data-kind="barcode"]')).toHaveCount(1);
});

test('a letter from a word processor template runs out of the window: the user sees it, re-sets the address and posts it', async ({
  page,
}) => {
  const company = await signUpByApi(page.request, { companyName: 'Bottle Green Ltd', fullName: 'Jane Harrow' });
  fund(company.accountId, '10.00');
  const file = 'pri-bottle-l.pdf';
  await page.goto('/letters');
  await page.getByRole('button', { name: 'Upload letters' }).click();
  const dialog = page.getByRole('dialog', { name: 'Upload letters' });
  await dialog
    .getByTestId('letter-file-input')
    .setInputFiles([{ name: file, mimeType: 'application/pdf', buffer: await readFile(TEMPLATE_LETTER) }]);
  await dialog.getByRole('button', { name: 'Upload 1 file' }).click();
  const row = page.getByRole('table', { name: 'Letters' }).getByRole('row').filter({ hasText: file });
  // Flagged before anything is charged, and found in the Failed tab.
  await expect(row).toContainText('Encountered Issues', READY);
  await expect(row).toContainText('Address outside window');
  await page.getByRole('tab', { name: /^Failed/ }).click();
  await expect(row).toBeVisible();
  await expect(page.getByRole('tab', { name: /^Failed/ })).toContainText('1');

  await row.getByRole('button', { name: file }).click();
  const panel = page.getByRole('dialog', { name: file });
  await expect(panel.getByRole('alert')).toContainText('mm above the top of the envelope window');
  // Mail is not offered until it is fixed; email and the rest stay open.
  const form = panel.getByRole('form', { name: 'Delivery' });
  await expect(form.getByRole('checkbox', { name: 'Mail', exact: true })).toBeDisabled();

  // The proof: page 1 with the window, the address read and, in red, the part outside the window.
  await panel.getByRole('button', { name: 'Show the problem on the page' }).click();
  const viewer = page.getByTestId('pdf-viewer');
  const overlay = viewer.getByTestId('layout-overlay');
  await expect(overlay).toBeVisible(READY);
  await expect(overlay.locator('[data-kind="window"]')).toHaveCount(1);
  await expect(overlay.locator('[data-kind="outside"]')).not.toHaveCount(0);
  await viewer.getByRole('button', { name: 'Close preview' }).click();

  // One click: the address set again inside the window; the letter is New with the same recipient.
  await panel.getByRole('button', { name: 'Re-set the address on page 1' }).click();
  await expect(panel.getByTestId('status-badge')).toHaveText('New', READY);
  await expect(panel.getByTestId('address-reset')).toContainText('set again inside the window');
  await expect(panel).toContainText('Accounts Payable');
  await panel.getByRole('button', { name: 'Preview' }).click();
  await viewer.getByRole('switch', { name: 'Outline the address window on page 1' }).check();
  await expect(viewer.locator('[data-kind="barcode"]')).toHaveCount(1, READY);
  await expect(viewer.locator('[data-kind="outside"]')).toHaveCount(0);
  await viewer.getByRole('button', { name: 'Close preview' }).click();

  // Posted: the mail channel is open now, and the letter goes to the print partner.
  await expect(form.getByRole('checkbox', { name: 'Mail', exact: true })).toBeEnabled(READY);
  for (const channel of ['Email', 'Text message', 'Cloud link']) {
    const box = form.getByRole('checkbox', { name: channel, exact: true });
    if (await box.isEnabled()) await box.uncheck();
  }
  await form.getByRole('checkbox', { name: 'Mail', exact: true }).check();
  await expect(form.getByTestId('delivery-price')).toHaveAttribute('aria-busy', 'false');
  await form.getByRole('button', { name: 'Deliver' }).click();
  await form.page().getByRole('dialog', { name: 'Are you sure?' }).getByRole('button', { name: 'Yes' }).click();
  await expect(panel.getByTestId('delivery-details')).toContainText('Mail', READY);
  await expect(panel.getByTestId('status-badge')).toHaveText(/Sending|Sent/, READY);
});

test.describe('accessibility', () => {
  // axe is injected as an inline script, which the product's CSP refuses.
  test.use({ bypassCSP: true });

  test('the panel of a blocked letter and its outlined preview pass the axe scan', async ({ page }) => {
    await signUpByApi(page.request, { companyName: 'Window Axe Ltd' });
    const blocked = blockedLetters().find((l) => l.file === 'tinted-panel.pdf')!;
    const token = (await (await page.request.get('/api/csrf')).json()).token as string;
    const res = await page.request.post('/api/letters/files?type=regular', {
      headers: { 'x-csrf-token': token },
      multipart: { file: { name: blocked.file, mimeType: 'application/pdf', buffer: await blocked.bytes() } },
    });
    expect(res.status()).toBe(201);
    await page.goto('/letters');
    const row = page.getByRole('table', { name: 'Letters' }).getByRole('row').filter({ hasText: blocked.file });
    await expect(row).toContainText('Encountered Issues', READY);
    await row.getByRole('button', { name: blocked.file }).click();
    const panel = page.getByRole('dialog', { name: blocked.file });
    await expect(panel.getByRole('button', { name: 'Add an address sheet' })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await panel.getByRole('button', { name: 'Show the problem on the page' }).click();
    await expect(page.getByTestId('layout-overlay')).toBeVisible(READY);
    expect(await axeViolations(page)).toEqual([]);
  });
});
