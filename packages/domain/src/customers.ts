import { z } from 'zod';
import { CLOUD_DRIVE_IDS } from './integrations.js';
import { MESSAGES } from './messages.js';
import { isUkPostcodeFormat, normalisePostcode } from './postcode.js';
import { UK_PHONE_PATTERN } from './validation.js';

/**
 * Customers, the recipients a company sends to (part 1 section 3 "Customer summary", section 5
 * "Customer communication preferences"; part 2 sections 3, 5 and 7).
 */

export const COMMUNICATION_PREFERENCES = ['Mail', 'Email', 'SMS', 'Cloud storage'] as const;
export type CommunicationPreference = (typeof COMMUNICATION_PREFERENCES)[number];

export const CUSTOMER_MESSAGES = {
  nameRequired: 'This field is required',
  email: 'Must be a valid email address',
  phone: MESSAGES.ukPhone,
  postcode: 'Invalid Postcode',
  saved: 'The customer was saved.',
  deleted: 'The customer was deleted.',
  duplicate: 'A customer with this email already exists.',
  cloudStorage: 'Choose None or one of the cloud drives offered.',
} as const;

/**
 * The spec's rule: no preference ticked means Mail; SMS alone gets Mail added (a text carries a
 * link, the letter itself still goes by post). Order follows the catalogue; duplicates go.
 */
export function normalisePreferences(input: readonly string[]): CommunicationPreference[] {
  const chosen = new Set(
    input.filter((p): p is CommunicationPreference => COMMUNICATION_PREFERENCES.includes(p as never)),
  );
  if (chosen.size === 0 || (chosen.size === 1 && chosen.has('SMS'))) chosen.add('Mail');
  return COMMUNICATION_PREFERENCES.filter((p) => chosen.has(p));
}

/** "12 Acacia Avenue, Bristol, BS8 2QT": the address as one string, the postcode its last part. */
export function formatCustomerAddress(lines: readonly string[], postcode: string | null): string {
  return [...lines, ...(postcode ? [postcode] : [])]
    .map((l) => l.trim())
    .filter(Boolean)
    .join(', ');
}

/** The reverse: a comma-separated address, its last part the postcode when it looks like one. */
export function parseCustomerAddress(address: string): { lines: string[]; postcode: string | null } {
  const parts = address
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean);
  const last = parts.at(-1);
  if (last && isUkPostcodeFormat(last)) return { lines: parts.slice(0, -1), postcode: normalisePostcode(last) };
  return { lines: parts, postcode: null };
}

const optionalTrimmed = (max: number) => z.string().trim().max(max);

/** A customer's cloud storage provider: one of the drives' ids ("google_drive", "dropbox", "onedrive"). */
export const customerCloudStorageField = z.enum(CLOUD_DRIVE_IDS, { error: CUSTOMER_MESSAGES.cloudStorage });

/** A customer as a person types it (create, or the fields of an edit). */
export const customerFieldsSchema = z.object({
  name: z.string().trim().min(1, { error: CUSTOMER_MESSAGES.nameRequired }).max(200),
  address_lines: z.array(optionalTrimmed(200)).max(6).default([]),
  /** The post town: stored as the last address line, as the import's Town column is (blank for none). */
  town: optionalTrimmed(100).default(''),
  postcode: z
    .string()
    .trim()
    .max(10)
    .default('')
    .refine((p) => p === '' || isUkPostcodeFormat(p), { error: CUSTOMER_MESSAGES.postcode }),
  email: z
    .string()
    .trim()
    .max(320)
    .default('')
    .refine((e) => e === '' || z.email().safeParse(e).success, { error: CUSTOMER_MESSAGES.email }),
  phone: z
    .string()
    .trim()
    .max(40)
    .default('')
    .refine((p) => p === '' || UK_PHONE_PATTERN.test(p.replace(/\s+/g, '')), { error: CUSTOMER_MESSAGES.phone }),
  communications_preference: z.array(z.enum(COMMUNICATION_PREFERENCES)).max(4).default([]),
  /** The drive the customer keeps their letters in (a connected drive's id), or null for none. */
  cloud_storage_provider: customerCloudStorageField.nullable().default(null),
});
export type CustomerFields = z.output<typeof customerFieldsSchema>;

/** At most 6 lines are stored: the address lines and the town together. */
export const MAX_CUSTOMER_ADDRESS_LINES = 6;

/** The stored lines of an address typed as lines and a town: the town last, blanks dropped. */
export function addressWithTown(lines: readonly string[], town: string | null | undefined): string[] {
  return [...lines, town ?? ''].map((l) => l.trim()).filter(Boolean);
}

/**
 * A stored address as the form shows it: the town is the last line when there are two or more
 * (the UK's convention, post town before the postcode, as the export's Town column reads it); a
 * single line stays an address line.
 */
export function splitTown(lines: readonly string[]): { lines: string[]; town: string } {
  const filled = lines.map((l) => l.trim()).filter(Boolean);
  if (filled.length < 2) return { lines: filled, town: '' };
  return { lines: filled.slice(0, -1), town: filled.at(-1)! };
}

/**
 * Letters the decomposition (NFKD) leaves whole, folded as PostgreSQL's `unaccent` rules fold them
 * (Ø to o, Æ to ae, ß to ss, Þ to th...), so a key made here equals the one migration 0028 made in SQL.
 */
const FOLDED_LETTERS: Record<string, string> = {
  ø: 'o',
  æ: 'ae',
  œ: 'oe',
  ß: 'ss',
  ł: 'l',
  đ: 'd',
  ð: 'd',
  þ: 'th',
  ı: 'i',
  ħ: 'h',
  ŧ: 't',
  ŀ: 'l',
};

/**
 * A name as people compare it: lower case, accents gone ("Áine" and "aine", "Ødegaard" and
 * "odegaard", "Zoë" and "zoe" are one), the same folding as the database's `search_fold`.
 */
export function foldName(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .replace(/[øæœßłđðþıħŧŀ]/g, (c) => FOLDED_LETTERS[c] ?? c);
}

/** A stored customer's matching key for letters: the name and postcode, compared loosely (case and accents ignored). */
export function customerMatchKey(name: string, postcode: string | null): string {
  return `${foldName(name)
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()}|${postcode ? normalisePostcode(postcode) : ''}`;
}
