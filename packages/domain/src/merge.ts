/**
 * Mail merge (issue 28 item 1, decision 0036): a Word letter with merge fields sent to many
 * recipients, each one an ordinary letter. The API's requests and answers are defined here once:
 * the server validates and documents with them, the web takes its types from them.
 */
import { z } from 'zod';
import { COMMUNICATION_PREFERENCES } from './customers.js';

export const MERGE_LIMITS = {
  /** The template as uploaded (a Word letter, usually under 1 MB). */
  maxTemplateBytes: 10 * 1024 * 1024,
  /** Recipients in one run (a CSV of more is split into several runs). */
  maxRecipients: 5000,
  /** Distinct fields in one template. */
  maxFields: 100,
  /** Characters of one field's value. */
  maxValueLength: 1000,
  /** Columns of a CSV given on the spot (the customer import's bound). */
  maxColumns: 100,
  /** Templates listed at once (a company keeps a handful). */
  maxTemplates: 200,
} as const;

/** The fields every recipient from the customers list has (a CSV adds its own columns). */
export const MERGE_STANDARD_FIELDS = [
  'name',
  'first_name',
  'last_name',
  'address',
  'address_line_1',
  'address_line_2',
  'address_line_3',
  'address_line_4',
  'town',
  'postcode',
  'email',
  'phone',
] as const;
export type MergeStandardField = (typeof MERGE_STANDARD_FIELDS)[number];

export const MERGE_FIELD_LABELS: Record<MergeStandardField, string> = {
  name: 'Name',
  first_name: 'First name',
  last_name: 'Last name',
  address: 'Address (every line, one under the other)',
  address_line_1: 'Address line 1',
  address_line_2: 'Address line 2',
  address_line_3: 'Address line 3',
  address_line_4: 'Address line 4',
  town: 'Town',
  postcode: 'Postcode',
  email: 'Email',
  phone: 'Phone',
};

export const MERGE_MESSAGES = {
  onlyDocx: 'A mail merge template must be a Word document (.docx).',
  tooLarge: `A template can be at most ${MERGE_LIMITS.maxTemplateBytes / 1024 / 1024} MB.`,
  noFields:
    'The document has no merge fields: insert them with Word\u2019s Mailings > Insert Merge Field, or type them as {{first_name}}.',
  tooManyFields: `A template can have at most ${MERGE_LIMITS.maxFields} fields.`,
  badField: (detail: string) => `The template has a field Word or this product cannot read: ${detail}`,
  notFound: 'Template not found.',
  runNotFound: 'Mail merge not found.',
  noRecipients: 'Choose at least one recipient.',
  tooManyRecipients: (n: number) =>
    `${n.toLocaleString('en-GB')} recipients were chosen; a mail merge sends to at most ${MERGE_LIMITS.maxRecipients.toLocaleString('en-GB')} at once.`,
  unknownCustomers: 'Some of the chosen customers are not in your customers list.',
  /** Why one recipient's letter was not made: never a letter with a gap where a field should be. */
  missingFields: (fields: readonly string[]) =>
    fields.length === 1
      ? `Not merged: the field "${fields[0]}" has no value for this recipient.`
      : `Not merged: the fields ${fields.map((f) => `"${f}"`).join(', ')} have no value for this recipient.`,
  nul: 'A value holds a NUL character.',
} as const;

/**
 * A field's key as it is looked up: lower case, letters and digits, the rest one underscore.
 * Word's «First Name», a typed {{ first name }} and a CSV column "First name" are all first_name.
 */
export function mergeFieldKey(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');
}

/** The fields of a template a recipient has no value for (blank counts as none). */
export function missingMergeFields(fields: readonly string[], values: Readonly<Record<string, string>>): string[] {
  return fields.filter((f) => !(values[f] ?? '').trim());
}

// ---------------------------------------------------------------------------------------------
// API

export const mergeTemplateSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** The fields found, as their keys (first_name): the body's in the order they appear. */
  fields: z.array(z.string()),
  size_bytes: z.number().int(),
  created_at: z.string(),
  creator_name: z.string().nullable(),
});
export type MergeTemplate = z.infer<typeof mergeTemplateSchema>;

export const mergeTemplateListSchema = z.object({ templates: z.array(mergeTemplateSchema) });

const csvText = z
  .string()
  .min(1)
  .max(5 * 1024 * 1024);

/** Who the letters go to: chosen customers, every customer a filter finds, or the rows of a CSV. */
export const mergeRecipientsSchema = z.discriminatedUnion('kind', [
  z.strictObject({
    kind: z.literal('customers'),
    customer_ids: z.array(z.string().min(1).max(100)).min(1).max(MERGE_LIMITS.maxRecipients),
  }),
  z.strictObject({
    kind: z.literal('filter'),
    search: z.string().max(200).optional(),
    communications_preference: z.array(z.enum(COMMUNICATION_PREFERENCES)).max(4).optional(),
  }),
  z.strictObject({
    kind: z.literal('csv'),
    /** The CSV's text (Excel's CSV UTF-8, semicolons or tabs too), header first, as the customer import reads it. */
    csv: csvText,
  }),
]);
export type MergeRecipients = z.infer<typeof mergeRecipientsSchema>;

export const mergePreviewBodySchema = z.strictObject({
  recipients: mergeRecipientsSchema,
  /** Which recipient, from 0. */
  index: z.number().int().min(0).max(MERGE_LIMITS.maxRecipients),
});

/** A preview's answer: the recipient, their values, and what is missing (then no PDF). */
export const mergePreviewSchema = z.object({
  index: z.number().int(),
  total: z.number().int(),
  recipient_name: z.string(),
  values: z.record(z.string(), z.string()),
  missing: z.array(z.string()),
  reason: z.string().nullable(),
  /** The filled letter as a PDF, base64; null when a field is missing. */
  pdf_base64: z.string().nullable(),
});
export type MergePreview = z.infer<typeof mergePreviewSchema>;

export const mergeSendBodySchema = z.strictObject({
  recipients: mergeRecipientsSchema,
  /** Deliver each letter once it is analysed clean, through its customer's preferred channels. */
  deliver: z.boolean().default(true),
});

export const MERGE_OUTCOMES = ['waiting', 'created', 'stopped'] as const;
export type MergeOutcome = (typeof MERGE_OUTCOMES)[number];

export const mergeRunSchema = z.object({
  id: z.string(),
  template_id: z.string(),
  template_name: z.string(),
  status: z.enum(['queued', 'running', 'done']),
  deliver: z.boolean(),
  total: z.number().int(),
  created: z.number().int(),
  stopped: z.number().int(),
  /** Letters made that have finished analysis (clean or not). */
  analysed: z.number().int(),
  created_at: z.string(),
  finished_at: z.string().nullable(),
  recipients: z.array(
    z.object({
      position: z.number().int(),
      name: z.string(),
      outcome: z.enum(MERGE_OUTCOMES),
      reason: z.string().nullable(),
      letter_id: z.string().nullable(),
      letter_status: z.string().nullable(),
    }),
  ),
});
export type MergeRun = z.infer<typeof mergeRunSchema>;
