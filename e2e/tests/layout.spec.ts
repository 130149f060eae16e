import { expect, type Page, test } from '@playwright/test';
import { signUpByApi } from './support';

// Issue 27 items 11, 12 and 13, checked with the page's own geometry at the widths named.

async function signIn(page: Page, email: string, password: string) {
  await page.goto('/signIn');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/main$/);
}

/**
 * Every button, link and field the page shows inside main, whose centre is within main's visible
 * area, is what the browser finds at that centre: nothing (the help button, the balance widget)
 * lies over it. Answers the ones that are covered, by their text.
 */
function coveredControls(page: Page) {
  return page.evaluate(() => {
    const main = document.getElementById('main-content');
    if (!main) return ['no main'];
    const box = main.getBoundingClientRect();
    const covered: string[] = [];
    for (const el of main.querySelectorAll<HTMLElement>('button, a[href], input, select, textarea, [role="button"]')) {
      const r = el.getBoundingClientRect();
      if (r.width === 0 || r.height === 0 || getComputedStyle(el).visibility === 'hidden') continue;
      const x = r.left + r.width / 2;
      const y = r.top + r.height / 2;
      if (x < box.left || x > box.right || y < box.top || y > box.bottom) continue;
      if (x < 0 || y < 0 || x > window.innerWidth || y > window.innerHeight) continue;
      const hit = document.elementFromPoint(x, y);
      if (!hit || !(el === hit || el.contains(hit) || hit.contains(el)))
        covered.push(
          `${el.tagName} "${(el.textContent || el.getAttribute('aria-label') || '').trim().slice(0, 40)}" under ${hit?.closest('footer') ? 'the footer' : hit?.tagName}`,
        );
    }
    return covered;
  });
}

/** The page has drawn its data: no "Loading..." left (the live streams never let the network go idle). */
async function settled(page: Page) {
  await expect(page.getByText(/^Loading\.\.\./)).toHaveCount(0, { timeout: 15_000 });
  await expect(page.locator('.MuiSkeleton-root')).toHaveCount(0, { timeout: 15_000 });
}

/** How far the page and its main area scroll sideways (0: not at all). */
function sidewaysOverflow(page: Page) {
  return page.evaluate(() => {
    const doc = document.scrollingElement ?? document.documentElement;
    const main = document.getElementById('main-content');
    return Math.max(doc.scrollWidth - doc.clientWidth, main ? main.scrollWidth - main.clientWidth : 0);
  });
}

test('nothing a user must press lies under the help button or the balance widget (390 and 1400 px)', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const company = await signUpByApi(request);
  await page.setViewportSize({ width: 1400, height: 900 });
  await signIn(page, company.email, company.password);
  await page.goto('/parcels/order');
  const next = page.getByRole('button', { name: 'Next', exact: true });
  await expect(next).toBeVisible();
  await expect(page.getByTestId('balance-widget')).toBeVisible();
  // Scrolled to (the page scrolls inside main), the element at the Next button's centre is the
  // button, and a click lands on it.
  await next.scrollIntoViewIfNeeded();
  const atNext = await next.evaluate((el) => {
    const r = el.getBoundingClientRect();
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    return !!hit && (hit === el || el.contains(hit));
  });
  expect(atNext).toBe(true);
  expect(await coveredControls(page)).toEqual([]);

  for (const size of [
    { width: 390, height: 844 },
    { width: 1400, height: 900 },
  ]) {
    await page.setViewportSize(size);
    for (const path of ['/parcels/order', '/finances', '/letters', '/customers', '/company', '/plans']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
      await settled(page);
      expect(await coveredControls(page), `${path} at ${size.width} px`).toEqual([]);
      // Scrolled to its end too.
      await page.locator('#main-content').evaluate((m) => m.scrollTo({ top: m.scrollHeight }));
      expect(await coveredControls(page), `${path} at ${size.width} px, scrolled down`).toEqual([]);
    }
  }
});

test('no page scrolls sideways at 390, 1100, 1366 or 1400 px', async ({ page, request }) => {
  // 52 pages drawn: longer than one journey, on a loaded 2-core machine.
  test.setTimeout(300_000);
  const company = await signUpByApi(request);
  await signIn(page, company.email, company.password);
  for (const width of [390, 1100, 1366, 1400]) {
    await page.setViewportSize({ width, height: 900 });
    for (const path of [
      '/main',
      '/plans',
      '/letters',
      '/parcels',
      '/parcels/order',
      '/finances',
      '/customers',
      '/company',
      '/storage',
      '/integrations',
      '/users',
      '/guide',
      '/accountSettings',
    ]) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
      await settled(page);
      expect(await sidewaysOverflow(page), `${path} at ${width} px`).toBeLessThanOrEqual(0);
    }
  }
});

test("a field's error message goes when the field is corrected and when the user leaves the page", async ({
  page,
  request,
}) => {
  const company = await signUpByApi(request);
  await signIn(page, company.email, company.password);
  await page.goto('/company');
  await page.getByRole('button', { name: 'Edit' }).first().click();
  const form = page.getByRole('region', { name: 'Postal address and VAT number' });
  await form.getByLabel(/^Address line 1/).fill("12 O'Connell Street");
  await form
    .getByLabel(/^Town|^City/)
    .first()
    .fill('Belfast')
    .catch(() => {});
  await form.getByLabel(/^Postcode/).fill('BT1 5GS');
  await form.getByLabel(/^VAT number/).fill('GB 123 4567 89');
  await form.getByRole('button', { name: 'Save' }).click();
  const vatToast = page.getByText(/^VAT number - This VAT number's check digits do not match/);
  await expect(vatToast).toBeVisible();
  // Corrected: its message goes at once.
  await form.getByLabel(/^VAT number/).fill('GB 999 9999 73');
  await expect(vatToast).toHaveCount(0);

  // A message left standing goes when the user moves to another page.
  await form.getByLabel(/^Postcode/).fill('ZZ');
  await form.getByRole('button', { name: 'Save' }).click();
  const postcodeToast = page.getByText(/^Postcode - /);
  await expect(postcodeToast).toBeVisible();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Letters' }).click();
  await expect(page).toHaveURL(/\/letters$/);
  await expect(postcodeToast).toHaveCount(0);
});
