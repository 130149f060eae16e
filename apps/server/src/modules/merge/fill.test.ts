import { MERGE_MESSAGES, missingMergeFields } from '@lp/domain';
import PizZip from 'pizzip';
import { describe, expect, it } from 'vitest';
import { wordPackage } from '../../test/fixtures/corpus.js';
import { mergeTemplateDocx, simpleMergeField, typedField, wordMergeField, wordRun } from '../../test/fixtures/merge.js';
import { convertMergeFields, fillTemplate, MergeTemplateError, mergeFieldName, prepareTemplate } from './fill.js';

const documentXml = (docx: Buffer) => new PizZip(docx).file('word/document.xml')!.asText();
/** The text Word shows, paragraph by paragraph. */
const paragraphs = (xml: string) =>
  [...xml.matchAll(/<w:p[\s>][\s\S]*?<\/w:p>/g)].map((p) =>
    [...p[0].matchAll(/<w:t(?:\s[^>]*)?>([^<]*)<\/w:t>|<w:br\/>/g)]
      .map((t) => (t[0] === '<w:br/>' ? '\n' : t[1]!))
      .join('')
      .replace(
        /&(lt|gt|quot|apos|amp);/g,
        (_, e: string) => ({ lt: '<', gt: '>', quot: '"', apos: "'", amp: '&' })[e]!,
      ),
  );

const VALUES = {
  first_name: 'Zoë',
  last_name: "O'Connell",
  address: 'Flat 2\n14 Ffordd Siân\nAberystwyth',
  postcode: 'SY23 1AB',
};

describe('MERGEFIELD codes', () => {
  it('reads the field name from the code Word writes, quoted or not, with switches', () => {
    expect(mergeFieldName(' MERGEFIELD First_Name \\* MERGEFORMAT ')).toBe('First_Name');
    expect(mergeFieldName(' MERGEFIELD  "First Name"  \\* Upper ')).toBe('First Name');
    expect(mergeFieldName(' mergefield postcode')).toBe('postcode');
    expect(mergeFieldName(' DATE \\@ "d MMMM yyyy" ')).toBeNull();
    expect(mergeFieldName(' PAGE ')).toBeNull();
  });

  it('turns a complex field split over runs into one tag run in its result run’s formatting', () => {
    const xml = `<w:p>${wordMergeField('First_Name', '<w:b/>')}${wordRun(' and more')}</w:p>`;
    const out = convertMergeFields(xml);
    expect(out).not.toContain('fldChar');
    expect(out).not.toContain('instrText');
    expect(out).not.toContain('«First_Name»');
    // The result run's properties (bold, noProof) carry the value.
    expect(out).toMatch(
      /<w:r><w:rPr>[\s\S]*?<w:b\/><w:noProof\/><\/w:rPr><w:t xml:space="preserve">\{\{first_name\}\}<\/w:t><\/w:r>/,
    );
    expect(out).toContain(' and more');
  });

  it('turns a simple field into a tag and leaves other fields (DATE, PAGE) as they are', () => {
    const xml = `<w:p>${simpleMergeField('Postcode')}<w:fldSimple w:instr=" PAGE "><w:r><w:t>1</w:t></w:r></w:fldSimple></w:p>`;
    const out = convertMergeFields(xml);
    expect(out).toContain('{{postcode}}');
    expect(out).toContain('w:instr=" PAGE "');
  });
});

describe('prepareTemplate', () => {
  it('lists Word’s fields and typed ones once each, in order, as keys', () => {
    const t = prepareTemplate(mergeTemplateDocx({ extra: [wordRun('Your account: ') + typedField('Account Number')] }));
    expect(t.fields).toEqual(['first_name', 'last_name', 'address', 'postcode', 'account_number']);
    // The DATE field is kept for Word / LibreOffice to compute.
    expect(documentXml(t.docx)).toContain('DATE \\@');
  });

  it('finds fields in headers and footers too', () => {
    const header = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:hdr xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:p>${wordRun('Ref: ')}${wordMergeField('Reference')}</w:p></w:hdr>`;
    const docx = wordPackage({
      body: `<w:p>${typedField('name')}</w:p>`,
      relationships: `<Relationship Id="rIdH" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/header" Target="header1.xml"/>`,
      sectionExtra: '<w:headerReference w:type="default" r:id="rIdH"/>',
      parts: [{ name: 'word/header1.xml', data: header }],
      contentTypes:
        '<Override PartName="/word/header1.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.header+xml"/>',
    });
    expect(prepareTemplate(docx).fields.sort()).toEqual(['name', 'reference']);
  });

  it('refuses a document without fields, a tag never closed, and a file that is not a Word package', () => {
    expect(() => prepareTemplate(wordPackage({ body: `<w:p>${wordRun('Dear customer')}</w:p>` }))).toThrow(
      MERGE_MESSAGES.noFields,
    );
    const unclosed = wordPackage({ body: `<w:p>${wordRun('Dear {{first_name,')}</w:p>` });
    expect(() => prepareTemplate(unclosed)).toThrow(MergeTemplateError);
    expect(() => prepareTemplate(unclosed)).toThrow(/never closed/);
    expect(() => prepareTemplate(Buffer.from('%PDF-1.7 not a zip'))).toThrow(MERGE_MESSAGES.onlyDocx);
  });
});

describe('fillTemplate', () => {
  const template = prepareTemplate(mergeTemplateDocx());

  it('fills accents and apostrophes exactly, the address one line under the other, in the field’s formatting', () => {
    const xml = documentXml(fillTemplate(template.docx, VALUES));
    const text = paragraphs(xml);
    expect(text[0]).toBe("Zoë O'Connell");
    expect(text[1]).toBe('Flat 2\n14 Ffordd Siân\nAberystwyth');
    expect(text[2]).toBe('SY23 1AB');
    expect(text).toContain('Dear Zoë,');
    expect(xml).not.toContain('{{');
    expect(xml).not.toContain('«');
    // The name keeps Word's bold from the field's result run.
    expect(xml).toMatch(/<w:b\/><w:noProof\/><\/w:rPr><w:t xml:space="preserve">Zoë<\/w:t>/);
  });

  it('escapes markup in values and drops characters XML cannot hold', () => {
    const xml = documentXml(
      fillTemplate(template.docx, { ...VALUES, first_name: 'A <b> & "C"\u0001', last_name: '</w:t>' }),
    );
    expect(paragraphs(xml)[0]).toBe('A <b> & "C" </w:t>');
    expect(xml).not.toContain('\u0001');
    expect(xml).toContain('&lt;/w:t&gt;');
  });

  it('says which fields a recipient lacks (blank counts), so no letter is made with a gap', () => {
    expect(missingMergeFields(template.fields, { ...VALUES, first_name: '  ' })).toEqual(['first_name']);
    expect(missingMergeFields(template.fields, { first_name: 'Siân' })).toEqual(['last_name', 'address', 'postcode']);
    expect(MERGE_MESSAGES.missingFields(['first_name'])).toBe(
      'Not merged: the field "first_name" has no value for this recipient.',
    );
    expect(() => fillTemplate(template.docx, { ...VALUES, postcode: undefined as unknown as string })).toThrow();
  });
});

describe('a customer’s standard fields', () => {
  it('splits names without titles, keeping surname particles; the town is the last address line', async () => {
    const { customerValues, splitName } = await import('./resolve-recipients.js');
    expect(splitName("Mrs Zoë O'Connell")).toEqual({ first: 'Zoë', last: "O'Connell" });
    expect(splitName('Dr. Siân Ní Bhriain')).toEqual({ first: 'Siân', last: 'Ní Bhriain' });
    expect(splitName('Pieter van der Berg')).toEqual({ first: 'Pieter', last: 'van der Berg' });
    expect(splitName('Cher')).toEqual({ first: 'Cher', last: '' });
    expect(
      customerValues({
        name: 'Mr Dafydd Llewelyn',
        address_lines: ['Flat 2', '14 Queen’s Road', 'Aberystwyth'],
        postcode: 'SY23 1AB',
        email: null,
        phone: '07700 900123',
      }),
    ).toEqual({
      name: 'Mr Dafydd Llewelyn',
      first_name: 'Dafydd',
      last_name: 'Llewelyn',
      address: 'Flat 2\n14 Queen’s Road\nAberystwyth',
      address_line_1: 'Flat 2',
      address_line_2: '14 Queen’s Road',
      town: 'Aberystwyth',
      postcode: 'SY23 1AB',
      email: '',
      phone: '07700 900123',
    });
  });
});
