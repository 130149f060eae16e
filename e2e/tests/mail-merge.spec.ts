import { expect, test } from '@playwright/test';
import PizZip from 'pizzip';
import { fund } from './letter-support';
import { axeViolations, signUpByApi } from './support';

// axe is injected as a script, which the product's Content-Security-Policy refuses otherwise.
test.use({ bypassCSP: true });
// Three Word letters converted, analysed and posted on 2 shared cores.
test.setTimeout(120_000);
const READY = { timeout: 60_000 };

const CUSTOMERS = [
  { name: "Mrs Zoë O'Connell", address_lines: ['Flat 2', '14 Queen’s Road', 'Aberystwyth'], postcode: 'SY23 1AB' },
  { name: 'Siân Ní Bhriain', address_lines: ['2 Castle Street', 'Cardiff'], postcode: 'CF10 1BS' },
  { name: 'Mr Björn Müller', address_lines: ['5 Kingfisher Way', 'Milton Keynes'], postcode: 'MK5 7HR' },
];

const W = 'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"';
const FONT = '<w:rPr><w:rFonts w:ascii="Liberation Sans" w:hAnsi="Liberation Sans"/><w:sz w:val="20"/></w:rPr>';
const run = (text: string) => `<w:r w:rsidR="00A1B2C3">${FONT}<w:t xml:space="preserve">${text}</w:t></w:r>`;
/** A MERGEFIELD as Word writes it: begin, the code over runs, separate, «result», end. */
const field = (name: string) =>
  `<w:r>${FONT}<w:fldChar w:fldCharType="begin"/></w:r><w:r>${FONT}<w:instrText xml:space="preserve"> MERGEFIELD </w:instrText></w:r><w:r w:rsidR="00D3F1C2">${FONT}<w:instrText>${name}</w:instrText></w:r><w:r>${FONT}<w:instrText xml:space="preserve"> \\* MERGEFORMAT </w:instrText></w:r><w:r>${FONT}<w:fldChar w:fldCharType="separate"/></w:r><w:r>${FONT}<w:t>«${name}»</w:t></w:r><w:r>${FONT}<w:fldChar w:fldCharType="end"/></w:r>`;
const para = (runs: string, after = 0) =>
  `<w:p><w:pPr><w:spacing w:before="0" w:after="${after}" w:line="240" w:lineRule="auto"/></w:pPr>${runs}</w:p>`;

/** A renewal letter in Word: the name and address fields in the DL window, a greeting, a body. */
function template(): Buffer {
  const body = [
    para(field('First_Name') + run(' ') + field('Last_Name')),
    para(
      run('{{') +
        '<w:proofErr w:type="spellStart"/>' +
        run('addr') +
        run('ess') +
        '<w:proofErr w:type="spellEnd"/>' +
        run('}}'),
    ),
    para(field('Postcode')),
    para(run(''), 1400),
    para(run('27 November 2026'), 200),
    para(run('Dear ') + field('First_Name') + run(','), 120),
    para(run('Your home insurance renews next month. Your policy documents are enclosed.'), 120),
  ].join('');
  const zip = new PizZip();
  zip.file(
    '[Content_Types].xml',
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
  );
  zip.file(
    '_rels/.rels',
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>',
  );
  zip.file(
    'word/document.xml',
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:document ${W}><w:body>${body}<w:sectPr><w:pgSz w:w="11906" w:h="16838"/><w:pgMar w:top="3288" w:right="1134" w:bottom="1134" w:left="1247" w:header="567" w:footer="567" w:gutter="0"/></w:sectPr></w:body></w:document>`,
  );
  return zip.generate({ type: 'nodebuffer', compression: 'DEFLATE' });
}

test('mail merge: a Word template to three customers, previewed letter by letter, sent, and all three letters Sent', async ({
  page,
}) => {
  const company = await signUpByApi(page.request, { companyName: 'Cymru Home Insurance Ltd', fullName: 'Rhian Evans' });
  fund(company.accountId, '20.00');
  const { token } = await (await page.request.get('/api/csrf')).json();
  for (const c of CUSTOMERS) {
    const res = await page.request.post('/api/customers', {
      headers: { 'x-csrf-token': token },
      data: { ...c, communications_preference: ['Mail'] },
    });
    expect(res.status()).toBe(201);
  }

  await page.goto('/letters');
  await page.getByRole('link', { name: 'Mail merge' }).click();
  await expect(page.getByRole('heading', { name: 'Mail merge', level: 1 })).toBeVisible();

  // 1. The template: uploaded, its fields listed.
  await page.getByTestId('merge-template-input').setInputFiles([
    {
      name: 'Renewal letter.docx',
      mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      buffer: template(),
    },
  ]);
  const templates = page.getByRole('radiogroup', { name: 'Templates' });
  await expect(templates.getByText('Renewal letter.docx')).toBeVisible();
  for (const f of ['first_name', 'last_name', 'address', 'postcode'])
    await expect(templates.getByText(f, { exact: true })).toBeVisible();
  await expect(templates.getByRole('radio', { name: /Renewal letter/ })).toBeChecked();
  expect(await axeViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Next' }).click();

  // 2. Three customers chosen by keyboard.
  await expect(page.getByRole('heading', { name: 'Step 2 of 4: Recipients' })).toBeFocused();
  for (const c of CUSTOMERS) {
    const box = page.getByRole('checkbox', { name: new RegExp(c.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) });
    await box.focus();
    await page.keyboard.press('Space');
    await expect(box).toBeChecked();
  }
  await expect(page.getByText('3 chosen')).toBeVisible();
  await page.getByRole('button', { name: 'Next' }).click();

  // 3. The preview: each letter filled and drawn, one by one.
  await expect(page.getByText("Letter 1 of 3: Mrs Zoë O'Connell")).toBeVisible(READY);
  await expect(page.getByRole('img', { name: "The letter to Mrs Zoë O'Connell" })).toBeVisible(READY);
  const fields = page.getByRole('table', { name: 'Fields filled' });
  await expect(fields).toContainText('Zoë');
  await expect(fields).toContainText("O'Connell");
  expect(await axeViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Next letter' }).click();
  await expect(page.getByText('Letter 2 of 3: Siân Ní Bhriain')).toBeVisible(READY);
  await expect(fields).toContainText('Ní Bhriain');
  await page.getByRole('button', { name: 'Next letter' }).click();
  await expect(page.getByText('Letter 3 of 3: Mr Björn Müller')).toBeVisible(READY);
  await page.getByRole('button', { name: 'Previous letter' }).click();
  await expect(page.getByText('Letter 2 of 3: Siân Ní Bhriain')).toBeVisible(READY);
  await page.getByRole('button', { name: 'Next', exact: true }).click();

  // 4. Send, delivered by each customer's channel (post).
  await expect(page.getByRole('checkbox', { name: /Deliver each letter/ })).toBeChecked();
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  const outcomes = page.getByRole('table', { name: 'Recipients' });
  await expect(outcomes.getByRole('row')).toHaveCount(4, READY);
  for (const c of CUSTOMERS)
    await expect(outcomes.getByRole('row').filter({ hasText: c.name })).toContainText('Sent', READY);
  await expect(page.getByText('3 of 3 letters made, 3 checked, 0 not merged')).toBeVisible(READY);
  expect(await axeViolations(page)).toEqual([]);

  await page.getByRole('link', { name: 'Go to Letters' }).click();
  const letters = page.getByRole('table', { name: 'Letters' });
  for (const c of CUSTOMERS)
    await expect(
      letters
        .getByRole('row')
        .filter({ hasText: `Renewal letter - ${c.name}` })
        .getByTestId('status-badge'),
    ).toHaveText('Sent', READY);
});

test('the mail merge page fits a phone (390 px) without sideways scrolling', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signUpByApi(page.request, { companyName: 'Narrow Screens Ltd', fullName: 'Eilidh Fraser' });
  await page.goto('/letters/merge');
  await expect(page.getByRole('button', { name: 'Upload a Word template' })).toBeVisible();
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  expect(await axeViolations(page)).toEqual([]);
});
