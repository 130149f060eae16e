import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import {
  CHANNEL_LABELS,
  canSeeBalance,
  type DeliverRequestParsed,
  formatPounds,
  formatUkDateTime,
  LETTER_STATUS,
  LETTERHEAD_MESSAGES,
  MONEY_MESSAGES,
  SCHEDULED_PREFIX,
  scheduledRunAt,
} from '@lp/domain';
import type pg from 'pg';
import { type AuthContext, actorName } from '../../platform/access.js';
import type { BlobStore } from '../../platform/blobs.js';
import { AppError } from '../../platform/errors.js';
import { needsApproval, requestApproval } from '../approvals/index.js';
import { appendInsert, applyLetterhead, loadInsert, loadLetterhead } from '../letterheads/index.js';
import { findLetter } from '../letters/index.js';
import { hold, readBalance } from '../money/index.js';
import {
  assertDeliverable,
  companyPreferences,
  LETTER_FOR_DELIVERY,
  type LetterForDelivery,
  letterCustomer,
  type PrinterOffer,
  planDelivery,
} from './price.js';
import type { DeliveryProviders } from './providers.js';
import { setLetterStatus, syncLetter } from './sync-letter.js';

export const DELIVER_TASK = 'deliver_letter';

/** Queues the hand-over of a delivery at `runAt` (now when null); one job per delivery, in the caller's transaction. */
export async function queueDelivery(q: pg.ClientBase, deliveryId: string, runAt: Date | null): Promise<void> {
  // A delivery due at a time goes before work queued earlier (a burst of uploads or of immediate
  // deliveries): the queue takes jobs by priority, then by run_at (bench/delivery.mjs measured 24 s
  // of lateness behind 400 queued deliveries without it).
  await q.query(
    'select graphile_worker.add_job($1, $2::json, run_at => $3, max_attempts => $4, job_key => $5, priority => $6)',
    [DELIVER_TASK, JSON.stringify({ deliveryId }), runAt, 6, `deliver:${deliveryId}`, runAt ? -10 : 0],
  );
}

export interface DeliverResult {
  uuid: string;
  delivery_id: string;
  state: 'sending' | 'scheduled' | 'in_review';
  status: string;
  message: string;
  total_pence: number;
  scheduled_for: string | null;
}

/** The status a scheduled letter shows: "Delivery scheduled for: 24.11.26 | 09:30 AM" (UK time). */
export const scheduledStatus = (at: Date) => `${SCHEDULED_PREFIX}${formatUkDateTime(at)}`;

/** The print partners a delivery may go through: the live one, and the sandbox a test key's letters go to. */
export interface Printers {
  live: PrinterOffer;
  test: PrinterOffer;
}

/** The printers of the configured providers (a PrintProvider says its partner and services). */
export const printersOf = (providers: DeliveryProviders): Printers => ({
  live: providers.print,
  test: providers.test.print,
});

/**
 * A test key's delivery, or a test key's letter, runs every check and approval but goes to the
 * sandboxes and costs nothing.
 */
export const isTestDelivery = (letter: Pick<LetterForDelivery, 'test_mode'>, auth: AuthContext): boolean =>
  letter.test_mode || auth.apiKey?.mode === 'test';

/** The printer a delivery of this letter by this caller goes through. */
export const printerFor = (
  printers: Printers,
  letter: Pick<LetterForDelivery, 'test_mode'>,
  auth: AuthContext,
): PrinterOffer => (isTestDelivery(letter, auth) ? printers.test : printers.live);

/**
 * Starts a delivery (part 1 section 5 and 7, decision 0016), all in one transaction: checks the
 * letter and the request, prices each channel and holds its price on the balance (the member's
 * monthly cap counts it now), then either asks a supervisor (send_letter flagged for approval),
 * schedules it, or queues it now. Nothing is held or sent when any check fails.
 */
export async function deliverLetter(
  q: pg.ClientBase,
  auth: AuthContext,
  r: DeliverRequestParsed,
  publicUrl: string,
  blobs: BlobStore,
  printers: Printers | null = null,
  now = Date.now(),
): Promise<DeliverResult> {
  const letter = await findLetter<LetterForDelivery>(q, auth, r.uuid, LETTER_FOR_DELIVERY, { forUpdate: true });
  if (!letter) throw new AppError('NOT_FOUND');
  const when = scheduledRunAt(r, now);
  if (when.problem)
    throw new AppError('VALIDATION_FAILED', when.problem, [
      { path: 'scheduled_delivery_date_time', message: when.problem },
    ]);
  const open = await q.query('select 1 from letter_deliveries where letter_id = $1 and state in ($2, $3, $4)', [
    letter.id,
    'in_review',
    'scheduled',
    'sending',
  ]);
  if (open.rowCount)
    throw new AppError('CONFLICT', 'This letter already has a delivery on its way, scheduled or in review.');
  assertDeliverable(letter);
  const { prefs, companyName } = await companyPreferences(q, auth.accountId);
  const insert = r.insert_id ? await loadInsert(q, auth.accountId, r.insert_id) : null;
  const test = isTestDelivery(letter, auth);
  const { options, priced, total } = planDelivery(
    letter,
    r,
    prefs,
    publicUrl,
    await letterCustomer(q, letter),
    companyName,
    insert,
    printers ? printerFor(printers, letter, auth) : null,
  );
  if (test) options.test = true;

  const id = randomUUID();
  if (r.letterhead) {
    // The file sent carries the letterhead; it is made now, so the proof, the printer, the email
    // and the cloud link all have the same one.
    const head = await loadLetterhead(q, blobs, auth.accountId, r.letterhead);
    if (!head)
      throw new AppError('VALIDATION_FAILED', LETTERHEAD_MESSAGES.missing(r.letterhead), [
        { path: 'letterhead', message: LETTERHEAD_MESSAGES.missing(r.letterhead) },
      ]);
    const placement = r.letterhead_placement ?? 'first_page';
    const composed = await applyLetterhead(await buffer(blobs.read(letter.blob_key)), head, placement);
    const fileKey = `letters/${auth.accountId}/${letter.id}-delivery-${id}.pdf`;
    await blobs.put(fileKey, Readable.from(Buffer.from(composed)));
    options.letterhead = { kind: r.letterhead, placement };
    options.fileKey = fileKey;
  }
  if (options.mail?.insert && insert) {
    // The printer's file: the letter (with its letterhead) and the insert behind it, made now, so a
    // later change or deletion of the insert does not change what this delivery posts. Email and
    // links keep the letter alone.
    const letterFile = await buffer(blobs.read(options.fileKey ?? letter.blob_key));
    const withInsert = await appendInsert(
      letterFile,
      await buffer(blobs.read(insert.blob_key)),
      options.mail.duplex ?? true,
    );
    const mailKey = `letters/${auth.accountId}/${letter.id}-delivery-${id}-mail.pdf`;
    await blobs.put(mailKey, Readable.from(Buffer.from(withInsert.pdf)));
    options.mail.fileKey = mailKey;
    options.mail.pages = withInsert.pages;
  }
  const review = needsApproval(auth.row, 'send_letter');
  const runAt = when.at === null ? null : new Date(when.at);
  const state: DeliverResult['state'] = review ? 'in_review' : runAt ? 'scheduled' : 'sending';
  await q.query(
    `insert into letter_deliveries (id, account_id, letter_id, requested_by, requester_name, requester_email, state,
       previous_status, scheduled_for, total_pence, options)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
    [
      id,
      auth.accountId,
      letter.id,
      auth.userId,
      actorName(auth),
      auth.row.email,
      state,
      letter.status,
      runAt,
      total,
      JSON.stringify(options),
    ],
  );
  const actor = { userId: auth.userId, name: actorName(auth), email: auth.row.email };
  // The answer names the delivery's total (each channel's hold below is the binding check).
  const { available } = await readBalance(q, auth.accountId);
  const mayShowBalance = canSeeBalance(auth.row.restrict_balance, auth.abilities);
  if (!test && available < total)
    throw new AppError(
      'INSUFFICIENT_FUNDS',
      MONEY_MESSAGES.insufficientFunds(total, mayShowBalance ? Math.max(0, available) : null),
    );
  for (const p of priced)
    await q.query('insert into letter_delivery_channels (delivery_id, channel, price_pence) values ($1, $2, $3)', [
      id,
      p.channel,
      p.pence,
    ]);
  const channelNames =
    options.channels.map((c) => CHANNEL_LABELS[c]).join(', ') +
    (test ? ' (test key: sandboxes only, not charged)' : '');
  let status: string;
  if (state === 'in_review') {
    const approvalId = await requestApproval(q, auth, {
      task: 'send_letter',
      entityType: 'letter_delivery',
      entityId: id,
      payload: { letter_id: letter.id, letter_name: letter.name, total_pence: total },
      description: `${actorName(auth)} asks to deliver "${letter.name}" by ${channelNames.toLowerCase()} (${formatPounds(total)})${runAt ? ` on ${formatUkDateTime(runAt)}` : ''}.`,
    });
    await q.query('update letter_deliveries set approval_id = $2 where id = $1', [id, approvalId]);
    status = LETTER_STATUS.inReview;
    await setLetterStatus(
      q,
      { id: letter.id, accountId: auth.accountId },
      status,
      `Waiting for a supervisor: ${channelNames}`,
      options.channels,
    );
  } else if (state === 'scheduled') {
    status = scheduledStatus(runAt!);
    await setLetterStatus(q, { id: letter.id, accountId: auth.accountId }, status, channelNames, options.channels);
    await queueDelivery(q, id, runAt);
  } else {
    status = await syncLetter(q, id, channelNames);
    await queueDelivery(q, id, null);
  }
  // The holds come last: the company's balance row stays locked from the first hold to the commit,
  // so concurrent deliveries of one company wait on it as briefly as possible (bench/delivery.mjs).
  for (const p of priced) {
    if (p.pence === 0 || test) continue; // a free channel (cloud storage), or a test, holds nothing
    const h = await hold(q, {
      accountId: auth.accountId,
      key: `delivery:${id}:${p.channel}`,
      amount: p.pence,
      description: `${CHANNEL_LABELS[p.channel]}: ${letter.name}`,
      actor,
      serviceId: letter.id,
      reference: id,
      canSeeBalance: mayShowBalance,
    });
    await q.query('update letter_delivery_channels set hold_id = $3 where delivery_id = $1 and channel = $2', [
      id,
      p.channel,
      h.id,
    ]);
  }
  return {
    uuid: letter.id,
    delivery_id: id,
    state,
    status,
    message: 'OK',
    total_pence: total,
    scheduled_for: runAt?.toISOString() ?? null,
  };
}
