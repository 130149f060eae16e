import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';
import { letterDocx, mergedPdf, simpleLetterPdf } from '../../apps/server/src/test/fixtures/letters';
import { axeViolations, signUpByApi } from './support';

// Analysis (and DOCX conversion) runs as a job in the product's worker: give it time.
test.setTimeout(120_000);
const READY = { timeout: 60_000 };

const PDF = 'application/pdf';
const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

const ALICE = ['Ms Alice Archer', '1 Park Row', 'Leeds', 'LS1 5HD'];
const BOB = ['Mr Bob Baker', '22 Station Road', 'York', 'YO24 1AB'];
const CAROL = ['Dr Carol Cook', '3 High Street', 'Bath', 'BA1 5AW'];
const DAVID = ['Mr David Dale', '40 Mill Lane', 'Derby', 'DE1 1AA'];

/** Signs a new company up through the page's own request context, so the page holds the session. */
async function signedIn(page: Page) {
  const company = await signUpByApi(page.request, { companyName: 'Letters Ltd', fullName: 'Lena Letters' });
  return company;
}

async function csrf(request: APIRequestContext) {
  return (await (await request.get('/api/csrf')).json()).token as string;
}

/** Uploads a letter through the API (for journeys about what comes after the upload). */
async function uploadByApi(page: Page, name: string, buffer: Buffer, type: 'regular' | 'merged' = 'regular') {
  const res = await page.request.post(`/api/letters/files?type=${type}`, {
    headers: { 'x-csrf-token': await csrf(page.request) },
    multipart: { file: { name, mimeType: name.endsWith('.docx') ? DOCX : PDF, buffer } },
  });
  expect(res.status()).toBe(201);
  return (await res.json()).uuid as string;
}

function lettersTable(page: Page): Locator {
  return page.getByRole('table', { name: 'Letters' });
}

function row(page: Page, text: string | RegExp): Locator {
  return lettersTable(page).getByRole('row').filter({ hasText: text });
}

async function openLetter(page: Page, name: string): Promise<Locator> {
  await row(page, name).getByRole('button', { name }).click();
  const panel = page.getByRole('dialog', { name });
  await expect(panel).toBeVisible();
  return panel;
}

test('uploads three PDFs and a DOCX from the header; the toast turns teal and the letters become New with their recipients', async ({
  page,
}) => {
  await signedIn(page);
  await page.goto('/letters');
  await expect(page.getByRole('heading', { level: 1, name: 'Letters' })).toBeVisible();

  await page.getByRole('button', { name: 'Upload letters' }).click();
  const dialog = page.getByRole('dialog', { name: 'Upload letters' });
  await dialog.getByTestId('letter-file-input').setInputFiles([
    { name: 'alice.pdf', mimeType: PDF, buffer: await simpleLetterPdf(ALICE) },
    { name: 'bob.pdf', mimeType: PDF, buffer: await simpleLetterPdf(BOB, { pages: 2 }) },
    { name: 'carol.pdf', mimeType: PDF, buffer: await simpleLetterPdf(CAROL) },
    { name: 'david.docx', mimeType: DOCX, buffer: letterDocx(DAVID) },
    { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not a letter') },
  ]);
  await expect(dialog.getByText('notes.txt: Only PDF or DOCX files can be uploaded.')).toBeVisible();
  await expect(dialog.getByTestId('chosen-file')).toHaveCount(4);
  await expect(dialog.getByTestId('chosen-file').first()).toContainText('alice.pdf');
  await dialog.getByRole('button', { name: 'Upload 4 files' }).click();
  await expect(dialog).toBeHidden();

  const toast = page.getByTestId('upload-toast');
  await expect(toast).toBeVisible();
  await expect(toast.getByTestId('upload-item')).toHaveCount(4);
  await expect(toast).toHaveAttribute('data-colour', 'teal', READY);
  await expect(toast.getByRole('status')).toHaveText('All letters have been uploaded successfully!');
  await expect(toast.getByRole('button', { name: 'Close upload progress' })).toBeEnabled();
  await expect(toast.getByRole('link', { name: 'Go to letters' })).toHaveAttribute('href', '/letters');
  await toast.getByRole('button', { name: 'Close upload progress' }).click();
  await expect(toast).toBeHidden();

  // The list follows the analysis live: Processing, then New with the recipient read from the window.
  for (const [name, address] of [
    ['alice.pdf', ALICE],
    ['bob.pdf', BOB],
    ['carol.pdf', CAROL],
    ['david.docx', DAVID],
  ] as const) {
    const r = row(page, name);
    await expect(r.getByTestId('status-badge')).toHaveText('New', READY);
    await expect(r.getByTestId('status-badge')).toHaveAttribute('data-colour', 'purple');
    await expect(r).toContainText(address[0]);
  }

  const panel = await openLetter(page, 'alice.pdf');
  await expect(panel.getByTestId('status-badge')).toHaveText('New');
  await expect(panel).toContainText('Ms Alice Archer');
  await expect(panel).toContainText('LS1 5HD');
  await expect(panel.getByRole('img', { name: 'First page of alice.pdf' })).toBeVisible();
  await expect(panel.getByRole('button', { name: 'Deliver' })).toBeEnabled();
  await expect(panel.getByRole('checkbox', { name: 'Mail', exact: true })).toBeChecked();
  await expect(panel.getByRole('checkbox', { name: 'Cloud link', exact: true })).toBeVisible();
  await panel.getByRole('button', { name: 'Deliver' }).click();
  await panel.page().getByRole('dialog', { name: 'Are you sure?' }).getByRole('button', { name: 'Yes' }).click();
  await expect(page.getByText('Delivering letter...')).toBeVisible();
});

test('a merged PDF is uploaded from the dropzone, its split reviewed, and cut into its letters', async ({ page }) => {
  await signedIn(page);
  await page.goto('/letters');
  await page
    .getByTestId('letter-dropzone')
    .getByTestId('letter-file-input')
    .setInputFiles([{ name: 'mailshot.pdf', mimeType: PDF, buffer: await mergedPdf([ALICE, BOB, CAROL], 2) }]);
  const dialog = page.getByRole('dialog', { name: 'Upload letters' });
  await expect(dialog.getByTestId('chosen-file')).toHaveCount(1);
  await dialog.getByRole('combobox', { name: 'Type of mailshot.pdf' }).selectOption('merged');
  await dialog.getByRole('button', { name: 'Upload 1 file' }).click();
  await expect(page.getByTestId('upload-toast')).toHaveAttribute('data-colour', 'teal', READY);

  await expect(row(page, 'mailshot.pdf').getByTestId('status-badge')).toHaveText('New', READY);
  await expect(row(page, 'mailshot.pdf')).toContainText('Merged');
  const panel = await openLetter(page, 'mailshot.pdf');
  await expect(panel.getByRole('button', { name: 'Deliver' })).toHaveCount(0);
  const split = panel.getByRole('button', { name: 'Split' });
  await expect(split).toBeEnabled();
  await split.click();

  // The proposal opens for review: every page drawn small, a cut before each letter with its recipient.
  const review = page.getByRole('dialog', { name: 'Review the split' });
  await expect(review).toBeVisible(READY);
  await expect(review.getByRole('group', { name: /^Page \d$/ })).toHaveCount(6);
  await expect(review.getByTestId('cut-recipient')).toHaveText([ALICE[0]!, BOB[0]!, CAROL[0]!]);
  await expect(review.getByTestId('split-summary')).toHaveText('3 letters');
  // pdf.js draws the pages under the product's CSP.
  await expect(review.getByRole('img', { name: 'Page 6' })).toHaveAttribute('data-drawn', 'true', READY);
  // Cuts move by keyboard: Space on page 2's "Starts a new letter" adds one, again takes it away.
  const pageTwo = review.getByRole('group', { name: 'Page 2' });
  await pageTwo.getByRole('checkbox', { name: 'Starts a new letter' }).focus();
  await page.keyboard.press('Space');
  await expect(review.getByTestId('split-summary')).toHaveText('4 letters');
  await expect(pageTwo.getByTestId('cut-recipient')).toBeVisible();
  await page.keyboard.press('Space');
  await expect(review.getByTestId('split-summary')).toHaveText('3 letters');
  await review.getByRole('button', { name: 'Create 3 letters' }).click();
  await expect(review).toBeHidden();

  await expect(panel.getByTestId('split-result')).toHaveText('This letter was split into 3 letters.', READY);
  await expect(split).toBeDisabled();
  await panel.getByRole('button', { name: 'Close' }).click();

  for (const address of [ALICE, BOB, CAROL]) {
    // The merged file reads as its first letter's recipient too: the new letters are the regular ones.
    const r = row(page, address[0]!).filter({ hasNotText: 'Merged' });
    await expect(r.getByTestId('status-badge')).toHaveText('New', READY);
  }
});

test('a letter is deleted to the trash and restored from it', async ({ page }) => {
  await signedIn(page);
  await uploadByApi(page, 'keep.pdf', await simpleLetterPdf(ALICE));
  await uploadByApi(page, 'bin.pdf', await simpleLetterPdf(BOB));
  await page.goto('/letters');
  await expect(row(page, 'bin.pdf').getByTestId('status-badge')).toHaveText('New', READY);
  await expect(row(page, 'keep.pdf').getByTestId('status-badge')).toHaveText('New', READY);

  await row(page, 'bin.pdf').getByRole('checkbox', { name: 'Select row' }).check();
  await expect(page.getByText('1 items selected')).toBeVisible();
  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  const confirm = page.getByRole('dialog', { name: 'Are you sure?' });
  await confirm.getByRole('button', { name: 'Yes' }).click();
  await expect(row(page, 'bin.pdf')).toHaveCount(0);
  await expect(row(page, 'keep.pdf')).toHaveCount(1);

  await page.getByRole('tab', { name: /Trash/ }).click();
  await expect(row(page, 'bin.pdf')).toHaveCount(1);
  await expect(row(page, 'keep.pdf')).toHaveCount(0);
  const panel = await openLetter(page, 'bin.pdf');
  await expect(panel.getByRole('button', { name: 'Delete Permanently' })).toBeEnabled();
  await expect(panel.getByRole('button', { name: 'Deliver' })).toHaveCount(0);
  await panel.getByRole('button', { name: 'Restore' }).click();
  await expect(panel).toBeHidden();
  await expect(row(page, 'bin.pdf')).toHaveCount(0);

  await page.getByRole('tab', { name: /^All/ }).click();
  await expect(row(page, 'bin.pdf').getByTestId('status-badge')).toHaveText('New');
});

test('the preview shows the letter page by page', async ({ page }) => {
  await signedIn(page);
  await uploadByApi(page, 'long.pdf', await simpleLetterPdf(CAROL, { pages: 3 }));
  await page.goto('/letters');
  await expect(row(page, 'long.pdf').getByTestId('status-badge')).toHaveText('New', READY);
  const panel = await openLetter(page, 'long.pdf');
  await panel.getByRole('button', { name: 'Preview' }).click();

  const viewer = page.getByTestId('pdf-viewer');
  await expect(viewer.getByTestId('pdf-page-label')).toHaveText('Page 1 of 3', READY);
  await expect(viewer.locator('canvas[data-page="1"]')).toBeVisible();
  const previous = viewer.getByRole('button', { name: 'Previous' });
  const next = viewer.getByRole('button', { name: 'Next' });
  await expect(previous).toBeDisabled();
  await next.click();
  await expect(viewer.getByTestId('pdf-page-label')).toHaveText('Page 2 of 3');
  await expect(viewer.locator('canvas[data-page="2"]')).toBeVisible();
  await next.click();
  await expect(viewer.getByTestId('pdf-page-label')).toHaveText('Page 3 of 3');
  await expect(next).toBeDisabled();
  await previous.click();
  await expect(viewer.getByTestId('pdf-page-label')).toHaveText('Page 2 of 3');
  await viewer.getByRole('button', { name: 'Close preview' }).click();
  await expect(viewer).toBeHidden();
});

test('the gallery view shows the thumbnails the stream sends', async ({ page }) => {
  await signedIn(page);
  await uploadByApi(page, 'one.pdf', await simpleLetterPdf(ALICE));
  await uploadByApi(page, 'two.pdf', await simpleLetterPdf(BOB));
  await page.goto('/letters');
  await expect(row(page, 'one.pdf').getByTestId('status-badge')).toHaveText('New', READY);
  await expect(row(page, 'two.pdf').getByTestId('status-badge')).toHaveText('New', READY);
  await page.getByRole('button', { name: 'Gallery view' }).click();
  const thumbnails = lettersTable(page).getByTestId('gallery-thumbnail');
  await expect(thumbnails).toHaveCount(2);
  await expect(thumbnails.nth(0)).toHaveAttribute('data-loaded', 'true', READY);
  await expect(thumbnails.nth(1)).toHaveAttribute('data-loaded', 'true', READY);
  await expect(row(page, 'one.pdf').getByRole('img', { name: 'First page of one.pdf' })).toBeVisible();
});

test.describe('accessibility', () => {
  // axe is injected as an inline script, which the product's CSP refuses.
  test.use({ bypassCSP: true });

  test('/letters passes the axe scan, as a table and as cards', async ({ page }) => {
    await signedIn(page);
    await uploadByApi(page, 'scan.pdf', await simpleLetterPdf(ALICE));
    await page.goto('/letters');
    await expect(row(page, 'scan.pdf').getByTestId('status-badge')).toHaveText('New', READY);
    expect(await axeViolations(page)).toEqual([]);

    await row(page, 'scan.pdf').getByRole('checkbox', { name: 'Select row' }).check();
    expect(await axeViolations(page)).toEqual([]);

    const panel = await openLetter(page, 'scan.pdf');
    await expect(panel.getByRole('button', { name: 'Deliver' })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await panel.getByRole('button', { name: 'Close' }).click();

    await page.getByRole('button', { name: 'Upload letters' }).click();
    await expect(page.getByRole('dialog', { name: 'Upload letters' })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Cancel' }).click();

    // Under 900 px every letter is a card.
    await page.setViewportSize({ width: 700, height: 900 });
    await expect(page.getByRole('list', { name: 'Letters' }).getByTestId('table-card')).toHaveCount(1);
    await expect(page.getByRole('list', { name: 'Letters' })).toContainText('scan.pdf');
    expect(await axeViolations(page)).toEqual([]);
  });

  test('the review of a split passes the axe scan', async ({ page }) => {
    await signedIn(page);
    await uploadByApi(page, 'run.pdf', await mergedPdf([ALICE, BOB], 2), 'merged');
    await page.goto('/letters');
    await expect(row(page, 'run.pdf').getByTestId('status-badge')).toHaveText('New', READY);
    const panel = await openLetter(page, 'run.pdf');
    await panel.getByRole('button', { name: 'Split' }).click();
    const review = page.getByRole('dialog', { name: 'Review the split' });
    await expect(review.getByTestId('split-summary')).toHaveText('2 letters', READY);
    expect(await axeViolations(page)).toEqual([]);
    await review.getByRole('button', { name: 'Cancel' }).click();
    await expect(review).toBeHidden();
    // The proposal waits in the panel, and the review opens again.
    await panel.getByRole('button', { name: 'Review the split' }).click();
    await expect(review).toBeVisible();
  });
});
