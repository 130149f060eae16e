// A batch of merged letters converted as ONE Word document (decision 0040): LibreOffice's cost is
// mostly per document (opening, styles, fonts, layout, the PDF writer), so the letters of a batch
// are put one after the other, each in a section of its own that starts a new page with page
// numbers from 1 (so its first-page header, its letterhead and its "Page 1" are as when it is
// converted alone) and a hidden bookmark at its first paragraph. One resident LibreOffice converts
// the document and says on which page each bookmark is; the PDF is cut back into one PDF a letter
// (modules/letters cutPages, in-process). Each letter is then created from its own PDF through
// createLetter and analysed as any upload.
//
// A template whose letters would not lay out in one document as they do alone is converted letter
// by letter, as before: a field in a header, footer or note (those parts are shared by the whole
// document), footnotes or endnotes (numbered through the document), numbered lists (numbering
// does not restart at a section), a field that counts the document's pages or points at a bookmark
// (NUMPAGES, SECTIONPAGES, REF, PAGEREF, TOC, SEQ...) or any other field not known to give the same.
import path from 'node:path';
import PizZip from 'pizzip';
import { convertMarkedToPdf, cutPages, DocxError, pdfInfo } from '../letters/index.js';

/** Fields that print the same in a batch as alone (PAGE restarts with each letter's section). */
const SAME_IN_A_BATCH = new Set([
  'PAGE',
  'DATE',
  'TIME',
  'CREATEDATE',
  'SAVEDATE',
  'PRINTDATE',
  'EDITTIME',
  'HYPERLINK',
  'SYMBOL',
  'AUTHOR',
  'TITLE',
  'SUBJECT',
  'KEYWORDS',
  'COMMENTS',
  'LASTSAVEDBY',
  'DOCPROPERTY',
  'DOCVARIABLE',
  'MERGEFIELD',
  'QUOTE',
  'EQ',
  'ADVANCE',
]);

/**
 * A letter's body above this (a long letter, or one of many tables) is converted alone: a document of
 * a batch of them would take LibreOffice past its time bound and then be converted again letter by letter.
 */
export const MAX_BATCHED_BODY_BYTES = 256 * 1024;

/** The parts shared by every letter of a document (a field in them would be the same for all). */
const SHARED_PART = /^word\/(header\d*|footer\d*|footnotes|endnotes)\.xml$/;

/** The first word of every field code of a part: simple fields and complex ones (begin, instrText..., separate/end). */
export function fieldNames(xml: string): string[] {
  const names: string[] = [];
  for (const m of xml.matchAll(/<w:fldSimple\b[^>]*?w:instr="([^"]*)"/g)) names.push(firstWord(m[1]!));
  const marker =
    /<w:fldChar\b[^>]*w:fldCharType="(begin|separate|end)"[^>]*\/?>|<w:instrText\b[^>]*>([\s\S]*?)<\/w:instrText>/g;
  const open: { code: string; done: boolean }[] = [];
  for (const m of xml.matchAll(marker)) {
    if (m[2] !== undefined) {
      const top = open.at(-1);
      if (top && !top.done) top.code += m[2];
    } else if (m[1] === 'begin') open.push({ code: '', done: false });
    else if (m[1] === 'separate') {
      const top = open.at(-1);
      if (top) top.done = true;
    } else {
      const top = open.pop();
      if (top) names.push(firstWord(top.code));
    }
  }
  return names;
}

const firstWord = (code: string) => (/^\s*([A-Za-z]+)/.exec(code)?.[1] ?? '?').toUpperCase();

/**
 * Why the letters of this prepared template cannot be converted in one document, or null when they
 * can. Read once per run from the template (every letter of a run shares everything but its values).
 */
export function whyNotBatched(prepared: Buffer): string | null {
  const zip = new PizZip(prepared);
  const document = zip.file('word/document.xml')?.asText();
  if (!document) return 'no document part';
  if (document.length > MAX_BATCHED_BODY_BYTES) return 'a long letter';
  if (!splitDocument(document)) return 'the body does not end with a paragraph and its section';
  if (/<w:(footnoteReference|endnoteReference)\b/.test(document)) return 'footnotes or endnotes';
  if (/<w:(sectPrChange|altChunk|subDoc)\b/.test(document)) return 'tracked section changes or embedded documents';
  for (const name of Object.keys(zip.files)) {
    const part = name === 'word/document.xml' || SHARED_PART.test(name);
    if (!part) continue;
    const xml = zip.file(name)!.asText();
    if (name !== 'word/document.xml' && xml.includes('{{')) return `a merge field in ${name}`;
    const other = fieldNames(xml).find((f) => !SAME_IN_A_BATCH.has(f));
    if (other) return `a ${other} field`;
  }
  const numbering = zip.file('word/numbering.xml')?.asText() ?? '';
  const numbered = [...numbering.matchAll(/<w:numFmt\b[^>]*w:val="([^"]+)"/g)].some(
    (m) => m[1] !== 'bullet' && m[1] !== 'none',
  );
  const styles = zip.file('word/styles.xml')?.asText() ?? '';
  const usesLists = /<w:numId\b[^>]*w:val="[1-9]/.test(document) || /<w:numId\b[^>]*w:val="[1-9]/.test(styles);
  if (numbered && usesLists) return 'a numbered list';
  return null;
}

/** A document's XML cut into what is before the body's content, the content, its last section, and the rest. */
function splitDocument(xml: string): { head: string; body: string; section: string; tail: string } | null {
  const open = /<w:body(?:\s[^>]*)?>/.exec(xml);
  const close = xml.lastIndexOf('</w:body>');
  if (!open || close < 0) return null;
  const start = open.index + open[0].length;
  const inner = xml.slice(start, close);
  const at = inner.lastIndexOf('<w:sectPr');
  if (at < 0) return null;
  const section = inner.slice(at).trim();
  if (!/^<w:sectPr\b(?:[^>]*\/>|[\s\S]*<\/w:sectPr>)$/.test(section)) return null;
  const body = inner.slice(0, at);
  if (lastParagraph(body) === null) return null;
  return { head: xml.slice(0, start), body, section, tail: xml.slice(close) };
}

const PARAGRAPH = /<w:p(?=[\s>/])[^>]*?(\/?)>|<\/w:p>/g;

/** Where the body's last top-level paragraph starts, when the body ends with one. */
function lastParagraph(body: string): number | null {
  if (!body.trimEnd().endsWith('</w:p>')) return null;
  let depth = 0;
  let last: number | null = null;
  for (const m of body.matchAll(PARAGRAPH)) {
    if (m[0] === '</w:p>') depth -= 1;
    else if (m[1] !== '/') {
      if (depth === 0) last = m.index;
      depth += 1;
    }
  }
  return depth === 0 ? last : null;
}

/** Child elements of a section that come after its type (the schema's order), then those after its page numbering. */
const AFTER_TYPE =
  /<w:(pgSz|pgMar|paperSrc|pgBorders|lnNumType|pgNumType|cols|formProt|vAlign|noEndnote|titlePg|textDirection|bidi|rtlGutter|docGrid|printerSettings)\b/;
const AFTER_PAGE_NUMBERS =
  /<w:(cols|formProt|vAlign|noEndnote|titlePg|textDirection|bidi|rtlGutter|docGrid|printerSettings)\b/;

function insertBefore(xml: string, pattern: RegExp, text: string): string {
  const m = pattern.exec(xml);
  const at = m ? m.index : xml.lastIndexOf('</w:sectPr>');
  return xml.slice(0, at) + text + xml.slice(at);
}

/**
 * Whether a letter's pages must be numbered from 1 in a batch to look as they do alone: it prints a
 * page number, or has headers or margins for even and odd pages, or a section starting on an odd or
 * even page. Otherwise numbering goes on through the batch (nothing shows it), which spares
 * LibreOffice the blank page it lays out (and does not print) wherever a page 1 would fall on an even page.
 */
export function numbersPages(prepared: Buffer): boolean {
  const zip = new PizZip(prepared);
  const settings = zip.file('word/settings.xml')?.asText() ?? '';
  if (/<w:(evenAndOddHeaders|mirrorMargins|bookFoldPrinting)\b(?![^>]*w:val="(0|false|off)")/.test(settings))
    return true;
  for (const name of Object.keys(zip.files)) {
    if (name !== 'word/document.xml' && !SHARED_PART.test(name)) continue;
    const xml = zip.file(name)!.asText();
    if (fieldNames(xml).includes('PAGE')) return true;
    if (/<w:pgNumType\b[^>]*w:start=|<w:type\b[^>]*w:val="(oddPage|evenPage)"/.test(xml)) return true;
  }
  return false;
}

/** A letter's first section as it is alone: on a page of its own, numbered from 1 when `restart` (unless the template says where). */
export function startsAfresh(section: string, restart = true): string {
  let s = section.replace(/^<w:sectPr\b([^>]*)\/>$/, '<w:sectPr$1></w:sectPr>');
  s = s.replace(/<w:type\b[^>]*\/>/, '');
  s = insertBefore(s, AFTER_TYPE, '<w:type w:val="nextPage"/>');
  if (!restart) return s;
  const numbers = /<w:pgNumType\b([^>]*?)(\/?)>/.exec(s);
  if (!numbers) s = insertBefore(s, AFTER_PAGE_NUMBERS, '<w:pgNumType w:start="1"/>');
  else if (!/\bw:start=/.test(numbers[1]!))
    s = `${s.slice(0, numbers.index)}<w:pgNumType${numbers[1]} w:start="1"${numbers[2]}>${s.slice(numbers.index + numbers[0].length)}`;
  return s;
}

/** The paragraph starting at `at` with `section` in its properties (it ends that section). */
function endSectionAt(body: string, at: number, section: string): string {
  const tag = /^<w:p(?:\s[^>]*)?>/.exec(body.slice(at))![0];
  const after = at + tag.length;
  const rest = body.slice(after);
  const empty = /^<w:pPr\s*\/>/.exec(rest);
  if (empty) return `${body.slice(0, after)}<w:pPr>${section}</w:pPr>${rest.slice(empty[0].length)}`;
  if (/^<w:pPr[\s>]/.test(rest)) {
    // Before a tracked change of the properties (its own pPr), else at the end of the properties.
    const close = rest.indexOf('</w:pPr>');
    const change = rest.indexOf('<w:pPrChange');
    const where = change >= 0 && change < close ? change : close;
    return body.slice(0, after) + rest.slice(0, where) + section + rest.slice(where);
  }
  return `${body.slice(0, after)}<w:pPr>${section}</w:pPr>${rest}`;
}

/** The bookmark that marks where letter `i` (from 0) starts. */
export const letterMark = (i: number) => `_LpLetter${i + 1}`;

const bookmark = (id: number, name: string) =>
  `<w:bookmarkStart w:id="${id}" w:name="${name}"/><w:bookmarkEnd w:id="${id}"/>`;

/** A bookmark at the start of the body's first paragraph (after its properties). */
function markLetter(body: string, i: number): string | null {
  const m = /<w:p(?:\s[^>]*[^/])?>/.exec(body);
  if (!m) return null;
  let at = m.index + m[0].length;
  const props = /^<w:pPr\s*\/>|^<w:pPr[\s>][\s\S]*?<\/w:pPr>/.exec(body.slice(at));
  // A tracked change of the properties holds a pPr of its own: the outer one ends at the last close before the runs.
  if (props) {
    const text = body.slice(at);
    const change = text.indexOf('<w:pPrChange');
    const end =
      change >= 0 && change < props[0].length
        ? text.indexOf('</w:pPr>', text.indexOf('</w:pPrChange>')) + 8
        : props[0].length;
    at += end;
  }
  return body.slice(0, at) + bookmark(990_000 + i, letterMark(i)) + body.slice(at);
}

/**
 * One Word document of the letters (their filled word/document.xml, all from `prepared`), each
 * starting on a new page in a section numbered from 1 (numbersPages), with the bookmark letterMark(i)
 * at its start.
 * Null when a letter's body cannot be joined (the caller converts them one by one).
 */
export function combineLetters(prepared: Buffer, documents: readonly string[]): Buffer | null {
  const parts = documents.map(splitDocument);
  if (parts.length === 0 || parts.some((p) => p === null)) return null;
  const restart = numbersPages(prepared);
  let body = '';
  for (const [i, part] of (parts as NonNullable<(typeof parts)[number]>[]).entries()) {
    let letter = markLetter(part.body, i);
    if (letter === null) return null;
    let section = part.section;
    // The letter's first section (the first one its body ends, else its last) starts afresh.
    const inner = /<w:sectPr\b(?:[^>]*\/>|[\s\S]*?<\/w:sectPr>)/.exec(letter);
    if (inner)
      letter =
        letter.slice(0, inner.index) + startsAfresh(inner[0], restart) + letter.slice(inner.index + inner[0].length);
    else section = startsAfresh(section, restart);
    if (i < parts.length - 1) {
      const at = lastParagraph(letter);
      if (at === null) return null;
      letter = endSectionAt(letter, at, section);
      body += letter;
    } else body += letter + section;
  }
  const first = parts[0]!;
  const zip = new PizZip(prepared);
  zip.file('word/document.xml', first.head + body + first.tail);
  return zip.generate({ type: 'nodebuffer', compression: 'DEFLATE', compressionOptions: { level: 1 } });
}

/** What converting a batch gave: one PDF a letter (in `dir`), or why the letters go one by one. */
export type BatchOutcome = { files: string[] } | { fallback: string };

/**
 * The letters converted as one document and cut back into one PDF each, in `dir`. Any failure (a
 * document LibreOffice refuses, a page it did not report, a cut refused) answers `fallback`: the
 * caller then has each letter converted alone, so no letter is ever lost to its batch.
 */
export async function convertBatch(
  prepared: Buffer,
  documents: readonly string[],
  dir: string,
  options: { soffice?: string } = {},
): Promise<BatchOutcome> {
  const docx = combineLetters(prepared, documents);
  if (!docx) return { fallback: 'the letters could not be joined' };
  const output = path.join(dir, 'batch.pdf');
  const marks = documents.map((_, i) => letterMark(i));
  let laid: Awaited<ReturnType<typeof convertMarkedToPdf>>;
  try {
    laid = await convertMarkedToPdf(docx, marks, output, options);
  } catch (error) {
    if (error instanceof DocxError) return { fallback: error.message };
    throw error;
  }
  if (!laid) return { fallback: 'no LibreOffice kept running converted the batch' };
  // LibreOffice lays out (and does not print) a blank page where a letter's page 1 would fall on
  // a left-hand page: a letter's pages in the PDF are its laid-out pages less the blank ones.
  const { pages, total, blank } = laid;
  const skipped = new Set(blank);
  const printedBefore = (page: number) => page - blank.filter((b) => b < page).length;
  const ranges: [number, number][] = [];
  for (const [i, first] of pages.entries()) {
    const next = i + 1 < pages.length ? pages[i + 1] : total + 1;
    if (!first || !next || (i === 0 && first !== 1) || next <= first || next > total + 1 || skipped.has(first))
      return { fallback: `letter ${i + 1}'s pages were not found (${first} to ${next}, of ${total})` };
    let last = next - 1;
    while (last > first && skipped.has(last)) last -= 1;
    ranges.push([printedBefore(first), printedBefore(last)]);
  }
  const printed = await pdfInfo(output).then(
    (info) => info.pages,
    () => -1,
  );
  if (printed !== ranges.at(-1)![1])
    return { fallback: `the batch's PDF has ${printed} pages where its letters have ${ranges.at(-1)![1]}` };
  try {
    const cut = await cutPages(output, ranges, dir);
    return { files: cut.map((c) => c.file) };
  } catch (error) {
    return { fallback: `the batch's PDF could not be cut: ${(error as Error).message}` };
  }
}
