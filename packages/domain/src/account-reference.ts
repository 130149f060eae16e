/**
 * The company's account reference (decision 0031): the account id people see, type and give their
 * bank. UK bank payments (Faster Payments, BACS) carry 18 characters of reference, so the 36
 * characters of the internal id never arrive whole. The reference is "LP-" and 11 characters of
 * Crockford base32 in groups of 4, 4 and 3 ("LP-7K3M-9QXD-2RH", 16 characters): 10 random ones
 * (50 bits) and a check character (Luhn mod 32), which catches every single mistyped character and
 * every swap of two neighbours but 0 and Z. The alphabet leaves out I, L, O and U; a typed I or L reads as 1
 * and O as 0, lower case and spaces, hyphens or dots between characters are ignored.
 */

/** Crockford's base32 alphabet: digits, then letters without I, L, O and U. */
export const REFERENCE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
export const ACCOUNT_REFERENCE_PREFIX = 'LP';
/** Random characters in a reference (the check character follows them). */
export const REFERENCE_DATA_LENGTH = 10;
/** The longest reference a UK bank payment carries. */
export const BANK_REFERENCE_MAX_LENGTH = 18;

const N = REFERENCE_ALPHABET.length;

/** The check character of base32 characters (Luhn mod N: doubling every second character from the right). */
export function referenceCheckCharacter(data: string): string {
  let factor = 2;
  let sum = 0;
  for (let i = data.length - 1; i >= 0; i--) {
    const code = REFERENCE_ALPHABET.indexOf(data[i]!);
    if (code < 0) throw new RangeError(`not a reference character: ${data[i]}`);
    const addend = factor * code;
    sum += Math.floor(addend / N) + (addend % N);
    factor = factor === 2 ? 1 : 2;
  }
  return REFERENCE_ALPHABET[(N - (sum % N)) % N]!;
}

/** Whether base32 characters end with their right check character. */
function checks(chars: string): boolean {
  return chars.length > 1 && referenceCheckCharacter(chars.slice(0, -1)) === chars.at(-1);
}

/** The shown form of 11 reference characters: "LP-XXXX-XXXX-XXX". */
function format(chars: string): string {
  return `${ACCOUNT_REFERENCE_PREFIX}-${chars.slice(0, 4)}-${chars.slice(4, 8)}-${chars.slice(8)}`;
}

/** A new account reference from random bytes (crypto.getRandomValues by default). */
export function newAccountReference(random: (n: number) => Uint8Array = randomBytes): string {
  const bytes = random(REFERENCE_DATA_LENGTH);
  let data = '';
  for (let i = 0; i < REFERENCE_DATA_LENGTH; i++) data += REFERENCE_ALPHABET[bytes[i]! % N];
  return format(data + referenceCheckCharacter(data));
}

/** The Web Crypto random source (Node and browsers); this package's lib has no DOM types. */
const webCrypto = (globalThis as unknown as { crypto: { getRandomValues(array: Uint8Array): Uint8Array } }).crypto;

function randomBytes(n: number): Uint8Array {
  return webCrypto.getRandomValues(new Uint8Array(n));
}

/**
 * The account reference someone typed or a bank passed on, in its shown form, or null when it is
 * not one (wrong length, a character outside the alphabet, or a check character that does not
 * match). Case, spaces, hyphens and dots are ignored; I and L read as 1, O as 0; the "LP" prefix
 * may be left out.
 */
export function parseAccountReference(input: string): string | null {
  if (input.length > 100) return null;
  let text = input.toUpperCase().replace(/[\s.\-_/]/g, '');
  if (text.startsWith(ACCOUNT_REFERENCE_PREFIX) && text.length === ACCOUNT_REFERENCE_PREFIX.length + 11)
    text = text.slice(ACCOUNT_REFERENCE_PREFIX.length);
  if (text.length !== REFERENCE_DATA_LENGTH + 1) return null;
  const chars = text.replace(/[IL]/g, '1').replace(/O/g, '0');
  if ([...chars].some((c) => !REFERENCE_ALPHABET.includes(c))) return null;
  return checks(chars) ? format(chars) : null;
}

/**
 * The account reference inside a bank payment's reference text ("INV 4471 lp-7k3m 9qxd 2rh"), or
 * null: the whole text first, then each run that starts with LP.
 */
export function findAccountReference(text: string): string | null {
  if (text.length > 500) return null;
  const whole = parseAccountReference(text);
  if (whole) return whole;
  const upper = text.toUpperCase();
  for (let at = upper.indexOf('LP'); at >= 0; at = upper.indexOf('LP', at + 1)) {
    // The prefix and 11 characters, with separators between them.
    const m = /^LP(?:[\s.\-_/]*[0-9A-Z]){11}/.exec(upper.slice(at));
    const found = m ? parseAccountReference(m[0]) : null;
    if (found) return found;
  }
  return null;
}
