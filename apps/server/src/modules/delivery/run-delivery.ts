import { buffer } from 'node:stream/consumers';
import {
  CHANNEL_LABELS,
  classService,
  countryName,
  countryOfLine,
  type DeliveryChannel,
  formatUkDateTime,
  LETTER_SERVICE_LABELS,
  smsBody,
} from '@lp/domain';
import type pg from 'pg';
import type { BlobStore } from '../../platform/blobs.js';
import type { Narrow } from '../../platform/db/row.js';
import type { AccountRow, LetterDeliveryChannelRow, LetterDeliveryRow, LetterRow } from '../../platform/db/rows.js';
import { inTransaction } from '../../platform/db/transaction.js';
import { PrintSubmitError } from '../../providers/print.js';
import { SmsSendError } from '../../providers/sms.js';
import { capture, release } from '../money/index.js';
import { fileLetterForCustomer } from '../storage/index.js';
import { emitChannelUpdated } from './channel-event.js';
import { createCloudLink } from './cloud-links.js';
import type { DeliveryOptions } from './price.js';
import { channelProviders, type DeliveryProviders } from './providers.js';
import { syncLetter } from './sync-letter.js';

export interface DeliveryDeps {
  pool: pg.Pool;
  blobs: BlobStore;
  providers: DeliveryProviders;
  secret: string;
  publicUrl: string;
}

type Claimed = Narrow<
  Pick<LetterDeliveryRow, 'id' | 'account_id' | 'letter_id' | 'options' | 'requester_name' | 'requester_email'>,
  { options: DeliveryOptions }
> &
  Pick<LetterRow, 'blob_key' | 'recipient_name_snapshot' | 'recipient_address_snapshot' | 'postcode'> & {
    letter_name: LetterRow['name'];
    num_pages: number | null; // num_pages::int
    company_name: AccountRow['name'];
    reply_to_email: AccountRow['reply_to_email'];
  };

/** A hand-over that failed: `permanent` when trying again cannot help. */
class HandOverError extends Error {
  constructor(
    message: string,
    readonly permanent: boolean,
  ) {
    super(message);
  }
}

interface HandedOver {
  provider: string;
  providerId: string | null;
  providerStatus: string | null;
  recipient: string | null;
  /** Email and cloud links are done when handed over; mail and text messages wait for callbacks. */
  done: boolean;
  note: string;
  /** Mail by a tracked service: Royal Mail's number. */
  trackingNumber?: string | null;
}

/**
 * Where a recipient's reply goes: the company's reply-to address when the owner set one in /company,
 * else the member who asked for the delivery (a delivery of an automation has no member).
 */
function emailReplyTo(d: Claimed): { name: string; address: string } | null {
  if (d.reply_to_email) return { name: d.company_name, address: d.reply_to_email };
  if (d.requester_email) return { name: d.requester_name || d.company_name, address: d.requester_email };
  return null;
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);

/**
 * The delivery job (decision 0016). Takes the delivery with a compare-and-set (scheduled → sending):
 * a cancel that committed first leaves nothing to take, and a cancel after it finds nothing to
 * cancel. Then each waiting channel is handed to its provider and its hold captured in the same
 * transaction that records the hand-over; a channel the provider refuses is failed and its hold
 * released. A provider that does not answer is retried by the queue (with backoff); on the last
 * attempt the channel fails. Channels already handed over are never handed over again.
 */
export async function runDelivery(deps: DeliveryDeps, deliveryId: string, isLastAttempt: boolean): Promise<void> {
  const { pool } = deps;
  const claimed = await inTransaction(pool, async (q) => {
    const taken = await q.query(
      `update letter_deliveries set state = 'sending', updated_at = now()
        where id = $1 and state = 'scheduled' and (scheduled_for is null or scheduled_for <= now() + interval '2 seconds')`,
      [deliveryId],
    );
    const { rows } = await q.query<Claimed & Pick<LetterDeliveryRow, 'state'>>(
      `select d.id, d.account_id, d.letter_id, d.options, d.state, d.requester_name, d.requester_email,
              l.name as letter_name, l.blob_key,
              l.num_pages::int as num_pages, l.recipient_name_snapshot, l.recipient_address_snapshot, l.postcode,
              a.name as company_name, a.reply_to_email
         from letter_deliveries d join letters l on l.id = d.letter_id join accounts a on a.id = d.account_id
        where d.id = $1`,
      [deliveryId],
    );
    const d = rows[0];
    if (d?.state !== 'sending') return null;
    if (taken.rowCount) await syncLetter(q, deliveryId, 'Delivery started');
    return d;
  });
  if (!claimed) return;
  const { rows: waiting } = await pool.query<Pick<LetterDeliveryChannelRow, 'channel' | 'hold_id'>>(
    `select channel, hold_id from letter_delivery_channels where delivery_id = $1 and state = 'queued' order by channel`,
    [deliveryId],
  );
  let retry: Error | null = null;
  for (const ch of waiting) {
    let outcome: HandedOver;
    try {
      outcome = await handOver(deps, claimed, ch.channel);
    } catch (error) {
      const e = toHandOverError(error);
      if (!e.permanent && !isLastAttempt) {
        retry = e;
        continue;
      }
      await inTransaction(pool, async (q) => {
        const changed = await q.query(
          `update letter_delivery_channels set state = 'failed', reason = $3, updated_at = now()
            where delivery_id = $1 and channel = $2 and state = 'queued'`,
          [deliveryId, ch.channel, e.message],
        );
        if (!changed.rowCount) return;
        if (ch.hold_id)
          await release(q, {
            accountId: claimed.account_id,
            holdId: ch.hold_id,
            description: `Not delivered (${CHANNEL_LABELS[ch.channel].toLowerCase()}): ${claimed.letter_name}`,
          });
        await syncLetter(q, deliveryId, `${CHANNEL_LABELS[ch.channel]} failed: ${e.message}`);
        await emitChannelUpdated(q, claimed.account_id, deliveryId, ch.channel);
      });
      continue;
    }
    await inTransaction(pool, async (q) => {
      const changed = await q.query(
        `update letter_delivery_channels set state = $3, provider = $4, provider_id = $5, provider_status = $6,
                recipient = $7, tracking_number = coalesce(tracking_number, $8), updated_at = now()
          where delivery_id = $1 and channel = $2 and state = 'queued'`,
        [
          deliveryId,
          ch.channel,
          outcome.done ? 'succeeded' : 'handed_over',
          outcome.provider,
          outcome.providerId,
          outcome.providerStatus,
          outcome.recipient,
          outcome.trackingNumber ?? null,
        ],
      );
      if (!changed.rowCount) return;
      if (ch.hold_id) {
        const entry = await capture(q, { accountId: claimed.account_id, holdId: ch.hold_id });
        await q.query(
          'update letter_delivery_channels set capture_entry_id = $3 where delivery_id = $1 and channel = $2',
          [deliveryId, ch.channel, entry.id],
        );
      }
      await syncLetter(q, deliveryId, outcome.note);
      await emitChannelUpdated(q, claimed.account_id, deliveryId, ch.channel);
    });
  }
  // The queue tries again later for the channels whose provider did not answer.
  if (retry) throw retry;
}

function toHandOverError(error: unknown): HandOverError {
  if (error instanceof HandOverError) return error;
  if (error instanceof PrintSubmitError) return new HandOverError(error.message, error.permanent);
  if (error instanceof SmsSendError) return new HandOverError(error.message, error.permanent);
  const e = error as { responseCode?: number; message?: string };
  // SMTP: 5xx is a refusal for good (no such mailbox, message refused); anything else may pass later.
  if (typeof e?.responseCode === 'number')
    return new HandOverError(
      `The mail server refused the email: ${e.message ?? e.responseCode}`,
      e.responseCode >= 500,
    );
  return new HandOverError(e?.message ?? 'The provider did not answer.', false);
}

async function handOver(deps: DeliveryDeps, d: Claimed, channel: DeliveryChannel): Promise<HandedOver> {
  const { blobs } = deps;
  const providers = channelProviders(deps.providers, d.options.test === true);
  const link = async (ch: string) =>
    inTransaction(deps.pool, (q) =>
      createCloudLink(
        q,
        { secret: deps.secret, publicUrl: deps.publicUrl },
        {
          accountId: d.account_id,
          letterId: d.letter_id,
          deliveryId: d.id,
          channel: ch,
          days: d.options.cloudLinkDays,
        },
      ),
    );
  switch (channel) {
    case 'mail': {
      const mail = d.options.mail!;
      const postService = mail.postService ?? classService(mail.service);
      const duplex = mail.duplex ?? true;
      // The printer's file: with the insert behind the letter when one was chosen (made at request time).
      const pdf = await buffer(blobs.read(mail.fileKey ?? d.options.fileKey ?? d.blob_key));
      let lines = (d.recipient_address_snapshot ?? []).filter((l) => l !== d.postcode);
      // Abroad, the country is the partner's country field, not an address line.
      if (mail.country && lines.length > 1 && countryOfLine(lines.at(-1)!) === mail.country) lines = lines.slice(0, -1);
      const sent = await providers.print.submit({
        pdf,
        pages: mail.pages ?? d.num_pages ?? 1,
        color: mail.color,
        service: mail.service,
        postService,
        country: mail.country ?? 'GB',
        duplex,
        insertSheets: mail.insert?.sheets ?? 0,
        reference: d.id,
        idempotencyKey: `delivery:${d.id}:mail`,
        recipient: { name: d.recipient_name_snapshot ?? '', lines, postcode: d.postcode ?? '' },
      });
      const how = [
        LETTER_SERVICE_LABELS[postService],
        mail.color ? 'colour' : 'black and white',
        ...(duplex ? [] : ['one side']),
        ...(mail.insert ? [`with ${mail.insert.name}`] : []),
      ].join(', ');
      return {
        provider: providers.print.name,
        providerId: sent.id,
        providerStatus: sent.status,
        recipient: [d.recipient_name_snapshot, ...lines, d.postcode, mail.country ? countryName(mail.country) : null]
          .filter(Boolean)
          .join(', '),
        done: false,
        trackingNumber: sent.trackingNumber,
        note: `Mail: with the printer (${how})${sent.trackingNumber ? `, tracking number ${sent.trackingNumber}` : ''}`,
      };
    }
    case 'email': {
      const email = d.options.email!;
      const company = d.company_name;
      const subject = email.subject || `A letter from ${company}`;
      const intro = email.message || `Please find a letter from ${company}.`;
      // The email names the company whatever the message says, and says where a reply goes.
      const replyTo = emailReplyTo(d);
      const footer = `Sent by ${company} with LetterPost.${replyTo ? ` Reply to this email to reach ${company}.` : ''}`;
      let text: string;
      let html: string;
      let attachments: Array<{ filename: string; content: Buffer; contentType: string }> | undefined;
      if (email.asLink) {
        const { url, expiresAt } = await link('email');
        const until = formatUkDateTime(expiresAt);
        text = `${intro}\n\nRead the letter from ${company}: ${url}\n(The link works until ${until}.)\n\n${footer}\n`;
        html = `<p>${escapeHtml(intro).replace(/\n/g, '<br>')}</p><p><a href="${escapeHtml(url)}">Read the letter from ${escapeHtml(company)}</a> (the link works until ${escapeHtml(until)}).</p><p>${escapeHtml(footer)}</p>`;
      } else {
        const filename = `${d.letter_name.replace(/\.(pdf|docx)$/i, '')}.pdf`;
        attachments = [
          {
            filename,
            content: await buffer(blobs.read(d.options.fileKey ?? d.blob_key)),
            contentType: 'application/pdf',
          },
        ];
        text = `${intro}\n\nThe letter from ${company} is attached as a PDF (${filename}).\n\n${footer}\n`;
        html = `<p>${escapeHtml(intro).replace(/\n/g, '<br>')}</p><p>The letter from ${escapeHtml(company)} is attached as a PDF (${escapeHtml(filename)}).</p><p>${escapeHtml(footer)}</p>`;
      }
      const sent = await providers.mailer.send({
        to: email.to,
        fromName: `${company} via LetterPost`,
        ...(replyTo ? { replyTo } : {}),
        subject,
        text,
        html,
        attachments,
      });
      return {
        provider: providers.mailer.kind,
        providerId: sent.id,
        providerStatus: 'sent',
        recipient: email.to,
        done: true,
        note: `Email: sent to ${email.to}${email.asLink ? ' as a link' : ' with the letter attached'}`,
      };
    }
    case 'sms': {
      const sms = d.options.sms!;
      const { url } = await link('sms');
      const sent = await providers.sms.send({
        to: sms.to,
        body: smsBody(sms.text, url, sms.replyTo),
        statusCallbackUrl: deps.providers.smsCallbackUrl,
        idempotencyKey: `delivery:${d.id}:sms`,
      });
      return {
        provider: providers.sms.name,
        providerId: sent.id,
        providerStatus: sent.status,
        recipient: sms.to,
        done: false,
        note: `Text message: sent to ${sms.to}`,
      };
    }
    case 'cloud_storage': {
      const filed = await inTransaction(deps.pool, (q) => fileLetterForCustomer(q, d.letter_id));
      if (!filed) throw new HandOverError('The letter has no customer, so it has no cloud storage folder.', true);
      return {
        provider: 'storage',
        providerId: filed.itemId,
        providerStatus: 'filed',
        recipient: filed.folderName,
        done: true,
        note: `Cloud storage: filed in ${filed.folderName}'s folder`,
      };
    }
    case 'cloud_link': {
      const { expiresAt } = await link('cloud_link');
      return {
        provider: 'cloud',
        providerId: null,
        providerStatus: 'created',
        recipient: null,
        done: true,
        note: `Cloud link: created, works until ${formatUkDateTime(expiresAt)}`,
      };
    }
  }
}
