// Filling a Word letter's merge fields (decision 0036). Word's own MERGEFIELDs (simple fields and
// complex ones, begin / instrText / separate / result / end, split across runs as Word writes them)
// are first turned into {{key}} tags written into the field's result run, so the result's
// formatting (bold, font, size) is what the value is printed in; fields typed by hand as
// {{first_name}} are tags already. docxtemplater then fills the tags, joining the text of runs
// that Word's spell-check and revision ids (rsid) split a typed tag across.
import { MERGE_LIMITS, MERGE_MESSAGES, mergeFieldKey } from '@lp/domain';
import Docxtemplater from 'docxtemplater';
import PizZip from 'pizzip';

/** Why a template cannot be used (answered 422 at upload). */
export class MergeTemplateError extends Error {}

/** The parts fields can be in: the body, headers, footers, footnotes and endnotes. */
const FIELD_PART = /^word\/(document|header\d*|footer\d*|footnotes|endnotes)\.xml$/;

const DELIMITERS = { start: '{{', end: '}}' } as const;

/** The start of the run that holds the character at `at` (a fldChar or instrText is a run's child). */
function runStart(xml: string, at: number): number {
  return Math.max(xml.lastIndexOf('<w:r>', at), xml.lastIndexOf('<w:r ', at));
}

const decode = (text: string) =>
  text.replace(
    /&(lt|gt|amp|quot|apos);/g,
    (_, e: string) => ({ lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" })[e]!,
  );

/** The field's name from a field code (` MERGEFIELD "First Name" \* MERGEFORMAT `), or null when it is another field. */
export function mergeFieldName(instruction: string): string | null {
  const m = /^\s*MERGEFIELD\s+(?:"([^"]+)"|([^\s\\"]+))/i.exec(decode(instruction));
  const name = (m?.[1] ?? m?.[2] ?? '').trim();
  return name ? name : null;
}

/** A run carrying `{{key}}` in the given run properties. */
function tagRun(runProperties: string, key: string): string {
  return `<w:r>${runProperties}<w:t xml:space="preserve">{{${key}}}</w:t></w:r>`;
}

/** The run properties of the first run in `xml` that shows text (the field's result), else of its first run. */
function resultProperties(xml: string): string {
  const runs = [...xml.matchAll(/<w:r(?:\s[^>]*)?>([\s\S]*?)<\/w:r>/g)];
  const shown = runs.find((r) => /<w:t[\s>]/.test(r[1]!)) ?? runs[0];
  return /^\s*(<w:rPr>[\s\S]*?<\/w:rPr>|<w:rPr\/>)/.exec(shown?.[1] ?? '')?.[1] ?? '';
}

/**
 * One XML part with its MERGEFIELDs replaced by {{key}} tags in their result's formatting. A
 * field that spans paragraphs or holds another field is left as Word wrote it (its result text
 * prints as it is), which Word itself never does for a MERGEFIELD.
 */
export function convertMergeFields(xml: string): string {
  // Simple fields: <w:fldSimple w:instr=" MERGEFIELD first_name "><w:r>...«first_name»...</w:r></w:fldSimple>
  let out = xml.replace(
    /<w:fldSimple\b([^>]*?)(?:\/>|>([\s\S]*?)<\/w:fldSimple>)/g,
    (whole, attrs: string, inner: string | undefined) => {
      const instr = /w:instr="([^"]*)"/.exec(attrs)?.[1] ?? '';
      const name = mergeFieldName(instr);
      if (!name) return whole;
      return tagRun(resultProperties(inner ?? ''), mergeFieldKey(name));
    },
  );
  // Complex fields, innermost first: begin, instrText runs, separate, result runs, end.
  const marker =
    /<w:fldChar\b[^>]*w:fldCharType="(begin|separate|end)"[^>]*\/?>|<w:instrText\b[^>]*>([\s\S]*?)<\/w:instrText>/g;
  let changed = true;
  while (changed) {
    changed = false;
    type Open = { begin: number; separate: number | null; instr: string; nested: boolean };
    const stack: Open[] = [];
    marker.lastIndex = 0;
    for (let m = marker.exec(out); m; m = marker.exec(out)) {
      if (m[2] !== undefined) {
        const top = stack.at(-1);
        if (top && top.separate === null) top.instr += m[2];
        continue;
      }
      if (m[1] === 'begin') {
        const parent = stack.at(-1);
        if (parent) parent.nested = true;
        stack.push({ begin: m.index, separate: null, instr: '', nested: false });
        continue;
      }
      const top = stack.at(-1);
      if (!top) continue;
      if (m[1] === 'separate') {
        top.separate = m.index;
        continue;
      }
      stack.pop();
      const name = mergeFieldName(top.instr);
      if (!name || top.nested) continue;
      const start = runStart(out, top.begin);
      const endClose = out.indexOf('</w:r>', m.index);
      if (start < 0 || endClose < 0) continue;
      const end = endClose + '</w:r>'.length;
      const span = out.slice(start, end);
      if (span.includes('</w:p>')) continue;
      const result = top.separate === null ? '' : out.slice(out.indexOf('</w:r>', top.separate), m.index);
      const props =
        resultProperties(result) || resultProperties(out.slice(start, out.indexOf('</w:r>', top.begin) + 6));
      out = out.slice(0, start) + tagRun(props, mergeFieldKey(name)) + out.slice(end);
      changed = true;
      break; // the offsets moved: scan again
    }
  }
  return out;
}

/** A template ready to fill: its package with MERGEFIELDs as tags, and its fields' keys in order. */
export interface PreparedTemplate {
  docx: Buffer;
  fields: string[];
}

function compile(zip: PizZip, seen: string[]): Docxtemplater {
  try {
    return new Docxtemplater(zip, {
      delimiters: DELIMITERS,
      // Errors are answered to the user (MergeTemplateError), not written to the console.
      errorLogging: false,
      paragraphLoop: true,
      // A value with line breaks (the address) prints one line under the other.
      linebreaks: true,
      parser(tag: string) {
        const key = mergeFieldKey(tag);
        if (!key) throw new MergeTemplateError(MERGE_MESSAGES.badField(`{{${tag.slice(0, 40)}}}`));
        if (!seen.includes(key)) seen.push(key);
        return { get: (scope: Record<string, unknown>) => scope[key] };
      },
      // Never reached for a recipient checked first (missingMergeFields); a gap is never printed.
      nullGetter() {
        throw new MergeTemplateError('A field has no value.');
      },
    });
  } catch (error) {
    if (error instanceof MergeTemplateError) throw error;
    throw new MergeTemplateError(MERGE_MESSAGES.badField(describe(error)));
  }
}

/** docxtemplater's errors as a person reads them ("{{first_name" is never closed). */
function describe(error: unknown): string {
  const errors = (error as { properties?: { errors?: { properties?: { id?: string; xtag?: string } }[] } }).properties
    ?.errors ?? [error as { properties?: { id?: string; xtag?: string } }];
  const parts = errors.slice(0, 3).map((e) => {
    const tag = (e.properties?.xtag ?? '').slice(0, 40);
    switch (e.properties?.id) {
      case 'unclosed_tag':
        return `"{{${tag}" is never closed with }}`;
      case 'unopened_tag':
        return `"${tag}}}" has no {{ before it`;
      case 'duplicate_open_tag':
      case 'duplicate_close_tag':
        return `"${tag}" has doubled braces`;
      default:
        return tag ? `"${tag}"` : 'a field is malformed';
    }
  });
  return `${[...new Set(parts)].join('; ')}.`;
}

/**
 * Turns an uploaded (already checked and cleaned) Word package into a template: MERGEFIELDs
 * become tags, the package is compiled once to list its fields and to refuse a malformed one.
 */
export function prepareTemplate(docx: Buffer): PreparedTemplate {
  let zip: PizZip;
  try {
    zip = new PizZip(docx);
  } catch {
    throw new MergeTemplateError(MERGE_MESSAGES.onlyDocx);
  }
  for (const name of Object.keys(zip.files)) {
    if (!FIELD_PART.test(name)) continue;
    const xml = zip.file(name)!.asText();
    const converted = convertMergeFields(xml);
    if (converted !== xml) zip.file(name, converted);
  }
  const prepared = zip.generate({ type: 'nodebuffer', compression: 'DEFLATE' });
  const fields: string[] = [];
  compile(new PizZip(prepared), fields);
  if (fields.length === 0) throw new MergeTemplateError(MERGE_MESSAGES.noFields);
  if (fields.length > MERGE_LIMITS.maxFields) throw new MergeTemplateError(MERGE_MESSAGES.tooManyFields);
  return { docx: prepared, fields };
}

/** Characters XML 1.0 cannot hold (a Word part with one is corrupt); a value loses them. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
const NOT_XML = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g;

/** One recipient's letter: the prepared template with every field filled (the caller checked none is missing). */
export function fillTemplate(prepared: Buffer, values: Readonly<Record<string, string>>): Buffer {
  return fillLetter(prepared, values).docx;
}

/** fillTemplate, with the filled body's XML (word/document.xml) that a batch of letters is made of (batch.ts). */
export function fillLetter(
  prepared: Buffer,
  values: Readonly<Record<string, string>>,
): { docx: Buffer; documentXml: string } {
  const clean: Record<string, string> = {};
  for (const [k, v] of Object.entries(values)) clean[k] = v.replace(NOT_XML, '').replace(/\r\n?/g, '\n');
  const doc = compile(new PizZip(prepared), []);
  doc.render(clean);
  const zip = doc.getZip();
  // The fastest deflate: the file is stored once and converted once; size matters little.
  const docx = zip.generate({ type: 'nodebuffer', compression: 'DEFLATE', compressionOptions: { level: 1 } });
  return { docx, documentXml: zip.file('word/document.xml')!.asText() };
}
