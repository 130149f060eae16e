/**
 * The company profile (issue 16, decision 0022): the company number and VAT number rules, the
 * postal address, and the profile API's requests and answers, defined once for server and web.
 */
import { z } from 'zod';
import { MESSAGES } from './messages.js';
import { addressPostcodeSchema, PARCEL_MESSAGES } from './parcels.js';

export const COMPANY_MESSAGES = {
  /** The spec's text (part 1 section 8) for an unknown, dissolved or otherwise inactive company. */
  notFound: MESSAGES.companyNotFound,
  numberInvalid:
    'Enter the company registration number: 8 digits, or 2 letters and 6 digits (for example 01234567 or SC123456).',
  registerDown: 'The UK company register is not answering at the moment. Please try again in a few minutes.',
  registerBusy: 'The UK company register is busy. Please try again in a minute.',
  vatInvalid: 'Enter a UK VAT number: GB followed by 9 digits (for example GB 999 9999 73).',
  vatCheckDigits:
    "This VAT number's check digits do not match: please copy it again from your VAT registration certificate.",
  registrationSaved: 'The company registration was saved.',
  replyToInvalid: 'Enter the email address replies to your letters should go to (for example accounts@example.co.uk).',
  detailsSaved: 'The postal address and VAT number were saved.',
} as const;

/** A company number's longest typed form (with spaces) that is worth reading. */
export const COMPANY_NUMBER_INPUT_MAX = 20;

/**
 * Companies House numbers are 8 characters: 8 digits (England and Wales), or a 2-letter prefix
 * (SC Scotland, NI Northern Ireland, OC LLP, SO Scottish LLP, ...) and 6 digits. People type them
 * without leading zeros or in lower case: "sc 12345" is SC012345. Null when it cannot be one.
 */
export function normaliseCompanyNumber(input: string): string | null {
  const compact = input.replace(/\s+/g, '').toUpperCase();
  if (/^\d{1,8}$/.test(compact)) return compact.padStart(8, '0');
  const prefixed = /^([A-Z]{2})(\d{1,6})$/.exec(compact);
  if (prefixed) return `${prefixed[1]}${prefixed[2]!.padStart(6, '0')}`;
  return null;
}

/**
 * A UK VAT number, normalised to "GB" and its digits (spaces and dots dropped): 9 digits passing
 * HMRC's modulus 97 check (or its 9755 variant), 12 digits (a branch), or GD/HA and 3 digits
 * (government departments, health authorities). Null when it is not one.
 */
export function normaliseVatNumber(input: string): string | null {
  const compact = input.replace(/[\s.-]+/g, '').toUpperCase();
  const body = compact.startsWith('GB') ? compact.slice(2) : compact;
  if (/^GD[0-4]\d{2}$/.test(body) || /^HA[5-9]\d{2}$/.test(body)) return `GB${body}`;
  if (!/^(\d{9}|\d{12})$/.test(body)) return null;
  const digits = [...body.slice(0, 9)].map(Number);
  const weighted = digits.slice(0, 7).reduce((sum, d, i) => sum + d * (8 - i), 0);
  const check = digits[7]! * 10 + digits[8]!;
  const total = weighted + check;
  return total % 97 === 0 || (total + 55) % 97 === 0 ? `GB${body}` : null;
}

/**
 * What is wrong with a VAT number as typed, in the words a person acts on: the format message when it
 * is not shaped like one, the check-digit message when it is (a mistyped digit), null when it is valid.
 */
export function vatNumberProblem(input: string): string | null {
  if (normaliseVatNumber(input) !== null) return null;
  const shaped = /^(GB)?(\d{9}|\d{12})$/.test(input.replace(/[\s.-]+/g, '').toUpperCase());
  return shaped ? COMPANY_MESSAGES.vatCheckDigits : COMPANY_MESSAGES.vatInvalid;
}

/** The statuses Companies House gives; only 'active' companies may be registered here. */
export const COMPANY_STATUS_LABELS: Record<string, string> = {
  active: 'Active',
  dissolved: 'Dissolved',
  liquidation: 'In liquidation',
  receivership: 'In receivership',
  administration: 'In administration',
  'voluntary-arrangement': 'Voluntary arrangement',
  'converted-closed': 'Converted or closed',
  'insolvency-proceedings': 'Insolvency proceedings',
  registered: 'Registered',
  removed: 'Removed',
  closed: 'Closed',
  open: 'Open',
};

/** The status as people read it ("In liquidation"), or the register's word when it is a new one. */
export function companyStatusLabel(status: string): string {
  return COMPANY_STATUS_LABELS[status] ?? status;
}

/** A company as the register describes it (our shape, whatever register answered). */
export const registeredCompanySchema = z.object({
  company_number: z.string(),
  company_name: z.string(),
  company_status: z.string(),
  /** Its registered office, as lines (premises and street first, postcode last). */
  registered_address: z.array(z.string()),
  date_of_creation: z.string().nullable(),
  type: z.string().nullable(),
});
export type RegisteredCompany = z.infer<typeof registeredCompanySchema>;

const line = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: MESSAGES.maxLength(max) });
const required = (message: string, max: number) => line(max).min(1, { error: message });

/** The company's postal address: where its post goes, parcels' default sender, letters' return address. */
export const postalAddressSchema = z.strictObject({
  addressLine1: required(PARCEL_MESSAGES.addressLine1, 100),
  addressLine2: line(100)
    .optional()
    .transform((v) => v ?? ''),
  addressLine3: line(100)
    .optional()
    .transform((v) => v ?? ''),
  town: required(PARCEL_MESSAGES.town, 60),
  county: line(60)
    .optional()
    .transform((v) => v ?? ''),
  postcode: addressPostcodeSchema,
});
export type PostalAddress = z.output<typeof postalAddressSchema>;
export type PostalAddressInput = z.input<typeof postalAddressSchema>;

/** The address as lines, empty ones left out (postcode last). */
export function postalAddressLines(a: PostalAddress): string[] {
  return [a.addressLine1, a.addressLine2, a.addressLine3, a.town, a.county, a.postcode].filter((l) => l.trim() !== '');
}

/** POST /api/company/registration/lookup and PUT /api/company/registration. */
export const registrationNumberBodySchema = z.strictObject({
  registration_number: z.string().max(COMPANY_NUMBER_INPUT_MAX, { error: COMPANY_MESSAGES.numberInvalid }),
});

export const registrationLookupAnswerSchema = z.object({ company: registeredCompanySchema });

/** The company's reply-to address for letters sent by email: a valid address, or null (none). */
export const replyToEmailSchema = z
  .string()
  .trim()
  .max(254, { error: COMPANY_MESSAGES.replyToInvalid })
  .nullable()
  .transform((v, ctx) => {
    if (v === null || v === '') return null;
    if (!z.email().safeParse(v).success) {
      ctx.addIssue({ code: 'custom', message: COMPANY_MESSAGES.replyToInvalid });
      return z.NEVER;
    }
    return v.toLowerCase();
  });

/** PUT /api/company/details: the postal address and the VAT number (null clears either). */
export const companyDetailsBodySchema = z.strictObject({
  postal_address: postalAddressSchema.nullable(),
  vat_number: z
    .string()
    .max(30, { error: COMPANY_MESSAGES.vatInvalid })
    .nullable()
    .transform((v, ctx) => {
      if (v === null || v.trim() === '') return null;
      const vat = normaliseVatNumber(v);
      if (!vat) {
        // The right shape with digits that fail HMRC's check is a mistyped number, not a wrong format.
        ctx.addIssue({ code: 'custom', message: vatNumberProblem(v) ?? COMPANY_MESSAGES.vatInvalid });
        return z.NEVER;
      }
      return vat;
    }),
  /**
   * Where replies to letters sent by email go (issue 27 item 4): absent keeps it, null or empty
   * clears it (replies then go to the member who sent each letter).
   */
  reply_to_email: replyToEmailSchema.optional(),
});
export type CompanyDetailsInput = z.input<typeof companyDetailsBodySchema>;

/** GET /api/company: the profile as the member may see it. */
export const companyProfileSchema = z.object({
  id: z.string(),
  /** The account id people see and the bank transfer reference ("LP-7K3M-9QXD-2R4", decision 0031). */
  reference: z.string(),
  name: z.string(),
  registration: z
    .object({
      company_number: z.string(),
      company_name: z.string(),
      company_status: z.string(),
      registered_address: z.array(z.string()),
      date_of_creation: z.string().nullable(),
      type: z.string().nullable(),
      checked_at: z.string(),
    })
    .nullable(),
  postal_address: z
    .object({
      addressLine1: z.string(),
      addressLine2: z.string(),
      addressLine3: z.string(),
      town: z.string(),
      county: z.string(),
      postcode: z.string(),
    })
    .nullable(),
  vat_number: z.string().nullable(),
  /** Where replies to letters sent by email go; null: to the member who sent each. */
  reply_to_email: z.string().nullable(),
  plan: z.string(),
  health: z.object({ status: z.string(), reason: z.string().nullable() }),
  members: z.number().int(),
  /** Pence; absent when the company keeps the balance to finance admins and the member is not one. */
  balance: z.number().int().optional(),
  can: z.object({ edit_address: z.boolean(), manage_registration: z.boolean() }),
});
export type CompanyProfile = z.infer<typeof companyProfileSchema>;
