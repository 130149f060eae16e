import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  countryZone,
  isPrintStatus,
  isSignedService,
  LETTER_SERVICES,
  type LetterService,
  POST_SERVICE_MESSAGES,
  type PrintStatus,
  priceLetterPost,
  printStatusRank,
  RETURN_REASONS,
  s10CheckDigit,
  serviceRefusal,
} from '@lp/domain';
import { SandboxWork } from './sandbox-work.js';
import { signaturePng } from './signature-png.js';

/**
 * The print-and-post partner (Stannp's letters API when a key is configured, the built-in sandbox
 * otherwise). Both speak Stannp's statuses and its webhook shape, so one webhook route serves both.
 *
 * Stannp's documentation (stannp.com/uk/direct-mail-api/letters and …/webhooks), as confirmed:
 * - POST {base}/v1/letters/create, HTTP basic auth with the API key as user and an empty password,
 *   form fields test, file (binary, URL or base64), duplex (default true), clearzone,
 *   post_unverified, tags, addons, idempotency_key and recipient[title|firstname|lastname|company|
 *   address1|address2|address3|town|postcode|country]; answers { success, data: { id, created,
 *   format, cost: "0.76" (pounds, a string), status, pdf } }. An idempotent repeat (identical body)
 *   answers the original body with HTTP 409.
 * - Mail class: second class is the default; `addons=FIRST_CLASS` upgrades to first class.
 * - GET {base}/v1/letters/get/{id} answers { success, data: { id, timestamp, status, … } }.
 * - POST {base}/v1/letters/cancel with `id`, only before production starts.
 * - Webhooks: { webhook_id, event: 'mailpiece_status', created: 'YYYY-MM-DD HH:MM:SS', retries,
 *   mailpieces: [mailpiece objects] }, signed in the X-Stannp-Signature header with an HMAC-SHA256
 *   of the raw body and the webhook's secret.
 *
 * Our assumptions where the documentation is silent (check against a live account):
 * - the signature is the lowercase hex digest (no prefix, no timestamp);
 * - a webhook carries no event id, so ours is `webhook_id:mailpiece id:status:created` (stable across
 *   Stannp's retries, whose `retries` counter changes the body);
 * - a 409 with `success: true` is the original letter (idempotent repeat); a 409 otherwise is refused;
 * - cancel answers { success: true } when cancelled and success:false (or 4xx) when too late;
 * - get answers 404 or success:false for an unknown id;
 * - `colour` is not a letters/create field (Stannp prints what the PDF holds); we send nothing for it;
 * - the status 'test' (a test-mode letter) counts as 'received'.
 *
 * Issue 28 (decision 0037): Stannp documents one class add-on (FIRST_CLASS), `duplex`, and the
 * recipient's `country` (its international letters); it documents no Signed For, Special Delivery
 * or International Tracked add-on for letters, so its client refuses those services before
 * anything is sent or charged. Tracking fields in a webhook's mailpiece (tracking_number,
 * description, location, return_reason, signature { name, signed_at, image }) are read when a
 * partner sends them: the sandbox does, as Royal Mail's tracking reports them.
 */

export type { PrintStatus } from '@lp/domain';

export interface PrintEvent {
  eventId: string;
  /** The partner's letter id. */
  id: string;
  status: PrintStatus;
  at: Date;
  /** A tracked service's number (Royal Mail's S10: two letters, 9 digits, GB). */
  trackingNumber?: string;
  /** Royal Mail's words for the event, and where it happened. */
  description?: string;
  location?: string;
  /** Why a returned letter came back (RETURN_REASONS' codes, or the carrier's words). */
  returnReason?: string;
  /** Who signed for it, when, and the signature as an image (PNG) when the carrier gives one. */
  signature?: { name: string; at: Date; imagePng: Buffer | null };
}

export interface PrintSubmitInput {
  pdf: Buffer;
  pages: number;
  color: boolean;
  /** The class (1st: premium, 2nd: standard) the service travels at. */
  service: 'premium' | 'standard';
  /** The Royal Mail service asked for. */
  postService: LetterService;
  /** ISO 3166-1 alpha-2 code of the recipient's country (GB for the UK). */
  country: string;
  duplex: boolean;
  /** Sheets of an insert appended to the file (0 without one): already in `pdf` and `pages`. */
  insertSheets: number;
  /** Ours (shown in the partner's reporting as a tag). */
  reference: string;
  idempotencyKey: string;
  recipient: { name: string; lines: string[]; postcode: string };
}

export interface PrintProvider {
  readonly name: 'sandbox' | 'stannp';
  /** The partner as a user reads it ("Stannp"), and the Royal Mail services it carries. */
  readonly partner: string;
  readonly services: readonly LetterService[];
  submit(
    input: PrintSubmitInput,
  ): Promise<{ id: string; status: PrintStatus; costPence: number | null; trackingNumber: string | null }>;
  get(id: string): Promise<{ id: string; status: PrintStatus } | null>;
  /** True when cancelled; false when it is too late (production started) or unknown. */
  cancel(id: string): Promise<boolean>;
  /** Checks the signature on the raw body and reads the event; throws PrintWebhookError when it is not genuine. */
  verifyWebhook(rawBody: Buffer, signature: string | undefined): PrintEvent;
}

/** A letter the partner did not take. `message` can be shown to the user; `permanent` says a retry will not help. */
export class PrintSubmitError extends Error {
  constructor(
    message: string,
    readonly permanent: boolean,
  ) {
    super(message);
    this.name = 'PrintSubmitError';
  }
}

export class PrintWebhookError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PrintWebhookError';
  }
}

/** The header Stannp puts the signature in. */
export const PRINT_SIGNATURE_HEADER = 'x-stannp-signature';

export function signPrintWebhook(secret: string, rawBody: Buffer | string): string {
  return createHmac('sha256', secret).update(rawBody).digest('hex');
}

/** Throws PrintWebhookError unless `signature` is the hex HMAC-SHA256 of the raw body (constant-time compare). */
export function verifyPrintSignature(secret: string, rawBody: Buffer, signature: string | undefined): void {
  const given = signature?.trim().toLowerCase();
  if (!given) throw new PrintWebhookError('No signature.');
  if (!/^[0-9a-f]{64}$/.test(given)) throw new PrintWebhookError('Malformed signature.');
  const expected = createHmac('sha256', secret).update(rawBody).digest();
  if (!timingSafeEqual(Buffer.from(given, 'hex'), expected))
    throw new PrintWebhookError('The signature does not match.');
}

function toStatus(value: unknown): PrintStatus | null {
  const s = typeof value === 'string' ? value.trim().toLowerCase() : '';
  if (s === 'test') return 'received';
  return isPrintStatus(s) ? s : null;
}

/** Stannp's times: ISO 8601, or 'YYYY-MM-DD HH:MM:SS' (taken as UTC: our assumption). */
function toDate(value: unknown): Date | null {
  if (typeof value !== 'string') return null;
  const iso = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/.test(value) ? `${value.replace(' ', 'T')}Z` : value;
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? null : d;
}

/**
 * Reads a verified webhook body (Stannp's shape) into events, one per mailpiece. verifyWebhook
 * returns the first; a route that wants every mailpiece of a batched delivery can call this.
 */
export function parsePrintWebhook(rawBody: Buffer): PrintEvent[] {
  let body: unknown;
  try {
    body = JSON.parse(rawBody.toString('utf8'));
  } catch {
    throw new PrintWebhookError('The event is not JSON.');
  }
  const b = body as { webhook_id?: unknown; event?: unknown; created?: unknown; mailpieces?: unknown };
  if (b === null || typeof b !== 'object') throw new PrintWebhookError('The event is not an object.');
  if (b.event !== 'mailpiece_status') throw new PrintWebhookError(`Not a mailpiece event: ${String(b.event)}.`);
  const created = toDate(b.created);
  if (!created) throw new PrintWebhookError('The event has no time.');
  if (!Array.isArray(b.mailpieces) || b.mailpieces.length === 0)
    throw new PrintWebhookError('The event has no letters.');
  const word = /^[\w.-]{1,100}$/;
  return b.mailpieces.map((m: Record<string, unknown> | null) => {
    const id = m && (typeof m.id === 'string' || typeof m.id === 'number') ? String(m.id) : '';
    if (!word.test(id)) throw new PrintWebhookError('A letter in the event has no id.');
    const status = toStatus(m?.status);
    if (!status) throw new PrintWebhookError(`Unknown letter status: ${String(m?.status)}.`);
    const at = toDate(m?.timestamp) ?? created;
    const event: PrintEvent = {
      eventId: `${String(b.webhook_id ?? '0')}:${id}:${status}:${created.toISOString()}`,
      id,
      status,
      at,
    };
    const tracking = text(m?.tracking_number, 40);
    if (tracking && /^[A-Z0-9]{8,40}$/.test(tracking)) event.trackingNumber = tracking;
    const description = text(m?.description, 200);
    if (description) event.description = description;
    const location = text(m?.location, 120);
    if (location) event.location = location;
    const reason = text(m?.return_reason, 200);
    if (reason) event.returnReason = reason;
    const sig = m?.signature as { name?: unknown; signed_at?: unknown; image?: unknown } | null | undefined;
    const signer = text(sig?.name, 100);
    if (sig && signer) {
      const image =
        typeof sig.image === 'string' && sig.image.length < 200_000 ? Buffer.from(sig.image, 'base64') : null;
      const png = image?.subarray(0, 8).equals(PNG_MAGIC) ? image : null;
      event.signature = { name: signer, at: toDate(sig.signed_at) ?? at, imagePng: png };
    }
    return event;
  });
}

const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** A string field of a webhook, trimmed, without control characters, at most `max` characters; else null. */
function text(value: unknown, max: number): string | null {
  if (typeof value !== 'string') return null;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
  const clean = value.replace(/[\u0000-\u001f\u007f]/g, ' ').trim();
  return clean ? clean.slice(0, max) : null;
}

function costToPence(cost: unknown): number | null {
  const n = typeof cost === 'number' ? cost : typeof cost === 'string' && cost.trim() ? Number(cost) : Number.NaN;
  return Number.isFinite(n) && n >= 0 ? Math.round(n * 100) : null;
}

/** Splits our address lines into Stannp's fields: the last line is the town, up to three before it. */
function recipientFields(r: PrintSubmitInput['recipient'], country: string): Record<string, string> {
  const lines = r.lines.map((l) => l.trim()).filter(Boolean);
  const town = lines.length > 1 ? lines.pop()! : '';
  const fields: Record<string, string> = {
    'recipient[firstname]': '',
    'recipient[lastname]': r.name.trim(),
    'recipient[town]': town,
    'recipient[postcode]': r.postcode.trim(),
    'recipient[country]': country,
  };
  // Stannp has address1-3; anything beyond joins the third line.
  const [a1 = '', a2 = '', ...rest] = lines;
  fields['recipient[address1]'] = a1;
  fields['recipient[address2]'] = a2;
  fields['recipient[address3]'] = rest.join(', ');
  return fields;
}

/** The services Stannp's letters API documents (decision 0037). */
export const STANNP_SERVICES: readonly LetterService[] = ['first_class', 'second_class', 'international_standard'];

export interface StannpOptions {
  apiKey: string;
  baseUrl?: string;
  webhookSecret: string;
  /** Stannp's test mode: a sample PDF and the cost, nothing printed or charged. */
  test?: boolean;
  timeoutMs?: number;
}

export function createStannpPrintProvider(opts: StannpOptions): PrintProvider {
  const base = (opts.baseUrl ?? 'https://api-eu1.stannp.com').replace(/\/+$/, '');
  const auth = `Basic ${Buffer.from(`${opts.apiKey}:`).toString('base64')}`;
  const timeoutMs = opts.timeoutMs ?? 30_000;

  async function call(
    method: 'GET' | 'POST',
    path: string,
    body?: FormData,
  ): Promise<{ status: number; json: { success?: unknown; error?: unknown; data?: Record<string, unknown> } | null }> {
    let res: Response;
    try {
      res = await fetch(`${base}${path}`, {
        method,
        headers: { authorization: auth, accept: 'application/json' },
        body,
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      const timedOut = (error as Error).name === 'TimeoutError';
      throw new PrintSubmitError(
        timedOut
          ? 'The printing service did not answer in time. We will try again.'
          : 'The printing service could not be reached. We will try again.',
        false,
      );
    }
    const text = await res.text().catch(() => '');
    let json = null;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {
      json = null;
    }
    return { status: res.status, json };
  }

  function refusal(json: { error?: unknown } | null, fallback: string): string {
    const error = typeof json?.error === 'string' && json.error.trim() ? json.error.trim().slice(0, 300) : null;
    return error ? `The printing service refused the letter: ${error}` : fallback;
  }

  return {
    name: 'stannp',
    partner: 'Stannp',
    services: STANNP_SERVICES,
    async submit(input) {
      // Stannp documents 1st and 2nd class and international letters; nothing else is sent to it.
      if (!STANNP_SERVICES.includes(input.postService))
        throw new PrintSubmitError(POST_SERVICE_MESSAGES.notOffered(input.postService, 'Stannp'), true);
      const form = new FormData();
      form.set('test', opts.test ? 'true' : 'false');
      form.set('file', new Blob([new Uint8Array(input.pdf)], { type: 'application/pdf' }), `${input.reference}.pdf`);
      form.set('duplex', input.duplex ? 'true' : 'false');
      // Our PDFs keep the Mailmark clear zone free of ink; Stannp's white overlay is a safety net.
      form.set('clearzone', 'true');
      // The address was checked when the letter was written; do not let Stannp hold it back silently.
      form.set('post_unverified', 'true');
      form.set('tags', input.reference);
      form.set('idempotency_key', input.idempotencyKey);
      // Second class is Stannp's default; first class is the FIRST_CLASS add-on. A letter abroad
      // goes by Stannp's international post, chosen by the recipient's country.
      if (input.postService === 'first_class') form.set('addons', 'FIRST_CLASS');
      for (const [k, v] of Object.entries(recipientFields(input.recipient, input.country))) form.set(k, v);

      const { status, json } = await call('POST', '/v1/letters/create', form);
      const ok = json?.success === true && json.data && (status < 300 || status === 409);
      if (ok) {
        const id = json.data?.id;
        if (typeof id !== 'string' && typeof id !== 'number')
          throw new PrintSubmitError('The printing service answered without a letter id. We will try again.', false);
        return {
          id: String(id),
          status: toStatus(json.data?.status) ?? 'received',
          costPence: costToPence(json.data?.cost),
          trackingNumber: null,
        };
      }
      if (status >= 500 || status === 429)
        throw new PrintSubmitError('The printing service is having trouble. We will try again.', false);
      if (status === 401 || status === 403)
        throw new PrintSubmitError('The printing service did not accept our credentials.', true);
      throw new PrintSubmitError(refusal(json, 'The printing service refused the letter.'), true);
    },
    async get(id) {
      const { status, json } = await call('GET', `/v1/letters/get/${encodeURIComponent(id)}`);
      if (status === 404 || (status < 500 && json?.success === false)) return null;
      if (status >= 300 || json?.success !== true || !json.data)
        throw new Error(`the printing service answered ${status} for letter ${id}`);
      const s = toStatus(json.data.status);
      if (!s) throw new Error(`the printing service gave letter ${id} an unknown status: ${String(json.data.status)}`);
      return { id: String(json.data.id ?? id), status: s };
    },
    async cancel(id) {
      const form = new FormData();
      form.set('id', id);
      const { status, json } = await call('POST', '/v1/letters/cancel', form);
      if (status >= 500) throw new Error(`the printing service answered ${status} to cancel letter ${id}`);
      return status < 300 && json?.success === true;
    },
    verifyWebhook(rawBody, signature) {
      verifyPrintSignature(opts.webhookSecret, rawBody, signature);
      return parsePrintWebhook(rawBody)[0]!;
    },
  };
}

export interface SandboxPrintOptions {
  /** Each call answers after up to this many ms. */
  latencyMs: number;
  /** The share of letters that come back 'returned' instead of 'delivered'. */
  failureRate: number;
  webhookSecret: string;
  /** Where its webhooks go (our route); answers the HTTP status. Without it, no events are sent. */
  deliver?: (rawBody: Buffer, signature: string) => Promise<number>;
  /** The pause between two status changes (default 20 ms: compressed from Stannp's days). */
  stepMs?: number;
  /** How long a letter waits as 'received' (the cancel window) before production starts (default 200 ms). */
  productionDelayMs?: number;
  /** The share of events sent twice (default 0.2). */
  duplicateRate?: number;
  /** The share of status changes whose events are sent in swapped order (default 0.2). */
  reorderRate?: number;
  /** Random numbers in [0, 1) (tests make them predictable). */
  random?: () => number;
}

export interface SandboxPrintProvider extends PrintProvider {
  /** Resolves when every letter has reached its end and every event has been delivered. */
  settled(): Promise<void>;
  close(): void;
}

/** Stannp refuses files over this many pages (the reference page gives 64 for UK letters; we stay below). */
export const SANDBOX_MAX_PAGES = 50;

/** Royal Mail-style prefixes of the sandbox's tracking numbers (the sandbox's choice; decision 0037). */
const TRACKING_PREFIX: Partial<Record<LetterService, string>> = {
  signed_for_first: 'KF',
  signed_for_second: 'KG',
  special_delivery: 'ZV',
  international_tracked: 'LX',
};

/** A tracking number in Royal Mail's format: two letters, an 8-digit serial, its S10 check digit, GB. */
export function sandboxTrackingNumber(service: LetterService, random: () => number): string | null {
  const prefix = TRACKING_PREFIX[service];
  if (!prefix) return null;
  const serial = String(Math.floor(random() * 100_000_000)).padStart(8, '0');
  return `${prefix}${serial}${s10CheckDigit(serial)}GB`;
}

/** What Royal Mail's tracking says at each status (the sandbox's events). */
const TRACKING_WORDS: Partial<Record<PrintStatus, { description: string; location: string }>> = {
  handed_over: { description: 'Item received by Royal Mail', location: 'Bristol Mail Centre' },
  local_delivery: { description: 'Item out for delivery', location: 'Local delivery office' },
  delivered: { description: 'Item delivered', location: 'Recipient address' },
  returned: { description: 'Item returned to sender', location: 'Bristol Mail Centre' },
};

/** The name a postman writes under a signature: the initial and the surname ("S. O'Brien"). */
function signerName(name: string): string {
  const words = name
    .trim()
    .split(/\s+/)
    .filter((w) => !/^(mr|mrs|ms|miss|dr|prof)\.?$/i.test(w));
  if (words.length === 0) return 'Recipient';
  if (words.length === 1) return words[0]!;
  return `${words[0]![0]!.toUpperCase()}. ${words.at(-1)!}`;
}

interface SandboxLetter {
  status: PrintStatus;
  reference: string;
  service: LetterService;
  trackingNumber: string | null;
  recipientName: string;
}

export function createSandboxPrintProvider(options: SandboxPrintOptions): SandboxPrintProvider {
  const letters = new Map<string, SandboxLetter>();
  const random = options.random ?? Math.random;
  const work = new SandboxWork(random);
  const stepMs = options.stepMs ?? 20;
  const productionDelayMs = options.productionDelayMs ?? 200;
  const duplicateRate = options.duplicateRate ?? 0.2;
  const reorderRate = options.reorderRate ?? 0.2;
  let webhookId = 0;

  function body(id: string, status: PrintStatus, at: Date, extra: Record<string, unknown> = {}): Buffer {
    const created = at.toISOString().slice(0, 19).replace('T', ' ');
    return Buffer.from(
      JSON.stringify({
        webhook_id: ++webhookId,
        event: 'mailpiece_status',
        created,
        retries: 0,
        mailpieces: [{ id, type: 'letter', status, timestamp: created, country: 'GB', ...extra }],
      }),
    );
  }

  /** The tracking fields of an event: the number, Royal Mail's words, the return reason, the signature. */
  function tracking(letter: SandboxLetter, status: PrintStatus, at: Date, returnReason: string | null) {
    const extra: Record<string, unknown> = {};
    if (letter.trackingNumber) {
      extra.tracking_number = letter.trackingNumber;
      const words = TRACKING_WORDS[status];
      if (words) Object.assign(extra, words);
    }
    if (status === 'returned' && returnReason) extra.return_reason = returnReason;
    if (status === 'delivered' && isSignedService(letter.service)) {
      const name = signerName(letter.recipientName);
      extra.signature = {
        name,
        signed_at: at.toISOString(),
        image: signaturePng(name).toString('base64'),
      };
    }
    return extra;
  }

  async function send(raw: Buffer) {
    const deliver = options.deliver;
    if (!deliver) return;
    // Retried with backoff until our route answers 2xx, at least 25 ms at first whatever the step:
    // an event can overtake the hand-over's commit (the letter not known yet), and with 5 ms steps
    // four tries (75 ms) were too few on a loaded machine, so a Signed For letter lost its first
    // tracking event. Eight tries span about 6 s.
    await work.post(() => deliver(raw, signPrintWebhook(options.webhookSecret, raw)), 8, Math.max(stepMs, 25));
  }

  /** Moves a letter along Stannp's path, sending each change (sometimes twice, sometimes two swapped). */
  async function progress(id: string) {
    const returned = random() < options.failureRate;
    const reasons = Object.keys(RETURN_REASONS);
    const returnReason = returned ? reasons[Math.floor(random() * reasons.length)]! : null;
    const path: PrintStatus[] = returned
      ? ['producing', 'handed_over', 'returned']
      : ['producing', 'handed_over', 'local_delivery', 'delivered'];
    const held: Buffer[] = [];
    for (let i = 0; i < path.length; i++) {
      await sleep(i === 0 ? productionDelayMs : stepMs);
      const letter = letters.get(id);
      if (work.closed || !letter || letter.status === 'cancelled') return;
      const next = path[i]!;
      if (printStatusRank(next) > printStatusRank(letter.status)) letter.status = next;
      const now = new Date();
      const raw = body(id, next, now, tracking(letter, next, now, returnReason));
      const copies = random() < duplicateRate ? 2 : 1;
      // Out of order: hold this event back and send it after the next one.
      if (held.length === 0 && i < path.length - 1 && random() < reorderRate) {
        for (let c = 0; c < copies; c++) held.push(raw);
        continue;
      }
      for (let c = 0; c < copies; c++) await send(raw);
      for (const h of held.splice(0)) await send(h);
    }
    for (const h of held.splice(0)) await send(h);
  }

  return {
    name: 'sandbox',
    partner: 'the print sandbox',
    services: LETTER_SERVICES,
    async submit(input) {
      await work.jitter(options.latencyMs);
      if (input.pdf.subarray(0, 5).toString('latin1') !== '%PDF-')
        throw new PrintSubmitError('The printing service refused the letter: the file is not a PDF.', true);
      if (input.pages > SANDBOX_MAX_PAGES)
        throw new PrintSubmitError(
          `The printing service refused the letter: it has ${input.pages} pages, and at most ${SANDBOX_MAX_PAGES} can be posted.`,
          true,
        );
      if (!/^[A-Z]{2}$/.test(input.country))
        throw new PrintSubmitError('The printing service refused the letter: the country is not a country code.', true);
      // Like Royal Mail: a UK service goes to a UK address, an international one abroad.
      const refusal = serviceRefusal(input.postService, input.country === 'GB' ? null : input.country);
      if (refusal) throw new PrintSubmitError(`The printing service refused the letter: ${refusal}`, true);
      const id = `sb_${randomBytes(8).toString('hex')}`;
      const trackingNumber = sandboxTrackingNumber(input.postService, random);
      letters.set(id, {
        status: 'received',
        reference: input.reference,
        service: input.postService,
        trackingNumber,
        recipientName: input.recipient.name,
      });
      if (!work.closed) work.track(progress(id));
      // The partner's cost: our price list's figure for what was asked (the sandbox's defaults are
      // Stannp's and Royal Mail's published prices, decision 0037).
      const costPence = priceLetterPost({
        pages: input.pages,
        service: input.postService,
        color: input.color,
        duplex: input.duplex,
        zone: countryZone(input.country),
      }).total;
      return { id, status: 'received', costPence, trackingNumber };
    },
    async get(id) {
      await work.jitter(options.latencyMs);
      const letter = letters.get(id);
      return letter ? { id, status: letter.status } : null;
    },
    async cancel(id) {
      await work.jitter(options.latencyMs);
      const letter = letters.get(id);
      // Like Stannp: only before production starts.
      if (letter?.status !== 'received') return false;
      letter.status = 'cancelled';
      work.track(send(body(id, 'cancelled', new Date())));
      return true;
    },
    verifyWebhook(rawBody, signature) {
      verifyPrintSignature(options.webhookSecret, rawBody, signature);
      return parsePrintWebhook(rawBody)[0]!;
    },
    settled: () => work.settled(),
    close: () => work.close(),
  };
}
