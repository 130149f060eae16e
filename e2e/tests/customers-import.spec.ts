import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { axeViolations, signUpByApi } from './support';

// European Excel's CSV: semicolons, Windows-1252 (é as one byte), a header the import does not
// know ("Who"), a formula injection attempt, a bad email.
const FILE = Buffer.from(
  [
    'Who;Address 1;Town/City;Post code;E-mail;Mobile;Contact by',
    'Renée O\'Neill;12 Acacia Avenue;Bristol;BS8 2QT;renee@example.com;7700900123;"Mail; SMS"',
    '"=HYPERLINK(""http://evil.example"",""Click"")";1 Park Row;Leeds;LS1 5HD;;;',
    'Bad Email;;;;nope;;',
    '',
  ].join('\r\n'),
  'latin1',
);

test.describe('customer import', () => {
  // axe is injected as an inline script, which the product's CSP refuses.
  test.use({ bypassCSP: true });

  test('imports a semicolon CSV after mapping a column, reports the refused row, and exports neutralised', async ({
    page,
  }) => {
    await signUpByApi(page.request, { companyName: 'Import Ltd' });
    await page.goto('/customers');
    await page.getByRole('button', { name: 'Import' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import customers' });
    await dialog
      .getByTestId('import-file-input')
      .setInputFiles({ name: 'customers.csv', mimeType: 'text/csv', buffer: FILE });

    await expect(dialog.getByRole('heading', { name: 'Match the columns' })).toBeFocused();
    await expect(dialog).toContainText('3 customers (CSV separated by semicolons, Windows-1252)');
    await expect(dialog.getByRole('button', { name: 'Import 3 customers' })).toBeDisabled();
    expect(await axeViolations(page)).toEqual([]);
    // By keyboard: the column's select, then Import.
    await dialog.getByRole('combobox', { name: 'Import “Who” as' }).selectOption('name');
    await dialog.getByRole('button', { name: 'Import 3 customers' }).focus();
    await page.keyboard.press('Enter');

    await expect(dialog.getByRole('heading', { name: 'Import finished' })).toBeFocused();
    await expect(dialog.getByTestId('import-figures')).toContainText('Imported2');
    const refused = dialog.getByRole('region', { name: 'Refused rows' });
    await expect(refused.getByRole('row')).toHaveText(['RowReason', '4Email - Must be a valid email address (nope)']);
    expect(await axeViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Close' }).click();

    const table = page.getByRole('table', { name: 'Customers' });
    await expect(table.getByRole('button', { name: "Renée O'Neill" })).toBeVisible();
    await expect(table.getByRole('button', { name: '=HYPERLINK("http://evil.example","Click")' })).toBeVisible();
    await expect(table).toContainText('07700900123');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Export CSV' }).click(),
    ]);
    const exported = await readFile((await download.path())!, 'utf8');
    expect(exported).toContain(`"'=HYPERLINK(""http://evil.example"",""Click"")"`);
    expect(exported).toContain(
      "Renée O'Neill,12 Acacia Avenue,,,,Bristol,,BS8 2QT,renee@example.com,07700900123,Mail; SMS",
    );
  });

  test('works on a narrow screen: full screen, the columns as cards', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signUpByApi(page.request, { companyName: 'Narrow Ltd' });
    await page.goto('/customers');
    await page.getByRole('button', { name: 'Import' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import customers' });
    await dialog
      .getByTestId('import-file-input')
      .setInputFiles({ name: 'customers.csv', mimeType: 'text/csv', buffer: FILE });
    const list = dialog.getByRole('list', { name: 'Columns of the file' });
    await expect(list.getByTestId('import-column')).toHaveCount(7);
    const box = await dialog.boundingBox();
    expect(box?.width).toBe(390);
    // Nothing wider than the screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await axeViolations(page)).toEqual([]);
  });
});
