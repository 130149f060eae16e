/**
 * The integrations API's requests and answers (decision 0021), defined once: the server's routes
 * validate and document with these schemas, the web takes its types from them. Money is pence.
 */
import { z } from 'zod';
import { INTEGRATION_PROVIDER_IDS } from './integrations.js';

/** The most records one import takes (a page of the provider's list). */
export const INTEGRATION_IMPORT_MAX = 100;

export const integrationStatusSchema = z.enum(['connected', 'revoked', 'error']);
export type IntegrationStatus = z.infer<typeof integrationStatusSchema>;

export const integrationSchema = z.object({
  provider: z.enum(INTEGRATION_PROVIDER_IDS),
  name: z.string(),
  snakeCaseProviderName: z.string(),
  description: z.string(),
  kind: z.enum(['accounting', 'cloud']),
  /** The logo's name (the web draws its own mark for it). */
  logo: z.string(),
  connected: z.boolean(),
  /** null while there is no connection. */
  status: integrationStatusSchema.nullable(),
  auto_sync: z.boolean(),
  /** Cloud drives: uploaded letters are copied too, not only delivered ones (the server always sends it). */
  sync_uploads: z.boolean().optional(),
  /** The Xero organisation, QuickBooks company, Sage business or drive account. */
  tenant_name: z.string().nullable(),
  connected_at: z.string().nullable(),
  /** False when the plan lacks the provider's feature (connecting answers 426). */
  plan_allows: z.boolean(),
});
export type IntegrationAnswer = z.infer<typeof integrationSchema>;

export const integrationListSchema = z.object({ integrations: z.array(integrationSchema) });

export const connectAnswerSchema = z.object({ url: z.string() });

export const redirectBodySchema = z.strictObject({
  /** The code the provider returned (absent, with `error`, when the user denied access). */
  auth_code: z.string().max(4096).optional(),
  state: z.string().min(1).max(200),
  /** What else the provider returned: QuickBooks' realmId (a string, or { realmId }). */
  additional_info: z
    .union([z.string().max(200), z.record(z.string().max(64), z.string().max(500)), z.null()])
    .optional(),
  /** The provider's error (access_denied) when it sent one instead of a code. */
  error: z.string().max(200).optional(),
});
export type RedirectBody = z.infer<typeof redirectBodySchema>;

export const redirectAnswerSchema = z.object({
  provider: z.enum(INTEGRATION_PROVIDER_IDS),
  connected: z.literal(true),
  message: z.string(),
  tenant_name: z.string().nullable(),
});

export const checkBodySchema = z.strictObject({ provider: z.string().max(40) });
export const checkAnswerSchema = z.object({
  provider: z.enum(INTEGRATION_PROVIDER_IDS),
  connected: z.boolean(),
  status: integrationStatusSchema.nullable(),
  /** Why it is not connected now, in words (null when it is). */
  message: z.string().nullable(),
});

export const autoSyncBodySchema = z.strictObject({
  sync: z.boolean(),
  /** Copy uploaded letters too (default off; left as it is when not sent). */
  sync_uploads: z.boolean().optional(),
});
export type AutoSyncBody = z.infer<typeof autoSyncBodySchema>;
export const autoSyncAnswerSchema = z.object({
  provider: z.enum(INTEGRATION_PROVIDER_IDS),
  auto_sync: z.boolean(),
  sync_uploads: z.boolean().optional(),
  message: z.string(),
});

export const importContactSchema = z.object({
  external_id: z.string(),
  recipient: z.string(),
  email: z.string().nullable(),
  /** The address lines, the postcode last. */
  address: z.array(z.string()),
  postcode: z.string().nullable(),
  phone: z.string().nullable(),
  preview_url: z.string().nullable(),
  imported: z.boolean(),
  /** The customer it became (when imported). */
  customer_uuid: z.string().nullable(),
});
export type ImportContact = z.infer<typeof importContactSchema>;

export const importInvoiceSchema = z.object({
  external_id: z.string(),
  /** The number the user knows it by (INV-0042). */
  user_invoice_id: z.string(),
  recipient: z.string(),
  contact_external_id: z.string(),
  /** Pence. */
  total: z.number().int(),
  /** Pence still to pay. */
  amount_due: z.number().int(),
  currency: z.string(),
  /** One line of text per item ("2 x Design work at £180.00: £360.00"). */
  items: z.array(z.string()),
  issue_date: z.string().nullable(),
  due_date: z.string().nullable(),
  paid: z.boolean(),
  preview_url: z.string().nullable(),
  imported: z.boolean(),
  /** The letter it became (when imported). */
  letter_uuid: z.string().nullable(),
});
export type ImportInvoice = z.infer<typeof importInvoiceSchema>;

export const pageQuerySchema = z.object({ page: z.coerce.number().int().min(1).max(10_000).default(1) });

export const contactsPageSchema = z.object({
  provider: z.enum(INTEGRATION_PROVIDER_IDS),
  page: z.number().int(),
  next_page: z.number().int().nullable(),
  contacts: z.array(importContactSchema),
});
export const invoicesPageSchema = z.object({
  provider: z.enum(INTEGRATION_PROVIDER_IDS),
  page: z.number().int(),
  next_page: z.number().int().nullable(),
  invoices: z.array(importInvoiceSchema),
});

export const importBodySchema = z.strictObject({
  ids: z
    .array(z.string().min(1).max(200))
    .min(1, { error: 'Choose at least one to import.' })
    .max(INTEGRATION_IMPORT_MAX, { error: `Import at most ${INTEGRATION_IMPORT_MAX} at a time.` }),
});

/**
 * The contacts import (issue 27 item 9): `update` lists the chosen contacts whose existing customer
 * takes the provider's values (the preview's "Update"); any other matched customer is kept as it is
 * (linked to the contact, nothing overwritten). Left out, every matched customer is kept.
 */
export const contactsImportBodySchema = importBodySchema.extend({
  update: z.array(z.string().min(1).max(200)).max(INTEGRATION_IMPORT_MAX).default([]),
});

/** The fields of a customer an import can change, in the preview's order. */
export const CONTACT_CHANGE_FIELDS = ['name', 'address', 'postcode', 'email', 'phone'] as const;
export const CONTACT_CHANGE_LABELS: Record<(typeof CONTACT_CHANGE_FIELDS)[number], string> = {
  name: 'Name',
  address: 'Address',
  postcode: 'Postcode',
  email: 'Email',
  phone: 'Phone',
};

/** What importing the chosen contacts would do, written nowhere: per contact, new or matched, and the fields that would change. */
export const contactsPreviewSchema = z.object({
  contacts: z.array(
    z.object({
      external_id: z.string(),
      recipient: z.string(),
      outcome: z.enum(['new', 'matched', 'refused']),
      /** Why a contact cannot be imported (refused). */
      reason: z.string().nullable(),
      /** The existing customer (matched). */
      customer_uuid: z.string().nullable(),
      customer_name: z.string().nullable(),
      matched_by: z.enum(['earlier import', 'email', 'name and postcode']).nullable(),
      /** The fields that differ, old → new (empty: the customer already says what the provider says). */
      changes: z.array(
        z.object({ field: z.enum(CONTACT_CHANGE_FIELDS), old: z.string().nullable(), new: z.string().nullable() }),
      ),
    }),
  ),
});
export type ContactsPreview = z.infer<typeof contactsPreviewSchema>;

export const contactsImportedSchema = z.object({
  created: z.number().int(),
  updated: z.number().int(),
  /** Matched customers left as they were (not chosen for update). */
  kept: z.number().int(),
  customers: z.array(z.object({ customer_uuid: z.string(), recipient: z.string(), external_id: z.string() })),
  /** Contacts that could not become customers, with why (a postcode that does not exist). */
  refused: z.array(z.object({ external_id: z.string(), reason: z.string() })),
  message: z.string(),
});

export const invoicesImportedSchema = z.object({
  letters: z.array(
    z.object({
      uuid: z.string(),
      invoice_id: z.string(),
      user_invoice_id: z.string(),
      /** Imported before: the letter made then. */
      existing: z.boolean(),
      customer_uuid: z.string().nullable(),
    }),
  ),
  message: z.string(),
});

/** Where a letter's copy in a cloud drive stands (issue 15 item 5). */
export const CLOUD_SYNC_STATUSES = ['pending', 'synced', 'failed'] as const;
export type CloudSyncStatus = (typeof CLOUD_SYNC_STATUSES)[number];

/** A letter's copy in one drive, as the letter's answer shows it. */
export const letterCloudSyncSchema = z.object({
  provider: z.string(),
  status: z.enum(CLOUD_SYNC_STATUSES),
  /** ISO time the drive took it (null until then). */
  synced_at: z.string().nullable(),
  /** Why the last try failed (null when it did not). */
  reason: z.string().nullable(),
  /** Where it is in the drive ("LetterPost letters/Lease (1a2b3c4d).pdf"). */
  remote_path: z.string().nullable(),
});
export type LetterCloudSync = z.infer<typeof letterCloudSyncSchema>;
