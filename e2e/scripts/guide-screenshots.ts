import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { simpleLetterPdf } from '../../apps/server/src/test/fixtures/letters';
import { fund } from '../tests/letter-support';
import { signUpByApi } from '../tests/support';

/**
 * The guide's pictures (apps/web/public/guide/*.webp): a demo company signed up in the built
 * product, a little data, and each screen captured at 1280x800 and encoded as WebP by Chromium.
 * Run with scripts/screenshots.config.ts (see there); commit the pictures it writes.
 */
const OUT = path.join(import.meta.dirname, '../../apps/web/public/guide');
const READY = { timeout: 60_000 };

test.use({ viewport: { width: 1280, height: 800 } });
test.setTimeout(300_000);

async function csrf(request: APIRequestContext) {
  return (await (await request.get('/api/csrf')).json()).token as string;
}

async function post(request: APIRequestContext, url: string, data: unknown) {
  const res = await request.post(url, { headers: { 'x-csrf-token': await csrf(request) }, data });
  expect(res.status(), `${url}: ${await res.text()}`).toBeLessThan(300);
  return res.json();
}

/** The page as it is now, 1280x800, as a WebP of about 60-120 KB. */
async function capture(page: Page, name: string) {
  // Nothing moving: no spinner left, fonts loaded, the pointer out of the way.
  await page.waitForLoadState('networkidle');
  await page.mouse.move(1279, 799);
  await page.evaluate(() => document.fonts.ready);
  const png = await page.screenshot({ type: 'png' });
  const webp = await page.evaluate(async (b64) => {
    const img = new Image();
    img.src = `data:image/png;base64,${b64}`;
    await img.decode();
    const canvas = document.createElement('canvas');
    canvas.width = img.naturalWidth;
    canvas.height = img.naturalHeight;
    canvas.getContext('2d')!.drawImage(img, 0, 0);
    return canvas.toDataURL('image/webp', 0.72).split(',')[1]!;
  }, png.toString('base64'));
  const bytes = Buffer.from(webp, 'base64');
  expect(bytes.subarray(8, 12).toString('latin1'), 'Chromium encodes WebP').toBe('WEBP');
  await writeFile(path.join(OUT, `${name}.webp`), bytes);
  console.log(`${name}.webp: ${bytes.length} bytes`);
}

test('captures the screens the guide shows', async ({ page }) => {
  const company = await signUpByApi(page.request, {
    companyName: "Harbour & O'Neill Stationers Ltd",
    fullName: 'Siân O’Neill',
  });
  fund(company.accountId, '250.00');

  // Letters to three customers, one of them with its address as a real letter has it.
  const recipients = [
    ['Ms Aoife Ní Bhriain', '14 Quay Street', 'Galway Court', 'Leeds', 'LS1 5HD'],
    ['Mr Rhys Llewelyn', '2 Heol y Castell', 'Cardiff', 'CF10 1BH'],
    ['Dr Zoë Brontë-Smith', '7 Mill Lane', 'York', 'YO24 1AB'],
  ];
  for (const [i, address] of recipients.entries()) {
    const res = await page.request.post('/api/letters/files?type=regular', {
      headers: { 'x-csrf-token': await csrf(page.request) },
      multipart: {
        file: {
          name: ['Invoice 1147.pdf', 'Renewal notice.pdf', 'Welcome pack.pdf'][i]!,
          mimeType: 'application/pdf',
          buffer: await simpleLetterPdf(address),
        },
      },
    });
    expect(res.status()).toBe(201);
    const [name, ...lines] = address;
    await post(page.request, '/api/customers', {
      name,
      address_lines: lines.slice(0, -1),
      postcode: lines.at(-1),
      email: `${name!.split(' ')[1]!.toLowerCase().normalize('NFD').replace(/\p{M}/gu, '')}@example.co.uk`,
      communications_preference: ['Mail', 'Email'],
    });
  }
  for (const name of ['Contracts', "Suppliers' invoices", 'Board minutes']) {
    await post(page.request, '/api/storage/folders', { parent_id: 'root', name });
  }

  await page.goto('/main');
  await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
  await capture(page, 'home');

  await page.goto('/letters');
  const table = page.getByRole('table', { name: 'Letters' });
  await expect(table.getByRole('row').filter({ hasText: 'Welcome pack' })).toContainText('New', READY);
  await expect(table.getByRole('row').filter({ hasText: 'Invoice 1147' })).toContainText('New', READY);
  await capture(page, 'letters');

  await table
    .getByRole('row')
    .filter({ hasText: 'Invoice 1147' })
    .getByRole('button', { name: 'Invoice 1147' })
    .click();
  const panel = page.getByRole('dialog', { name: 'Invoice 1147' });
  await expect(panel.getByRole('button', { name: 'Deliver' })).toBeVisible();
  await capture(page, 'letter-panel');
  await page.keyboard.press('Escape');

  await page.goto('/finances');
  await expect(page.getByRole('heading', { level: 1, name: 'Finances' })).toBeVisible();
  await capture(page, 'finances');

  await page.goto('/storage');
  await expect(page.getByText('Contracts').first()).toBeVisible();
  await capture(page, 'storage');

  await page.goto('/customers');
  await expect(page.getByText('Rhys Llewelyn').first()).toBeVisible();
  await capture(page, 'customers');

  await page.goto('/letterheads');
  await expect(page.getByRole('heading', { level: 1, name: 'Letterheads' })).toBeVisible();
  await capture(page, 'letterheads');

  await page.goto('/integrations');
  await expect(page.getByRole('heading', { level: 1, name: 'Integrations' })).toBeVisible();
  await capture(page, 'integrations');

  await page.goto('/users');
  await expect(page.getByRole('heading', { level: 1, name: 'Users & Departments' })).toBeVisible();
  await capture(page, 'users');

  await page.goto('/parcels/order');
  await expect(page.getByRole('heading', { level: 1, name: 'Book a parcel' })).toBeVisible();
  await capture(page, 'parcels-order');
});
