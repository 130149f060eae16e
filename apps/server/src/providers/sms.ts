import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { isSmsStatus, type SmsStatus } from '@lp/domain';
import { SandboxWork } from './sandbox-work.js';

/**
 * The text message provider: Twilio's Messages API when an account is configured, the built-in
 * sandbox otherwise. Both speak Twilio's shapes: a message is created with a form POST and its
 * statuses come back as form-encoded callbacks signed with X-Twilio-Signature, so one callback
 * route serves both. Numbers must already be E.164 (toE164UK in @lp/domain).
 */

export type { SmsStatus };

export interface SmsStatusEvent {
  /** The message's id (Twilio's MessageSid). */
  id: string;
  status: SmsStatus;
  /** Twilio's error code (30003: unreachable handset, 30005: unknown handset...), null when none. */
  errorCode: string | null;
}

export interface SmsProvider {
  readonly name: 'sandbox' | 'twilio';
  /** Hands a message to the provider; throws SmsSendError. */
  send(input: {
    to: string;
    body: string;
    statusCallbackUrl: string | null;
    idempotencyKey: string;
  }): Promise<{ id: string; status: SmsStatus }>;
  /**
   * Checks a status callback's X-Twilio-Signature and reads it. `url` must be the callback URL
   * exactly as given to send (the public one, with its query string); `params` the form fields.
   * Throws SmsSignatureError when it is not genuine, SmsCallbackError when genuine but unreadable.
   */
  verifyCallback(input: { url: string; params: Record<string, string>; signature: string | undefined }): SmsStatusEvent;
}

export class SmsSignatureError extends Error {}

/** A genuine callback this module cannot read (no MessageSid, an unknown status). */
export class SmsCallbackError extends Error {}

export class SmsSendError extends Error {
  constructor(
    message: string,
    /** True when retrying cannot help (an invalid number, an opted-out recipient, bad credentials). */
    readonly permanent: boolean,
    /** Twilio's error code, null for network failures. */
    readonly code: string | null = null,
    /** The HTTP status, null when there was no answer. */
    readonly httpStatus: number | null = null,
    /** True when the message may have been created all the same (a timeout or a dropped connection). */
    readonly maybeSent = false,
  ) {
    super(message);
  }
}

/** X-Twilio-Signature: base64(HMAC-SHA1(authToken, url + each param name and value, in sorted name order)). */
export function twilioSignature(authToken: string, url: string, params: Record<string, string>): string {
  const hmac = createHmac('sha1', authToken).update(url, 'utf8');
  for (const name of Object.keys(params).sort()) hmac.update(name, 'utf8').update(params[name] ?? '', 'utf8');
  return hmac.digest('base64');
}

/** Statuses Twilio also reports, read as the nearest of ours. */
const STATUS_ALIASES: Record<string, SmsStatus> = {
  accepted: 'queued', // a Messaging Service took it
  scheduled: 'queued',
  read: 'delivered', // WhatsApp-style read receipts
  canceled: 'failed',
};

function readStatus(value: unknown): SmsStatus | null {
  if (isSmsStatus(value)) return value;
  return typeof value === 'string' ? (STATUS_ALIASES[value] ?? null) : null;
}

const SID = /^[A-Za-z0-9]{2,64}$/;

/** Verifies a Twilio-scheme callback and reads MessageSid, MessageStatus and ErrorCode. */
export function verifyTwilioCallback(
  authToken: string,
  input: { url: string; params: Record<string, string>; signature: string | undefined },
): SmsStatusEvent {
  const { url, params, signature } = input;
  if (!signature) throw new SmsSignatureError('No signature.');
  // A SHA-1 digest is 20 bytes: 28 base64 characters.
  if (!/^[A-Za-z0-9+/]{27}=$/.test(signature)) throw new SmsSignatureError('Malformed signature.');
  const expected = Buffer.from(twilioSignature(authToken, url, params), 'base64');
  const given = Buffer.from(signature, 'base64');
  if (given.length !== expected.length || !timingSafeEqual(given, expected))
    throw new SmsSignatureError('The signature does not match.');
  const id = params.MessageSid ?? params.SmsSid;
  if (!id || !SID.test(id)) throw new SmsCallbackError('The callback has no MessageSid.');
  const status = readStatus(params.MessageStatus ?? params.SmsStatus);
  if (!status) throw new SmsCallbackError(`Unknown message status ${JSON.stringify(params.MessageStatus)}.`);
  const code = params.ErrorCode?.trim();
  return { id, status, errorCode: code && /^\d{1,10}$/.test(code) ? code : null };
}

/** Readable messages for the Twilio errors a sender meets (https://www.twilio.com/docs/api/errors). */
export const TWILIO_ERRORS: Record<number, string> = {
  20003: 'The text message service refused our credentials.',
  20429: 'The text message service is busy; the message will be tried again.',
  21211: 'The phone number is not valid.',
  21408: 'Text messages cannot be sent to this country.',
  21606: 'The sending number cannot send text messages.',
  21610: 'The recipient has replied STOP and no longer accepts text messages.',
  21612: 'Text messages cannot be sent to this number.',
  21614: 'The phone number is not a mobile number.',
  21602: 'The text message is empty.',
  21617: 'The text message is too long.',
  30003: 'The phone is switched off or out of reach.',
  30005: 'The phone number does not exist.',
};

/** An error from Twilio's JSON ({ code, message, more_info, status }) or its HTTP status alone. */
function sendError(httpStatus: number, body: unknown): SmsSendError {
  const b = (body ?? {}) as { code?: unknown; message?: unknown };
  const code = typeof b.code === 'number' || typeof b.code === 'string' ? Number(b.code) : null;
  // 4xx is our request's fault and will fail again, except rate limits (429) and request timeouts (408).
  const permanent = httpStatus >= 400 && httpStatus < 500 && httpStatus !== 429 && httpStatus !== 408;
  const readable =
    (code !== null && TWILIO_ERRORS[code]) ||
    (permanent
      ? `The text message service refused the message${typeof b.message === 'string' ? `: ${b.message.slice(0, 200)}` : '.'}`
      : 'The text message service is unavailable; the message will be tried again.');
  return new SmsSendError(
    readable,
    permanent,
    code !== null && Number.isFinite(code) ? String(code) : null,
    httpStatus,
  );
}

/** Twilio's Messages API (2010-04-01) over global fetch. */
export function createTwilioSmsProvider(opts: {
  accountSid: string;
  authToken: string;
  /** A sending number (E.164 or an alphanumeric sender id), or a Messaging Service SID (MG...). */
  from: string;
  baseUrl?: string;
  timeoutMs?: number;
}): SmsProvider {
  const base = (opts.baseUrl ?? 'https://api.twilio.com').replace(/\/+$/, '');
  const endpoint = `${base}/2010-04-01/Accounts/${encodeURIComponent(opts.accountSid)}/Messages.json`;
  const authorization = `Basic ${Buffer.from(`${opts.accountSid}:${opts.authToken}`).toString('base64')}`;
  const viaService = /^MG[0-9a-fA-F]{32}$/.test(opts.from);
  const timeoutMs = opts.timeoutMs ?? 10_000;
  return {
    name: 'twilio',
    async send({ to, body, statusCallbackUrl, idempotencyKey }) {
      const form = new URLSearchParams({ To: to, Body: body });
      form.set(viaService ? 'MessagingServiceSid' : 'From', opts.from);
      if (statusCallbackUrl) form.set('StatusCallback', statusCallbackUrl);
      let res: Response;
      try {
        res = await fetch(endpoint, {
          method: 'POST',
          headers: {
            authorization,
            'content-type': 'application/x-www-form-urlencoded',
            accept: 'application/json',
            // Not a documented idempotency feature of the Messages API: retries must not rely on it.
            'I-Twilio-Idempotency-Token': idempotencyKey,
          },
          body: form.toString(),
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch (err) {
        const timedOut = err instanceof Error && err.name === 'TimeoutError';
        throw new SmsSendError(
          timedOut
            ? 'The text message service did not answer in time.'
            : 'The text message service could not be reached.',
          false,
          null,
          null,
          true,
        );
      }
      let json: unknown = null;
      try {
        json = await res.json();
      } catch {
        json = null;
      }
      if (res.status !== 200 && res.status !== 201) throw sendError(res.status, json);
      const m = (json ?? {}) as { sid?: unknown; status?: unknown };
      const status = readStatus(m.status);
      if (typeof m.sid !== 'string' || !SID.test(m.sid) || !status)
        throw new SmsSendError('The text message service gave an unreadable answer.', false, null, res.status, true);
      return { id: m.sid, status };
    },
    verifyCallback(input) {
      return verifyTwilioCallback(opts.authToken, input);
    },
  };
}

export type SmsCallbackSink = (url: string, params: Record<string, string>, signature: string) => Promise<number>;

export interface SandboxSmsOptions {
  /** Each send answers after up to this many ms (0: at once). */
  latencyMs: number;
  /** The share of messages that end undelivered (0 to 1). */
  failureRate: number;
  /** The token its callbacks are signed with (verifyCallback checks it). */
  authToken: string;
  /** Where its callbacks go: our callback route. Without it, no callbacks are sent. */
  deliver?: SmsCallbackSink;
  /** Each callback follows the previous one after up to this many ms. */
  callbackDelayMs?: number;
  /** The share of messages with one callback posted a second time, after the last (Twilio may). */
  duplicateRate?: number;
  /** The sending number shown in callbacks. */
  from?: string;
}

export interface SandboxSmsProvider extends SmsProvider {
  /** The messages it has accepted, oldest first (tests). */
  sent(): readonly { id: string; to: string; body: string; idempotencyKey: string }[];
  /** Resolves when every callback in flight has been delivered (tests). */
  settled(): Promise<void>;
  /** Stops posting callbacks. */
  close(): void;
}

/**
 * A documented test number: any number ending in 0000 always fails (ErrorCode 30005, unknown
 * handset), as Twilio's magic test numbers do. +447700900000 is in Ofcom's drama range.
 */
export const SANDBOX_FAILING_SUFFIX = '0000';

const E164 = /^\+[1-9]\d{6,14}$/;

/**
 * The built-in text message provider: Twilio's behaviour without the network. It answers after a
 * realistic latency with status 'queued' and then posts signed callbacks in Twilio's form shape:
 * queued, sent, delivered; or undelivered (30003/30005) at failureRate; or failed for the test
 * numbers. Like Twilio it has no idempotency: two sends are two messages. Sometimes a callback
 * arrives twice, the copy after the final status.
 */
export function createSandboxSmsProvider(opts: SandboxSmsOptions): SandboxSmsProvider {
  const accountSid = `AC${'0'.repeat(32)}`;
  const from = opts.from ?? '+447700900001';
  const callbackDelayMs = opts.callbackDelayMs ?? 20;
  const duplicateRate = opts.duplicateRate ?? 0.1;
  const log: { id: string; to: string; body: string; idempotencyKey: string }[] = [];
  const work = new SandboxWork();

  function plan(to: string): { status: SmsStatus; errorCode: string | null }[] {
    if (to.endsWith(SANDBOX_FAILING_SUFFIX))
      return [
        { status: 'queued', errorCode: null },
        { status: 'failed', errorCode: '30005' },
      ];
    if (Math.random() < opts.failureRate)
      return [
        { status: 'queued', errorCode: null },
        { status: 'sent', errorCode: null },
        { status: 'undelivered', errorCode: Math.random() < 0.5 ? '30003' : '30005' },
      ];
    return [
      { status: 'queued', errorCode: null },
      { status: 'sent', errorCode: null },
      { status: 'delivered', errorCode: null },
    ];
  }

  function callbacks(id: string, to: string, url: string, sink: SmsCallbackSink) {
    const steps = plan(to);
    if (Math.random() < duplicateRate) {
      const copy = steps[Math.floor(Math.random() * steps.length)];
      if (copy) steps.push(copy);
    }
    work.track(
      (async () => {
        for (const step of steps) {
          await work.jitter(callbackDelayMs);
          if (work.closed) return;
          const params: Record<string, string> = {
            AccountSid: accountSid,
            ApiVersion: '2010-04-01',
            From: from,
            To: to,
            MessageSid: id,
            SmsSid: id,
            MessageStatus: step.status,
            SmsStatus: step.status,
          };
          if (step.errorCode) params.ErrorCode = step.errorCode;
          try {
            await sink(url, params, twilioSignature(opts.authToken, url, params));
          } catch {
            // Twilio does not retry a status callback that fails; neither does the sandbox.
          }
        }
      })(),
    );
  }

  return {
    name: 'sandbox',
    async send({ to, body, statusCallbackUrl, idempotencyKey }) {
      await work.jitter(opts.latencyMs);
      if (!E164.test(to)) throw new SmsSendError("The 'To' number is not a valid phone number.", true, '21211', 400);
      if (body.length === 0) throw new SmsSendError('The text message is empty.', true, '21602', 400);
      if (body.length > 1600) throw new SmsSendError('The text message is too long.', true, '21617', 400);
      const id = `SMsb${randomBytes(15).toString('hex')}`;
      log.push({ id, to, body, idempotencyKey });
      if (statusCallbackUrl && opts.deliver && !work.closed) callbacks(id, to, statusCallbackUrl, opts.deliver);
      return { id, status: 'queued' };
    },
    verifyCallback(input) {
      return verifyTwilioCallback(opts.authToken, input);
    },
    sent() {
      return log;
    },
    settled: () => work.settled(),
    close: () => work.close(),
  };
}
