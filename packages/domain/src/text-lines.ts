// Lines of text as a person reads them: runs of words on one baseline split where a wide gap
// separates two blocks, and whether a line reads as a sentence (so it is never a name).
import type { Box, TextItem } from './page-geometry.js';

// ---------------------------------------------------------------------------------------------
// Sentences

/** Words that end a line without ending a sentence: "Smith & Sons Ltd.", "J. Smith Esq.". */
const ABBREVIATIONS = new Set(
  'ltd inc esq co plc llp llc jr jnr sr snr bros corp dept mr mrs ms dr prof rev st rd ave'.split(' '),
);
/** Lower-case words that begin surnames ("de la Cruz", "van der Berg"), so a name may start with them. */
const NAME_PARTICLES = new Set('de del della di da du la le van von der den ter ten el al bin ibn ap'.split(' '));
/** Words that open prose, never a name or a company ("If you would...", "Please call...", "We have..."). */
const SENTENCE_OPENERS = new Set(
  "if please kindly we we've we're you you're you've i i'm thank thanks would should could unless although because when whenever where why how what there this these those it it's as so but however here let once since following".split(
    ' ',
  ),
);
/**
 * Pronouns, auxiliaries and verbs of letters' prose, counted only as written in lower case: in a
 * name they would be capitalised ("Will Smith", "May Jones", "Our Lady's School").
 */
const PROSE_WORDS = new Set(
  'would please if you your yours we our us i is are was were will shall can could should must may might have has had been be do does did not that this which because thank let visit call contact write find see enclosed rather'.split(
    ' ',
  ),
);
/** A line this long (in words) is prose: the longest addressee lines ("The Trustees of the ... Trust") stay under it. */
const SENTENCE_MIN_WORDS = 10;

/**
 * True when a line reads as a sentence, so it can never be a recipient's name: it ends with ':',
 * '?', '!', ';' or with a full stop that is not an abbreviation or an initial ("Ltd.", "J."); it
 * has 10 words or more; it starts in lower case (other than a surname particle such as "de" or a
 * brand such as "eBay"); it opens with a word of prose ("If", "Please", "We", "Thank"...); or it
 * holds a pronoun, auxiliary or prose verb written in lower case ("would", "you", "is", "please").
 */
export function looksLikeSentence(line: string): boolean {
  const text = line.trim().replace(/\s+/g, ' ');
  if (text === '') return false;
  const words = text.split(' ');
  if (/[:?!;]$/.test(text)) return true;
  if (text.endsWith('.')) {
    const last = words.at(-1)!.slice(0, -1);
    const abbreviation = ABBREVIATIONS.has(last.toLowerCase()) || /^(\p{L}\.)*\p{L}$/u.test(last);
    if (!abbreviation) return true;
  }
  if (words.length >= SENTENCE_MIN_WORDS) return true;
  const bare = (w: string) => w.replace(/^[^\p{L}]+|[^\p{L}']+$/gu, '');
  const first = bare(words[0]!);
  if (/^\p{Ll}/u.test(first) && !NAME_PARTICLES.has(first) && !/\p{Lu}/u.test(first.slice(1))) return true;
  if (SENTENCE_OPENERS.has(first.toLowerCase().replace(/’/g, "'"))) return true;
  return words.slice(1).some((w) => PROSE_WORDS.has(bare(w)));
}

/** A run of words on one baseline with no wide gap inside (a table cell, a right-hand block, a line). */
export interface TextSegment extends Box {
  text: string;
}

/** A horizontal gap this wide (mm) separates two blocks on one baseline; a word space is about 1 mm. */
const SEGMENT_GAP_MM = 6;

/**
 * The non-blank items grouped by baseline (within half a line height), top to bottom, each group
 * left to right: the one line grouping of the address reader and the split.
 */
export function baselineGroups(items: readonly TextItem[]): TextItem[][] {
  const sorted = [...items].filter((i) => i.text.trim() !== '').sort((a, b) => a.y - b.y || a.x - b.x);
  const lines: { y: number; height: number; items: TextItem[] }[] = [];
  for (const item of sorted) {
    const line = lines.at(-1);
    if (line && Math.abs(item.y - line.y) <= Math.max(line.height, item.height) / 2) line.items.push(item);
    else lines.push({ y: item.y, height: item.height, items: [item] });
  }
  return lines.map((l) => l.items.sort((a, b) => a.x - b.x));
}

/** The page's words as segments, top to bottom then left to right (same baseline as groupLines). */
export function textSegments(items: readonly TextItem[]): TextSegment[][] {
  return baselineGroups(items).map((line) => {
    const segments: TextSegment[] = [];
    let current: TextItem[] = [];
    const close = () => {
      if (current.length === 0) return;
      const x = Math.min(...current.map((i) => i.x));
      const y = Math.min(...current.map((i) => i.y));
      const right = Math.max(...current.map((i) => i.x + i.width));
      const bottom = Math.max(...current.map((i) => i.y + i.height));
      const text = current
        .map((i) => i.text.trim())
        .join(' ')
        .replace(/\s+/g, ' ');
      segments.push({ text, x, y, width: right - x, height: bottom - y });
      current = [];
    };
    for (const item of line) {
      const previous = current.at(-1);
      if (previous && item.x - (previous.x + previous.width) > SEGMENT_GAP_MM) close();
      current.push(item);
    }
    close();
    return segments;
  });
}
