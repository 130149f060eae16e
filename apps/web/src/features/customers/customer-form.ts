import {
  addressWithTown,
  CLOUD_DRIVE_IDS,
  type CloudDriveId,
  COMMUNICATION_PREFERENCES,
  type CommunicationPreference,
  cloudDriveOf,
  customerFieldsSchema,
  findIntegrationProvider,
  normalisePostcode,
  normalisePreferences,
  splitTown,
} from '@lp/domain';
import type { z } from 'zod';
import type { ApiFieldError } from '../../lib/api';
import type { Customer, CustomerUpdateBody, NewCustomerBody } from './api';

/** The form checks what the server checks (part 2 section 5, "Customer edit"). */
export const customerFormSchema = customerFieldsSchema;
export type CustomerFormInput = z.input<typeof customerFormSchema>;
export type CustomerFormValues = z.output<typeof customerFormSchema>;

/** Address lines the form offers (more when a stored customer already has more). */
export const ADDRESS_LINE_COUNT = 4;

export const PREFERENCES_LABEL = 'Communication preferences';
export const CLOUD_STORAGE_LABEL = 'Cloud storage provider';
/** The choice that keeps no drive. */
export const NO_CLOUD_STORAGE = 'None';
/** What the drive choice does, shown beneath it. */
export const CLOUD_STORAGE_HINT =
  'Letters delivered to this customer by cloud storage are also copied to a folder for them in this drive, once your company has connected it on the Integrations page.';

/** The select's options: None, then the drives by name ("Google Drive"), their ids as values. */
export const CLOUD_STORAGE_OPTIONS: readonly { value: CloudDriveId | ''; label: string }[] = [
  { value: '', label: NO_CLOUD_STORAGE },
  ...CLOUD_DRIVE_IDS.map((id) => ({ value: id, label: findIntegrationProvider(id)?.name ?? id })),
];
/** The preference rule, shown under the checkboxes. */
export const PREFERENCE_RULE = 'With none ticked, letters go by Mail. SMS on its own also sends them by Mail.';

/** The labels of the form's fields, for the "[label] - [message]" messages. */
export function customerFieldLabels(lines: number): Record<string, string> {
  const labels: Record<string, string> = { name: 'Name' };
  for (let i = 0; i < lines; i += 1) labels[`address_lines.${i}`] = `Address line ${i + 1}`;
  return {
    ...labels,
    town: 'Town',
    postcode: 'Postcode',
    email: 'Email',
    phone: 'Phone',
    communications_preference: PREFERENCES_LABEL,
    cloud_storage_provider: CLOUD_STORAGE_LABEL,
  };
}

/** What the preferences ticked are saved as, or null when that is what is ticked. */
export function preferenceOutcome(ticked: readonly string[]): CommunicationPreference[] | null {
  const saved = normalisePreferences(ticked);
  const same = saved.length === ticked.length && saved.every((p) => ticked.includes(p));
  return same ? null : saved;
}

/** An empty form (Add customer). */
export function emptyCustomerForm(): CustomerFormInput {
  return {
    name: '',
    address_lines: Array.from({ length: ADDRESS_LINE_COUNT }, () => ''),
    town: '',
    postcode: '',
    email: '',
    phone: '',
    communications_preference: [],
    cloud_storage_provider: null,
  };
}

/** The form filled with a stored customer: the last of two or more lines is the town. */
export function customerFormValues(customer: Customer): CustomerFormInput {
  const { lines: stored, town } = splitTown(customer.address_lines);
  const lines = Math.max(ADDRESS_LINE_COUNT, stored.length);
  return {
    name: customer.recipient,
    address_lines: Array.from({ length: lines }, (_, i) => stored[i] ?? ''),
    town,
    postcode: customer.postcode ?? '',
    email: customer.email ?? '',
    phone: customer.phone ?? '',
    communications_preference: customer.communications_preference.filter((p): p is CommunicationPreference =>
      (COMMUNICATION_PREFERENCES as readonly string[]).includes(p),
    ),
    cloud_storage_provider: cloudDriveOf(customer.cloud_storage_provider),
  };
}

const filledLines = (lines: readonly string[]) => lines.map((l) => l.trim()).filter(Boolean);
const sameList = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((x, i) => x === b[i]);

/** POST /api/customers from the checked form. */
export function newCustomerBody(values: CustomerFormValues): NewCustomerBody {
  return {
    name: values.name,
    address_lines: filledLines(values.address_lines),
    town: values.town,
    postcode: values.postcode,
    email: values.email,
    phone: values.phone,
    communications_preference: [...values.communications_preference],
    cloud_storage_provider: values.cloud_storage_provider,
  };
}

/**
 * PUT /api/customers with only what the user changed (the spec: "only non-empty fields are sent on
 * update"); an email or phone the user emptied is sent as null, which clears it. The address is one
 * field on the server: a changed line or postcode sends the lines and the postcode together.
 * Null when nothing changed.
 */
export function customerUpdateBody(customer: Customer, values: CustomerFormValues): CustomerUpdateBody | null {
  const body: CustomerUpdateBody = { customer_uuid: customer.customer_uuid };
  let changed = false;
  if (values.name !== customer.recipient.trim()) {
    body.new_customer_name = values.name;
    changed = true;
  }
  const lines = filledLines(values.address_lines);
  const postcode = values.postcode ? normalisePostcode(values.postcode) : '';
  if (
    !sameList(addressWithTown(lines, values.town), customer.address_lines) ||
    postcode !== (customer.postcode ?? '')
  ) {
    body.new_customer_address = { address_lines: lines, town: values.town, postcode: values.postcode };
    changed = true;
  }
  if (values.email.toLowerCase() !== (customer.email ?? '').toLowerCase()) {
    body.customer_email = values.email || null;
    changed = true;
  }
  if (values.phone !== (customer.phone ?? '')) {
    body.customer_phone = values.phone || null;
    changed = true;
  }
  const prefs = normalisePreferences(values.communications_preference);
  if (!sameList(prefs, normalisePreferences(customer.communications_preference))) {
    body.communications_preferences = [...values.communications_preference];
    changed = true;
  }
  if (values.cloud_storage_provider !== cloudDriveOf(customer.cloud_storage_provider)) {
    body.cloud_storage_provider = values.cloud_storage_provider;
    changed = true;
  }
  return changed ? body : null;
}

/** The server's names (POST and PUT) for the form's fields. */
const SERVER_PATHS: Record<string, string> = {
  new_customer_name: 'name',
  customer_email: 'email',
  customer_phone: 'phone',
  new_customer_address: 'postcode',
  'new_customer_address.postcode': 'postcode',
  communications_preferences: 'communications_preference',
};

/** A server field error's path as the form's field name ("new_customer_address.address_lines.1" is "address_lines.1"). */
export function formFieldOf(path: string): string {
  if (SERVER_PATHS[path]) return SERVER_PATHS[path];
  const line = /^(?:new_customer_address\.)?address_lines\.(\d+)/.exec(path);
  if (line) return `address_lines.${line[1]}`;
  if (path === 'new_customer_address.town') return 'town';
  if (path === 'new_customer_address.address_lines') return 'address_lines.0';
  if (/^communications_preferences?\.\d+$/.test(path)) return 'communications_preference';
  return path;
}

/** The server's field errors renamed to the form's fields. */
export function toFormFieldErrors(fields: readonly ApiFieldError[]): ApiFieldError[] {
  return fields.map((f) => ({ path: formFieldOf(f.path), message: f.message }));
}
