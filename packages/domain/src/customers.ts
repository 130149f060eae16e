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

/** A stored customer's matching key for letters: the name and postcode, compared loosely. */
export function customerMatchKey(name: string, postcode: string | null): string {
  return `${name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()}|${postcode ? normalisePostcode(postcode) : ''}`;
}
