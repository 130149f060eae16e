import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { E2E_DATA_DIR } from '../playwright.config';
import { axeViolations, signUpByApi } from './support';

// axe is injected as an inline script, which the product's CSP refuses.
test.use({ bypassCSP: true });

/** The help button's tooltip (part 2 section 2: it invites the user to read the guide). */
const HELP_TOOLTIP = 'Read our guide to get the most out of the product';

test.beforeEach(async ({ page }) => {
  // The page's own request context signs up, so the page holds the session.
  await signUpByApi(page.request, { companyName: 'Ffion & Zoë’s Print Co', fullName: 'Ffion O’Hara' });
});

test('the floating help button opens the guide; searching finds and marks an article, which opens', async ({
  page,
}) => {
  await page.goto('/main');
  const help = page.getByRole('button', { name: 'Help' });
  await expect(help).toBeVisible();
  // Bottom left of the window.
  const box = (await help.boundingBox())!;
  const viewport = page.viewportSize()!;
  expect(box.x).toBeLessThan(100);
  expect(box.y + box.height).toBeGreaterThan(viewport.height - 100);
  await help.hover();
  await expect(page.getByRole('tooltip')).toHaveText(HELP_TOOLTIP);
  await help.click();
  await expect(page).toHaveURL(/\/guide$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Guide' })).toBeVisible();

  const search = page.getByRole('searchbox', { name: 'Search the guide' });
  await search.fill('barcode');
  await expect(page).toHaveURL(/\/guide\?q=barcode$/);
  const results = page.getByTestId('guide-result');
  await expect(results.first()).toContainText('Fixing problems with a letter');
  await expect(page.locator('mark').first()).toHaveText(/barcode/i);
  await search.fill('fax machine');
  await expect(page.getByText('No articles match "fax machine".')).toBeVisible();
  await expect(results).toHaveCount(0);

  await search.fill('address sheet');
  await results.first().getByRole('link', { name: 'Fixing problems with a letter' }).click();
  await search.fill('');
  await expect(page).toHaveURL(/\/guide\/fixing-letters$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Fixing problems with a letter' })).toBeVisible();
  await page.getByRole('link', { name: /Next: Delivering letters/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Delivering letters' })).toBeVisible();
});

test("a screen's help icon opens its article, whose pictures load", async ({ page }) => {
  await page.goto('/parcels');
  await page.getByRole('link', { name: 'Help: read the guide about Parcels' }).click();
  await expect(page).toHaveURL(/\/guide\/parcels$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Parcels: quote, book, label and track' })).toBeVisible();
  const picture = page.getByRole('img', { name: /Booking a parcel/ });
  await picture.scrollIntoViewIfNeeded();
  await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1280);

  // Every screen's help icon leads to an existing article.
  for (const [path, title] of [
    ['/letters', 'Letters'],
    ['/storage', 'Storage'],
    ['/finances', 'Finances'],
    ['/customers', 'Customers'],
    ['/letterheads', 'Letterheads'],
    ['/integrations', 'Integrations'],
    ['/users', 'Users & Departments'],
  ] as const) {
    await page.goto(path);
    await page.getByRole('link', { name: `Help: read the guide about ${title}` }).click();
    await expect(page.getByTestId('guide-article'), path).toBeVisible();
  }
});

test('every picture of the guide is served', async ({ page }) => {
  await page.goto('/guide');
  for (const slug of ['getting-started', 'uploading-letters', 'fixing-letters', 'money', 'storage', 'customers']) {
    await page.goto(`/guide/${slug}`);
    for (const img of await page.getByRole('article').getByRole('img').all()) {
      const src = (await img.getAttribute('src'))!;
      const res = await page.request.get(src);
      expect(res.status(), src).toBe(200);
      expect(res.headers()['content-type'], src).toBe('image/webp');
    }
  }
});

test('the guide and the download page pass axe; without installers the download says it is not available', async ({
  page,
}) => {
  await page.goto('/guide');
  await expect(page.getByTestId('guide-result').first()).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await page.goto('/guide/delivering-letters');
  await expect(page.getByTestId('guide-article')).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);

  await page.goto('/download/windows');
  await expect(page.getByRole('heading', { level: 1, name: 'Download for Windows' })).toBeVisible();
  await expect(page.getByTestId('download-not-available')).toContainText(
    'The download is not available for Windows yet.',
  );
  await expect(page.getByText(/Install this site as an app/)).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await page.goto('/download/linux');
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
});

test('the guide works at 390 px wide', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/guide/scheduling');
  await expect(page.getByRole('heading', { level: 1, name: 'Scheduling a delivery' })).toBeVisible();
  // The contents fold away above the article; opened, they list every article.
  const contents = page.getByRole('navigation', { name: 'Contents' });
  await expect(contents.getByRole('link', { name: 'Getting started' })).toBeHidden();
  await contents.getByText('Contents').click();
  await expect(contents.getByRole('link', { name: 'Getting started' })).toBeVisible();
  await expect(contents.getByRole('link', { name: 'Scheduling a delivery' })).toHaveAttribute('aria-current', 'page');
  const wide = await page.evaluate(() =>
    [...document.querySelectorAll('body *')]
      .filter((e) => e.getBoundingClientRect().right > window.innerWidth + 0.5)
      .map((e) => `${e.tagName}.${e.className}`.slice(0, 120)),
  );
  expect(wide).toEqual([]);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  expect(await axeViolations(page)).toEqual([]);
});

test('the product can be installed as an app: manifest and icons', async ({ page }) => {
  await page.goto('/');
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(href).toBe('/manifest.webmanifest');
  const manifest = await (await page.request.get(href!)).json();
  expect(manifest).toMatchObject({
    name: 'LetterPost',
    short_name: 'LetterPost',
    start_url: '/',
    display: 'standalone',
    theme_color: '#4D00E5',
  });
  const sizes = manifest.icons.map((i: { sizes: string; purpose: string }) => `${i.sizes} ${i.purpose}`);
  expect(sizes).toEqual(expect.arrayContaining(['192x192 any', '512x512 any', '512x512 maskable']));
  for (const icon of manifest.icons) expect((await page.request.get(icon.src)).status(), icon.src).toBe(200);
  const touch = await page.locator('link[rel="apple-touch-icon"]').getAttribute('href');
  expect((await page.request.get(touch!)).status()).toBe(200);
});

test('the installers the operator configured download one after another, 1.2 seconds apart', async ({ page }) => {
  // The operator's directory (DATA_DIR/installers by default): two files for Windows.
  const dir = path.join(E2E_DATA_DIR, 'installers', 'windows');
  await mkdir(dir, { recursive: true });
  const setup = randomBytes(200_000);
  await writeFile(path.join(dir, '1 Letterpost Setup 2.4.1.exe'), setup);
  await writeFile(path.join(dir, '2 Release notes (Café).txt'), 'Notes de version — café\n');
  try {
    const downloads: Array<{ name: string; path: string }> = [];
    page.on('download', async (d) => {
      downloads.push({ name: d.suggestedFilename(), path: (await d.path()) ?? '' });
    });
    // When the page starts each file (a download event comes only once the answer starts, later
    // for a larger file, so its times do not show the page's spacing): the page's own clock at
    // each click of a download link.
    await page.addInitScript(() => {
      const w = window as unknown as { __downloadsStarted: number[] };
      w.__downloadsStarted = [];
      const click = HTMLAnchorElement.prototype.click;
      HTMLAnchorElement.prototype.click = function (this: HTMLAnchorElement) {
        if (this.hasAttribute('download')) w.__downloadsStarted.push(performance.now());
        return click.call(this);
      };
    });
    await page.goto('/download/windows');
    await expect(page.getByRole('list', { name: 'Installer files' }).getByRole('listitem')).toHaveCount(2);
    await expect(page.getByTestId('download-status')).toHaveText(
      "All 2 files have been sent to your browser's downloads.",
    );
    await expect.poll(() => downloads.length).toBe(2);
    expect(downloads.map((d) => d.name)).toEqual(['1 Letterpost Setup 2.4.1.exe', '2 Release notes (Café).txt']);
    // 1.2 s apart (the exact spacing is proven with fake timers in download-page.test.tsx; here
    // the events of a loaded machine may come a little early or late).
    const started = await page.evaluate(
      () => (window as unknown as { __downloadsStarted: number[] }).__downloadsStarted,
    );
    expect(started).toHaveLength(2);
    expect(started[1]! - started[0]!).toBeGreaterThanOrEqual(1_150);
    await expect
      .poll(async () => (downloads[0]!.path ? (await readFile(downloads[0]!.path)).equals(setup) : false))
      .toBe(true);
    expect(await axeViolations(page)).toEqual([]);
  } finally {
    await rm(path.join(E2E_DATA_DIR, 'installers'), { recursive: true, force: true });
  }
});
