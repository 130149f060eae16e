import { MIN_POSTCODE_LENGTH } from './constants.js';

/**
 * UK postcode format (outward code, space, inward code), with the special cases GIR 0AA (Girobank)
 * and BFPO numbers (British Forces Post Office). Letters of the inward code exclude C, I, K, M, O, V.
 * The format says a postcode could exist; the configured postcode service says whether it does.
 */
const UK_POSTCODE =
  /^(?:GIR 0AA|(?:[A-PR-UWYZ][0-9][0-9]?|[A-PR-UWYZ][A-HK-Y][0-9][0-9]?|[A-PR-UWYZ][0-9][A-HJKPSTUW]|[A-PR-UWYZ][A-HK-Y][0-9][ABEHMNPRV-Y]) [0-9][ABD-HJLNP-UW-Z]{2})$/;
const BFPO = /^BFPO ?[0-9]{1,4}$/;

/** Upper-cases, trims and puts the single space before the inward code ("sw1a1aa" -> "SW1A 1AA"). */
export function normalisePostcode(input: string): string {
  const compact = input.toUpperCase().replace(/\s+/g, '');
  if (compact.startsWith('BFPO')) return `BFPO ${compact.slice(4)}`;
  if (compact.length < 5) return compact;
  return `${compact.slice(0, -3)} ${compact.slice(-3)}`;
}

/** True when the text has the shape of a UK postcode (fewer than 5 characters never does). */
export function isUkPostcodeFormat(input: string): boolean {
  const compact = input.replace(/\s+/g, '');
  if (compact.length < MIN_POSTCODE_LENGTH && !compact.toUpperCase().startsWith('BFPO')) return false;
  const p = normalisePostcode(input);
  return UK_POSTCODE.test(p) || BFPO.test(p);
}

/** Finds a UK postcode at the end of an address line (the last postcode-shaped token pair). */
export function findPostcode(line: string): string | null {
  const m = /((?:GIR ?0AA)|(?:BFPO ?[0-9]{1,4})|(?:[A-Z]{1,2}[0-9][0-9A-Z]? ?[0-9][A-Z]{2}))\s*$/i.exec(line.trim());
  if (!m?.[1]) return null;
  return isUkPostcodeFormat(m[1]) ? normalisePostcode(m[1]) : null;
}
