/**
 * How the customers list reads a search term (decision 0041).
 *
 * A term shaped like the start of a UK postcode ("LS11", "ls11 2", "SW1A 1AA", "sw1a1aa") finds
 * the customers whose postcode has that outward code (and whose inward code begins with what
 * follows), through an index kept in the list's order, and those whose name, email or phone
 * contains it. Any other term is looked for anywhere in the folded name, email, postcode and phone.
 */
export interface PostcodeTerm {
  /** The outward code, upper case ("LS11"). */
  outward: string;
  /** The start of the inward code ("", "2", "2A", "2AB"). */
  inward: string;
}

const OUTWARD = '[A-Z]{1,2}[0-9][A-Z0-9]?';
const OUTWARD_ONLY = new RegExp(`^(${OUTWARD})$`);
const WITH_INWARD = new RegExp(`^(${OUTWARD}) ([0-9][A-Z]{0,2})$`);
const COMPACT = new RegExp(`^(${OUTWARD})([0-9][A-Z]{2})$`);

export function postcodeTerm(search: string): PostcodeTerm | null {
  const term = search.trim().replace(/\s+/g, ' ').toUpperCase();
  const m = OUTWARD_ONLY.exec(term) ?? WITH_INWARD.exec(term) ?? COMPACT.exec(term);
  return m ? { outward: m[1]!, inward: m[2] ?? '' } : null;
}

/**
 * A part of the term for the trigram index to look up, when the whole term's trigrams would be
 * common to most rows: the digits and a character either side ("r4711@" of "customer4711@"). The
 * trigram index reads every row's entry for a trigram in every address ("cus", "ust"... of
 * "customer", "exa" of "example"), which cost 5 to 25 ms for one match; the digits' trigrams are
 * rare. The whole term is still required of each row: the part only chooses the candidates.
 */
export function rarePart(term: string): string | null {
  const first = term.search(/[0-9]/);
  if (first < 0) return null;
  let last = first;
  for (let i = first; i < term.length; i++) if (/[0-9]/.test(term[i]!)) last = i;
  const part = term.slice(Math.max(0, first - 1), Math.min(term.length, last + 2));
  return part.length >= 3 && part.length < term.length ? part : null;
}
