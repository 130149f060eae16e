/**
 * Webhooks (issue 26 item 4, decision 0029): the events a company's endpoints can be told about,
 * the rules their URLs follow and what the Developers section says, defined once for the server
 * and the web.
 */

/** Every event an endpoint can subscribe to, in the order the form lists them. */
export const WEBHOOK_EVENT_TYPES = [
  'letter.analysed',
  'letter.status_changed',
  'delivery.channel_updated',
  'parcel.status_changed',
  'payment.succeeded',
  'balance.low',
  'approval.requested',
  'approval.decided',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** One line on each event, for the form and the OpenAPI document. */
export const WEBHOOK_EVENT_DESCRIPTIONS: Record<WebhookEventType, string> = {
  'letter.analysed': 'A letter came out of analysis: ready to deliver, or refused with the reason.',
  'letter.status_changed': "A letter's status changed (scheduled, sending, delivered, cancelled...).",
  'delivery.channel_updated': 'One channel of a delivery (post, email, text message, cloud link) moved on.',
  'parcel.status_changed': "A parcel's status or its carrier's tracking status changed.",
  'payment.succeeded': 'A card top-up was paid and credited to the balance.',
  'balance.low': 'The balance available to spend fell below the low-balance mark.',
  'approval.requested': "A member's action waits for a supervisor's approval.",
  'approval.decided': 'A supervisor approved or denied a request.',
};

export function isWebhookEventType(value: string): value is WebhookEventType {
  return (WEBHOOK_EVENT_TYPES as readonly string[]).includes(value);
}

/** The available balance (pence) under which `balance.low` is sent, once each time it is crossed: £10. */
export const LOW_BALANCE_PENCE = 1000;

/** The longest endpoint URL accepted. */
export const WEBHOOK_URL_MAX = 2000;
/** How many endpoints one company may have. */
export const WEBHOOK_ENDPOINTS_MAX = 20;

/**
 * When a failed delivery is tried again, in ms after the previous attempt (Standard Webhooks'
 * suggested schedule: at once, 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h, then every 10 h) until
 * WEBHOOK_RETRY_FOR_MS after the first attempt.
 */
export const WEBHOOK_RETRY_SCHEDULE_MS = [
  0,
  5_000,
  5 * 60_000,
  30 * 60_000,
  2 * 3_600_000,
  5 * 3_600_000,
  10 * 3_600_000,
  10 * 3_600_000,
] as const;
/** A delivery is retried for 3 days; an endpoint failing for 3 days without a success is switched off. */
export const WEBHOOK_RETRY_FOR_MS = 3 * 24 * 3_600_000;

export const WEBHOOK_MESSAGES = {
  urlInvalid: 'Enter a full URL, such as https://example.com/webhooks/letterpost.',
  urlTooLong: `A URL is at most ${WEBHOOK_URL_MAX} characters.`,
  urlScheme: (allowed: string) => `The URL must start with ${allowed}.`,
  urlCredentials: 'The URL must not contain a user name or password; put the secret check in your receiver.',
  urlPrivate: 'The URL must point to a public internet address, not a private, loopback or link-local one.',
  eventUnknown: (e: string) => `${e} is not a webhook event.`,
  eventsEmpty: 'Choose at least one event.',
  tooMany: `A company can have at most ${WEBHOOK_ENDPOINTS_MAX} webhook endpoints.`,
  disabledReason: 'Every delivery failed for 3 days; switched off.',
  resendQueued: 'The event will be sent again in a moment.',
  enabled: 'The endpoint is switched on again.',
} as const;

/** What the Webhooks part of the Developers section says. */
export const WEBHOOKS_TEXT = {
  heading: 'Webhooks',
  intro:
    'Webhooks tell your programs what happened: we send a signed JSON POST (Standard Webhooks: webhook-id, webhook-timestamp, webhook-signature) to each endpoint for the events it chose, and retry for up to 3 days when it does not answer 2xx.',
  tableLabel: 'Webhook endpoints',
  none: 'No webhook endpoints yet.',
  add: 'Add endpoint',
  addTitle: 'Add a webhook endpoint',
  url: 'Endpoint URL',
  urlHelp: 'Only https URLs on the public internet are accepted in production.',
  eventsLegend: 'Events to send',
  cancel: 'Cancel',
  addSubmit: 'Add endpoint',
  secretTitle: 'Your endpoint’s signing secret',
  secretWarning: 'Copy this secret now and use it to verify signatures: it will not be shown again.',
  secretLabel: 'Signing secret',
  copy: 'Copy',
  copied: 'Secret copied.',
  done: 'Done',
  delete: 'Delete',
  deleteConfirm: (url: string) => `Delete the endpoint ${url}? It receives no more events.`,
  deleted: 'Endpoint deleted.',
  enable: 'Switch on',
  statusEnabled: 'Enabled',
  statusDisabled: 'Switched off',
  attempts: 'Attempts',
  attemptsTitle: (url: string) => `Delivery attempts to ${url}`,
  attemptsNone: 'Nothing sent yet.',
  attemptsLabel: 'Delivery attempts',
  resend: 'Resend',
  resent: 'Queued to be sent again.',
  more: 'Show older attempts',
  close: 'Close',
  noResponse: 'No response',
  columns: ['URL', 'Events', 'Status', 'Created', 'Actions'],
  attemptColumns: ['Time', 'Event', 'Response', 'Attempt', 'Duration', 'Actions'],
} as const;
