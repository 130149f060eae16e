// The mail-merge benchmarks' template and recipients (merge.mjs, merge-convert.mjs).
import PizZip from 'pizzip';

const FONT = '<w:rPr><w:rFonts w:ascii="Liberation Sans" w:hAnsi="Liberation Sans"/><w:sz w:val="20"/></w:rPr>';
const run = (text) => `<w:r w:rsidR="00A1B2C3">${FONT}<w:t xml:space="preserve">${text}</w:t></w:r>`;
const field = (name) =>
  `<w:r>${FONT}<w:fldChar w:fldCharType="begin"/></w:r><w:r>${FONT}<w:instrText xml:space="preserve"> MERGEFIELD </w:instrText></w:r><w:r>${FONT}<w:instrText>${name}</w:instrText></w:r><w:r>${FONT}<w:instrText xml:space="preserve"> \\* MERGEFORMAT </w:instrText></w:r><w:r>${FONT}<w:fldChar w:fldCharType="separate"/></w:r><w:r>${FONT}<w:t>«${name}»</w:t></w:r><w:r>${FONT}<w:fldChar w:fldCharType="end"/></w:r>`;
const para = (runs, after = 0) =>
  `<w:p><w:pPr><w:spacing w:before="0" w:after="${after}" w:line="240" w:lineRule="auto"/></w:pPr>${runs}</w:p>`;

/** A one-page renewal letter: name and address fields in the DL window, a greeting and three paragraphs. */
export function template() {
  const body = [
    para(field('First_Name') + run(' ') + field('Last_Name')),
    para(run('{{address}}')),
    para(field('Postcode')),
    para(run(''), 1400),
    para(run('27 November 2026'), 200),
    para(run('Dear ') + field('First_Name') + run(','), 120),
    para(run('Your home insurance renews next month. Your policy documents are enclosed with this letter.'), 120),
    para(run('If anything has changed, please call us on 029 2018 0000, Monday to Friday, 9am to 5pm.'), 120),
    para(run('Yours sincerely, Rhian Evans, Renewals'), 120),
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
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>${body}<w:sectPr><w:pgSz w:w="11906" w:h="16838"/><w:pgMar w:top="3288" w:right="1134" w:bottom="1134" w:left="1247" w:header="567" w:footer="567" w:gutter="0"/></w:sectPr></w:body></w:document>`,
  );
  return zip.generate({ type: 'nodebuffer', compression: 'DEFLATE' });
}

export const FIRST = ['Zoë', 'Siân', 'Aoife', 'Ewan', 'Niamh', 'Otis', 'Björn', 'Chloé', 'Dafydd', 'Eilidh'];
export const LAST = [
  "O'Connell",
  'Brontë',
  'Müller',
  'Ní Bhriain',
  'Smith-Jones',
  "D'Arcy",
  'Llewelyn',
  'Fraser',
  'Nowak',
  'Patel',
];
export const TOWNS = [
  ['Aberystwyth', 'SY23 1AB'],
  ['Bristol', 'BS8 2QT'],
  ['Leeds', 'LS11 5PS'],
  ['Edinburgh', 'EH1 1YZ'],
  ['Cardiff', 'CF10 1BS'],
];
