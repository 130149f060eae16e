import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import {
  ADDRESS_SHEET_LAYOUT,
  ADDRESS_WINDOWS,
  BARCODE_SPACE,
  canSeeBalance,
  DELIVERY_MESSAGES,
  deliverRequestSchema,
  LETTER_STATUS,
  normalisePostcode,
  priceEmail,
  priceSms,
  toE164UK,
} from '@lp/domain';
import type { AuthContext } from '../../platform/access.js';
import { inTransaction } from '../../platform/db/transaction.js';
import { AppError, type FieldError } from '../../platform/errors.js';
import { pdfLib, StandardFonts } from '../../platform/pdf.js';
import { addressSheetPdf, createLetter } from '../letters/index.js';
import { actorOf, capture, hold, release } from '../money/index.js';
import { deliverLetter, printersOf } from './deliver.js';
import type { DeliveryDeps } from './run-delivery.js';

/**
 * /testComms (part 1 sections 2 and 7): "Send yourself an email/SMS" sends through the same
 * providers as a delivery, to the signed-in user's own address and the number given, charged at
 * the list price (held, then captured once the provider took it, released when it did not).
 * "Post Letter" makes a one-page test letter addressed as given and delivers it by mail like any
 * letter, so it shows in the letters list with its statuses.
 */
export async function sendYourself(
  deps: DeliveryDeps,
  auth: AuthContext,
  body: { subject?: string; message_to_recipient?: string; recipient_phone_number?: string; sms_text?: string },
) {
  const wantsEmail = !!(body.subject?.trim() || body.message_to_recipient?.trim());
  const wantsSms = !!(body.recipient_phone_number?.trim() || body.sms_text?.trim());
  if (!wantsEmail && !wantsSms) throw new AppError('VALIDATION_FAILED', DELIVERY_MESSAGES.nothingToSend);
  const fields: FieldError[] = [];
  let to: string | null = null;
  if (wantsSms) {
    to = toE164UK(body.recipient_phone_number ?? '');
    if (!body.recipient_phone_number?.trim())
      fields.push({ path: 'recipient_phone_number', message: DELIVERY_MESSAGES.phoneRequired });
    else if (!to) fields.push({ path: 'recipient_phone_number', message: DELIVERY_MESSAGES.phoneNotMobile });
    if (!body.sms_text?.trim()) fields.push({ path: 'sms_text', message: DELIVERY_MESSAGES.smsTextRequired });
  }
  if (fields.length) throw new AppError('VALIDATION_FAILED', fields[0]!.message, fields);
  const id = randomUUID();
  const actor = actorOf(auth);
  let charged = 0;
  const attempt = async (channel: string, pence: number, send: () => Promise<unknown>) => {
    const h = await inTransaction(deps.pool, (q) =>
      hold(q, {
        accountId: auth.accountId,
        key: `test-comms:${id}:${channel}`,
        amount: pence,
        description: `Test ${channel}`,
        actor,
        reference: id,
        canSeeBalance: canSeeBalance(auth.row.restrict_balance, auth.abilities),
      }),
    );
    try {
      await send();
    } catch (error) {
      await inTransaction(deps.pool, (q) => release(q, { accountId: auth.accountId, holdId: h.id }));
      throw new AppError('UNAVAILABLE', `The test ${channel} could not be sent: ${(error as Error).message}`);
    }
    await inTransaction(deps.pool, (q) => capture(q, { accountId: auth.accountId, holdId: h.id }));
    charged += pence;
  };
  if (wantsEmail) {
    const subject = body.subject?.trim() || 'Test email from LetterPost';
    const text = body.message_to_recipient?.trim() || 'This is a test email.';
    await attempt('email', priceEmail(), () =>
      deps.providers.mailer.send({ to: auth.row.email, subject, text, html: `<p>${escapeHtml(text)}</p>` }),
    );
  }
  if (wantsSms && to) {
    const text = body.sms_text!.trim();
    await attempt('text message', priceSms(text), () =>
      deps.providers.sms.send({ to: to!, body: text, statusCallbackUrl: null, idempotencyKey: `test-comms:${id}` }),
    );
  }
  return { message: 'OK', email: wantsEmail, sms: wantsSms, charged_pence: charged };
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);

export async function postTestLetter(
  deps: DeliveryDeps,
  auth: AuthContext,
  body: {
    is_premium: boolean;
    is_colour: boolean;
    recipient: { name: string; address_lines: string[]; postcode: string };
  },
) {
  const name = body.recipient.name.trim();
  const lines = body.recipient.address_lines.map((l) => l.trim()).filter(Boolean);
  const postcode = normalisePostcode(body.recipient.postcode);
  const { PDFDocument } = await pdfLib();
  const sheet = await PDFDocument.load(await addressSheetPdf(name, [...lines, postcode]));
  const page = sheet.getPage(0);
  const font = await sheet.embedFont(StandardFonts.Helvetica);
  const mm = 72 / 25.4;
  [
    'Test letter',
    '',
    'This letter was sent from the Test communications page of LetterPost',
    'to try printing and posting. No action is needed.',
  ].forEach((text, i) => {
    page.drawText(text, { x: 25 * mm, y: (297 - 120 - i * 6) * mm, size: i === 0 ? 14 : 11, font });
  });
  const pdf = await sheet.save();
  const id = randomUUID();
  const key = `letters/${auth.accountId}/${id}.pdf`;
  const size = await deps.blobs.put(key, Readable.from(Buffer.from(pdf)));
  const { left, top, pitch } = ADDRESS_SHEET_LAYOUT;
  const addressHeight = (lines.length + 2) * pitch;
  const layout = {
    window: ADDRESS_WINDOWS.DL,
    address: { x: left, y: top, width: 90, height: addressHeight },
    barcode: { x: left, y: top + addressHeight + 1, ...BARCODE_SPACE },
    intrusions: [],
  };
  return inTransaction(deps.pool, async (q) => {
    await createLetter(q, {
      id,
      accountId: auth.accountId,
      creatorId: auth.userId,
      name: 'Test letter.pdf',
      status: LETTER_STATUS.analysisComplete,
      numPages: 1,
      recipientNameSnapshot: name,
      recipientAddressSnapshot: [...lines, postcode],
      postcode,
      blobKey: key,
      sizeBytes: size,
      layout,
      reason: 'Test letter made on the Test communications page',
    });
    const r = await deliverLetter(
      q,
      auth,
      deliverRequestSchema.parse({
        uuid: id,
        preference_overrides: ['mail'],
        is_premium: body.is_premium,
        is_colour: body.is_colour,
      }),
      deps.publicUrl,
      deps.blobs,
      printersOf(deps.providers),
    );
    return { uuid: id, status: r.status, state: r.state, message: DELIVERY_MESSAGES.testLetterPosted };
  });
}
