import { buffer } from 'node:stream/consumers';
import {
  bulkDeliverRequestSchema,
  CHANNEL_STATES,
  CLOUD_LINK_REVOKERS,
  classService,
  cloudLinkPrefix,
  countryName,
  countryZone,
  DELIVERY_CHANNELS,
  DELIVERY_MESSAGES,
  DELIVERY_STATES,
  deliverRequestSchema,
  expectedDelivery,
  INTERNATIONAL_LETTER_SERVICES,
  isUkPostcodeFormat,
  LETTER_SERVICES,
  LETTERHEAD_KINDS,
  LETTERHEAD_MESSAGES,
  LETTERHEAD_PLACEMENTS,
  POST_ZONES,
  templateValues,
  UK_LETTER_SERVICES,
} from '@lp/domain';
import { z } from 'zod';
import type { AuthContext } from '../../platform/access.js';
import type { LeftJoined, Narrow } from '../../platform/db/row.js';
import type { CloudLinkRow, LetterDeliveryChannelRow, LetterDeliveryRow, LetterRow } from '../../platform/db/rows.js';
import { inTransaction } from '../../platform/db/transaction.js';
import { AppError } from '../../platform/errors.js';
import { publish } from '../../platform/events.js';
import { type App, errorSchema, fileResponse } from '../../platform/http.js';
import { applyLetterhead, loadInsert, loadLetterhead } from '../letterheads/index.js';
import { findLetter } from '../letters/index.js';
import { readBalance } from '../money/index.js';
import { handlePrintWebhook, handleSmsCallback, signatureKey } from './callbacks.js';
import { cancelDelivery } from './cancel.js';
import { cloudLinkUrl, openCloudLink, unseal } from './cloud-links.js';
import { deliverLetter, printerFor, printersOf } from './deliver.js';
import { registerMessageRoutes } from './messages.js';
import type { DeliveryOptions } from './price.js';
import {
  assertDeliverable,
  companyPreferences,
  LETTER_FOR_DELIVERY,
  type LetterForDelivery,
  letterCustomer,
  letterTemplateDefaults,
  mailRefusal,
  planDelivery,
} from './price.js';
import { printProof } from './proof.js';
import { revokeCloudLinks } from './revoke-cloud-links.js';
import type { DeliveryDeps } from './run-delivery.js';
import { postTestLetter, sendYourself } from './test-comms.js';

const send = { kind: 'member', anyOf: ['send_letter'] } as const;
const read = { kind: 'member', anyOf: ['see_letters', 'approve'] } as const;
const idParams = z.object({ id: z.string().min(1).max(100) });
const tokenBody = z.strictObject({ token: z.string().min(1).max(100) });

const deliverResult = z.object({
  uuid: z.string(),
  delivery_id: z.string(),
  state: z.enum(['sending', 'scheduled', 'in_review']),
  status: z.string(),
  message: z.string(),
  total_pence: z.number().int(),
  scheduled_for: z.string().nullable(),
});

/** The balance is hidden from members without top_up when the company restricts it (decision 0015). */
const maySeeBalance = (auth: AuthContext) => !(auth.row.restrict_balance && !auth.abilities.has('top_up'));

/** The quote: each channel's price with its lines, the total, the balance after it, the form's defaults. */
const quoteResult = z.object({
  channels: z.array(
    z.object({
      channel: z.enum(DELIVERY_CHANNELS),
      pence: z.number(),
      lines: z.array(z.object({ label: z.string(), pence: z.number() })),
    }),
  ),
  total_pence: z.number(),
  available_pence: z.number().nullable(),
  available_after_pence: z.number().nullable(),
  mail: z.object({
    disabled: z.boolean(),
    reason: z.string().nullable(),
    is_premium: z.boolean(),
    is_colour: z.boolean(),
    /** The Royal Mail service asked for (or the default: the preferences' class, International Standard abroad). */
    mail_service: z.enum(LETTER_SERVICES),
    is_double_sided: z.boolean(),
    /** The recipient's country when abroad (ISO 3166-1 alpha-2), its name and zone; null for the UK. */
    country: z.string().nullable(),
    country_name: z.string().nullable(),
    zone: z.enum(POST_ZONES).nullable(),
    /** The services that can carry this letter (the UK's, or the international ones). */
    services: z.array(z.enum(LETTER_SERVICES)),
  }),
  email_kind: z.enum(['link', 'attachment']),
  /** The letter's customer: the form pre-fills their email and phone. */
  customer: z
    .object({
      customer_uuid: z.string(),
      recipient: z.string(),
      email: z.string().nullable(),
      phone: z.string().nullable(),
      communications_preference: z.array(z.string()),
    })
    .nullable(),
  /**
   * The text message's parts as sent (the text, "Reply to {number}" and the link), in GSM-7 or
   * UCS-2; its price is these parts. Null without a text message.
   */
  sms_parts: z
    .object({
      encoding: z.enum(['GSM-7', 'UCS-2']),
      characters: z.number().int(),
      parts: z.number().int(),
      per_part: z.number().int(),
    })
    .nullable(),
  /** What a text message's link starts with (a token of 43 characters follows): the form counts it. */
  sms_link_prefix: z.string(),
  /** The values {recipient}, {company} and {letter} take for this letter (the request's own win). */
  template_values: z.object({ recipient: z.string().nullable(), company: z.string(), letter: z.string() }),
});

export function registerDeliveryRoutes(app: App, deps: DeliveryDeps) {
  const { pool, blobs, providers } = deps;
  registerMessageRoutes(app, { pool });

  app.post(
    '/api/letters/deliver/quote',
    {
      schema: {
        tags: ['delivery'],
        summary: 'The price of a delivery per channel, the balance after it, and the defaults from the preferences',
        body: deliverRequestSchema,
        response: { 200: quoteResult, 404: errorSchema, 422: errorSchema },
      },
      config: { access: send },
    },
    async (request) => {
      const auth = request.auth!;
      const r = request.body;
      const letter = await findLetter<LetterForDelivery>(pool, auth, r.uuid, LETTER_FOR_DELIVERY);
      if (!letter) throw new AppError('NOT_FOUND');
      const { prefs, companyName } = await companyPreferences(pool, auth.accountId);
      const customer = await letterCustomer(pool, letter);
      const refusal = mailRefusal(letter, prefs, customer);
      // The price of what can be sent: mail is priced only when it can go.
      const asked = { ...r, preference_overrides: r.preference_overrides.filter((c) => c !== 'mail' || !refusal) };
      const insert = r.insert_id ? await loadInsert(pool, auth.accountId, r.insert_id) : null;
      const printer = printerFor(printersOf(providers), letter, auth);
      const { priced, total, options, smsParts } =
        asked.preference_overrides.length > 0
          ? planDelivery(letter, asked, prefs, deps.publicUrl, customer, companyName, insert, printer)
          : { priced: [], total: 0, options: null, smsParts: null };
      const abroad = letter.country && letter.country !== 'GB' ? letter.country : null;
      const values = templateValues(letterTemplateDefaults(letter, companyName, customer), undefined);
      const available = maySeeBalance(auth) ? (await readBalance(pool, auth.accountId)).available : null;
      return {
        channels: priced,
        total_pence: total,
        available_pence: available,
        available_after_pence: available === null ? null : available - total,
        mail: {
          disabled: refusal !== null,
          reason: refusal,
          is_premium: options?.mail ? options.mail.service === 'premium' : prefs.mail.service === 'premium',
          is_colour: options?.mail ? options.mail.color : prefs.mail.print === 'colour',
          mail_service:
            options?.mail?.postService ??
            (abroad ? 'international_standard' : prefs.mail.service === 'premium' ? 'first_class' : 'second_class'),
          is_double_sided: options?.mail?.duplex ?? true,
          country: abroad,
          country_name: abroad ? countryName(abroad) : null,
          zone: countryZone(abroad),
          // Those that can reach the address, and that the print partner carries.
          services: (abroad ? INTERNATIONAL_LETTER_SERVICES : UK_LETTER_SERVICES).filter((s) =>
            printer.services.includes(s),
          ),
        },
        email_kind: prefs.email.kind,
        /** The letter's customer: the form pre-fills their email and phone. */
        customer,
        sms_parts: smsParts
          ? {
              encoding: smsParts.encoding,
              characters: smsParts.characters,
              parts: smsParts.parts,
              per_part: smsParts.perPart,
            }
          : null,
        sms_link_prefix: cloudLinkPrefix(deps.publicUrl),
        template_values: {
          recipient: values.recipient ?? null,
          company: values.company ?? companyName,
          letter: values.letter ?? letter.name,
        },
      };
    },
  );

  app.post(
    '/api/letters/deliver',
    {
      schema: {
        tags: ['delivery'],
        summary: 'Deliver a letter now, at a time, or for a supervisor to approve; its price is held on the balance',
        body: deliverRequestSchema,
        response: {
          201: deliverResult,
          402: errorSchema,
          403: errorSchema,
          404: errorSchema,
          409: errorSchema,
          422: errorSchema,
        },
      },
      config: { access: send },
    },
    async (request, reply) => {
      const auth = request.auth!;
      const result = await inTransaction(pool, (q) =>
        deliverLetter(q, auth, request.body, deps.publicUrl, blobs, printersOf(providers)),
      ).catch(onOpenDelivery);
      return reply.status(201).send(result);
    },
  );

  app.post(
    '/api/letters/deliver/bulk/quote',
    {
      schema: {
        tags: ['delivery'],
        summary:
          'The price of delivering several letters with the same options: the total, the balance after it, and the letters that cannot be sent as asked (nothing is reserved)',
        body: bulkDeliverRequestSchema,
        response: {
          200: z.object({
            letters: z.number().int(),
            total_pence: z.number().int(),
            available_pence: z.number().int().nullable(),
            available_after_pence: z.number().int().nullable(),
            refused: z.array(z.object({ uuid: z.string(), message: z.string() })),
          }),
          422: errorSchema,
        },
      },
      config: { access: send },
    },
    async (request) => {
      const auth = request.auth!;
      const { uuids, ...options } = request.body;
      const { prefs } = await companyPreferences(pool, auth.accountId);
      const printers = printersOf(providers);
      const insert = options.insert_id ? await loadInsert(pool, auth.accountId, options.insert_id) : null;
      let total = 0;
      let letters = 0;
      const refused: { uuid: string; message: string }[] = [];
      for (const uuid of [...new Set(uuids)]) {
        const letter = await findLetter<LetterForDelivery>(pool, auth, uuid, LETTER_FOR_DELIVERY);
        if (!letter) {
          refused.push({ uuid, message: 'There is no such letter.' });
          continue;
        }
        try {
          assertDeliverable(letter);
          const customer = await letterCustomer(pool, letter);
          const planned = planDelivery(
            letter,
            deliverRequestSchema.parse({ uuid, ...options }),
            prefs,
            deps.publicUrl,
            customer,
            '',
            insert,
            printerFor(printers, letter, auth),
          );
          total += planned.total;
          letters += 1;
        } catch (error) {
          if (!(error instanceof AppError)) throw error;
          refused.push({ uuid, message: error.message });
        }
      }
      const available = maySeeBalance(auth) ? (await readBalance(pool, auth.accountId)).available : null;
      return {
        letters,
        total_pence: total,
        available_pence: available,
        available_after_pence: available === null ? null : available - total,
        refused,
      };
    },
  );

  app.post(
    '/api/letters/deliver/bulk',
    {
      schema: {
        tags: ['delivery'],
        summary: 'Deliver several letters with the same options; each letter succeeds or is refused on its own',
        body: bulkDeliverRequestSchema,
        response: {
          200: z.object({
            results: z.array(
              z.object({ uuid: z.string(), ok: z.boolean(), status: z.string().nullable(), message: z.string() }),
            ),
          }),
        },
      },
      config: { access: send },
    },
    async (request) => {
      const auth = request.auth!;
      const { uuids, ...options } = request.body;
      const results = [];
      for (const uuid of [...new Set(uuids)]) {
        try {
          const r = await inTransaction(pool, (q) =>
            deliverLetter(
              q,
              auth,
              deliverRequestSchema.parse({ uuid, ...options }),
              deps.publicUrl,
              blobs,
              printersOf(providers),
            ),
          ).catch(onOpenDelivery);
          results.push({ uuid, ok: true, status: r.status, message: r.message });
        } catch (error) {
          if (!(error instanceof AppError)) throw error;
          results.push({ uuid, ok: false, status: null, message: error.message });
        }
      }
      return { results };
    },
  );

  app.post(
    '/api/letters/cancel',
    {
      schema: {
        tags: ['delivery'],
        summary: 'Cancel a scheduled delivery (or one waiting for approval) and release its money',
        body: z.strictObject({ document_uuid: z.string().min(1).max(100) }),
        response: { 200: z.object({ uuid: z.string(), status: z.string() }), 404: errorSchema, 409: errorSchema },
      },
      config: { access: send },
    },
    async (request) => {
      const { document_uuid } = request.body;
      return inTransaction(pool, (q) => cancelDelivery(q, request.auth!, document_uuid));
    },
  );

  /** A letter the caller may read (a supervisor: within their departments), or 404. */
  async function readable<T extends Record<string, unknown>>(auth: AuthContext, id: string, columns: string) {
    const letter = await findLetter<T>(pool, auth, id, columns);
    if (!letter) throw new AppError('NOT_FOUND');
    return letter;
  }

  app.get(
    '/api/letters/:id/delivery',
    {
      schema: {
        tags: ['delivery'],
        summary: "The letter's delivery channels and outcomes, and its latest delivery in detail",
        params: idParams,
        response: {
          200: z.object({
            delivery_channels: z.array(z.string()),
            successful_delivery_channels: z.array(z.string()),
            unsuccessful_delivery_channels: z.array(z.string()),
            delivered_on: z.string().nullable(),
            has_been_posted: z.boolean(),
            delivery: z
              .object({
                id: z.string(),
                state: z.enum(DELIVERY_STATES),
                scheduled_for: z.string().nullable(),
                total_pence: z.number().int(),
                created_at: z.string(),
                requested_by: z.object({ name: z.string(), email: z.string() }),
                /**
                 * What was asked for: mail's class and print (posted_at: when Royal Mail had it;
                 * expected_delivery: the working day it is expected by, UK, yyyy-mm-dd), the email's
                 * subject and the text message as sent (variables filled).
                 */
                options: z.object({
                  mail: z
                    .object({
                      is_premium: z.boolean(),
                      is_colour: z.boolean(),
                      posted_at: z.string().nullable(),
                      expected_delivery: z.string().nullable(),
                      mail_service: z.enum(LETTER_SERVICES),
                      is_double_sided: z.boolean(),
                      /** The country abroad (ISO code) and its zone; null for the UK. */
                      country: z.string().nullable(),
                      zone: z.enum(POST_ZONES).nullable(),
                      insert: z.object({ id: z.string(), name: z.string(), sheets: z.number().int() }).nullable(),
                    })
                    .nullable(),
                  email: z.object({ subject: z.string(), message: z.string(), is_cloud_link: z.boolean() }).nullable(),
                  sms: z.object({ text: z.string(), sender_phone_number: z.string().nullable() }).nullable(),
                }),
                channels: z.array(
                  z.object({
                    channel: z.enum(DELIVERY_CHANNELS),
                    state: z.enum(CHANNEL_STATES),
                    price_pence: z.number().int(),
                    reason: z.string().nullable(),
                    provider_status: z.string().nullable(),
                    recipient: z.string().nullable(),
                    /**
                     * Mail by a tracked service (decision 0037): Royal Mail's tracking number, its
                     * events (oldest first, UK time in the panel), who signed and when, the
                     * signature image's path when the carrier gave one, and the proof of delivery
                     * PDF's path once the letter was delivered or returned.
                     */
                    tracking: z
                      .object({
                        number: z.string().nullable(),
                        events: z.array(
                          z.object({
                            at: z.string(),
                            status: z.string(),
                            description: z.string(),
                            location: z.string().nullable(),
                          }),
                        ),
                        signed_by: z.string().nullable(),
                        signed_at: z.string().nullable(),
                        signature_path: z.string().nullable(),
                        proof_of_delivery_path: z.string().nullable(),
                      })
                      .nullable(),
                    cloud_link: z
                      .object({
                        url: z.string().nullable(),
                        expires_at: z.string(),
                        first_opened_at: z.string().nullable(),
                        open_count: z.number().int(),
                        /** When the sender revoked it (its url is then null: it no longer opens). */
                        revoked_at: z.string().nullable(),
                      })
                      .nullable(),
                  }),
                ),
              })
              .nullable(),
          }),
          404: errorSchema,
        },
      },
      config: { access: read },
    },
    async (request) => {
      const auth = request.auth!;
      const { id } = request.params;
      const letter = await readable<
        Pick<
          LetterRow,
          | 'delivery_channels'
          | 'successful_delivery_channels'
          | 'unsuccessful_delivery_channels'
          | 'delivered_on'
          | 'has_been_posted'
        >
      >(
        auth,
        id,
        'l.delivery_channels, l.successful_delivery_channels, l.unsuccessful_delivery_channels, l.delivered_on, l.has_been_posted',
      );
      const { rows: deliveries } = await pool.query<
        Narrow<
          Pick<
            LetterDeliveryRow,
            | 'id'
            | 'state'
            | 'scheduled_for'
            | 'total_pence'
            | 'created_at'
            | 'requester_name'
            | 'requester_email'
            | 'options'
          >,
          { options: DeliveryOptions }
        > & { posted_at: Date | null }
      >(
        // posted_at: the first time the letter read Posted after this delivery was asked for.
        `select d.id, d.state, d.scheduled_for, d.total_pence, d.created_at, d.requester_name, d.requester_email,
                d.options,
                (select min(h.created_at) from letter_history h
                  where h.letter_id = d.letter_id and h.status = 'Posted' and h.created_at >= d.created_at) as posted_at
           from letter_deliveries d where d.letter_id = $1 and d.account_id = $2 order by d.created_at desc limit 1`,
        [id, auth.accountId],
      );
      const d = deliveries[0];
      let delivery = null;
      if (d) {
        const { rows: channels } = await pool.query<
          Pick<
            LetterDeliveryChannelRow,
            | 'channel'
            | 'state'
            | 'price_pence'
            | 'reason'
            | 'provider_status'
            | 'recipient'
            | 'tracking_number'
            | 'tracking_events'
            | 'signed_by'
            | 'signed_at'
            | 'proof_key'
          > &
            LeftJoined<
              Pick<CloudLinkRow, 'token_sealed' | 'expires_at' | 'first_opened_at' | 'open_count' | 'revoked_at'>
            >
        >(
          `select c.channel, c.state, c.price_pence, c.reason, c.provider_status, c.recipient,
                  c.tracking_number, c.tracking_events, c.signed_by, c.signed_at, c.proof_key,
                  k.token_sealed, k.expires_at, k.first_opened_at, k.open_count, k.revoked_at
             from letter_delivery_channels c
             left join lateral (select * from cloud_links k where k.delivery_id = c.delivery_id and k.channel = c.channel
                                 order by k.created_at desc limit 1) k on true
            where c.delivery_id = $1 order by c.channel`,
          [d.id],
        );
        delivery = {
          id: d.id,
          state: d.state,
          scheduled_for: d.scheduled_for?.toISOString() ?? null,
          total_pence: Number(d.total_pence),
          created_at: d.created_at.toISOString(),
          requested_by: { name: d.requester_name, email: d.requester_email },
          options: {
            mail: d.options.mail
              ? {
                  is_premium: d.options.mail.service === 'premium',
                  is_colour: d.options.mail.color,
                  posted_at: d.posted_at?.toISOString() ?? null,
                  // Royal Mail's UK working days say nothing of a letter abroad.
                  expected_delivery:
                    d.posted_at && !d.options.mail.country
                      ? expectedDelivery(d.posted_at, d.options.mail.service)
                      : null,
                  mail_service: d.options.mail.postService ?? classService(d.options.mail.service),
                  is_double_sided: d.options.mail.duplex ?? true,
                  country: d.options.mail.country ?? null,
                  zone: d.options.mail.zone ?? null,
                  insert: d.options.mail.insert ?? null,
                }
              : null,
            email: d.options.email
              ? {
                  subject: d.options.email.subject,
                  message: d.options.email.message,
                  is_cloud_link: d.options.email.asLink,
                }
              : null,
            sms: d.options.sms
              ? { text: d.options.sms.text, sender_phone_number: d.options.sms.replyTo ?? null }
              : null,
          },
          channels: channels.map((c) => {
            const token = c.token_sealed && !c.revoked_at ? unseal(deps.secret, c.token_sealed) : null;
            return {
              channel: c.channel,
              state: c.state,
              price_pence: Number(c.price_pence),
              reason: c.reason,
              provider_status: c.provider_status,
              recipient: c.recipient,
              tracking:
                c.channel === 'mail' && (c.tracking_number || c.tracking_events.length > 0)
                  ? {
                      number: c.tracking_number,
                      events: c.tracking_events,
                      signed_by: c.signed_by,
                      signed_at: c.signed_at?.toISOString() ?? null,
                      signature_path: c.signed_by ? `/api/letters/${encodeURIComponent(id)}/signature` : null,
                      proof_of_delivery_path: c.proof_key
                        ? `/api/letters/${encodeURIComponent(id)}/proof-of-delivery`
                        : null,
                    }
                  : null,
              cloud_link: c.expires_at
                ? {
                    url: token ? cloudLinkUrl(deps.publicUrl, token) : null,
                    expires_at: c.expires_at.toISOString(),
                    first_opened_at: c.first_opened_at?.toISOString() ?? null,
                    open_count: c.open_count ?? 0,
                    revoked_at: c.revoked_at?.toISOString() ?? null,
                  }
                : null,
            };
          }),
        };
      }
      return { ...letter, delivered_on: letter.delivered_on?.toISOString() ?? null, delivery };
    },
  );

  /** The mail channel of the letter's latest delivery, for its proof of delivery and signature. */
  async function latestMail(auth: AuthContext, id: string) {
    await readable<Pick<LetterRow, 'id'>>(auth, id, 'l.id');
    const { rows } = await pool.query<
      Pick<LetterDeliveryChannelRow, 'proof_key' | 'signed_by' | 'tracking_number'> &
        Pick<LetterDeliveryRow, 'id' | 'account_id' | 'letter_id'>
    >(
      `select c.proof_key, c.signed_by, c.tracking_number, d.id, d.account_id, d.letter_id
         from letter_deliveries d join letter_delivery_channels c on c.delivery_id = d.id and c.channel = 'mail'
        where d.letter_id = $1 and d.account_id = $2 order by d.created_at desc limit 1`,
      [id, auth.accountId],
    );
    return rows[0] ?? null;
  }

  app.get(
    '/api/letters/:id/proof-of-delivery',
    {
      schema: {
        tags: ['delivery'],
        summary:
          "The proof of delivery of the letter's tracked mail (PDF: tracking number, events, who signed, the signature)",
        params: idParams,
        response: { 200: fileResponse('The proof of delivery', 'application/pdf'), 404: errorSchema },
      },
      config: { access: read },
    },
    async (request, reply) => {
      const mail = await latestMail(request.auth!, request.params.id);
      if (!mail?.proof_key || !(await blobs.exists(mail.proof_key)))
        throw new AppError('NOT_FOUND', 'This letter has no proof of delivery yet.');
      return reply
        .header('content-type', 'application/pdf')
        .header(
          'content-disposition',
          `attachment; filename="proof-of-delivery-${(mail.tracking_number ?? 'letter').replace(/[^A-Z0-9]/gi, '')}.pdf"`,
        )
        .header('cache-control', 'private, no-store')
        .send(blobs.read(mail.proof_key));
    },
  );

  app.get(
    '/api/letters/:id/signature',
    {
      schema: {
        tags: ['delivery'],
        summary: "The signature Royal Mail took on delivery of the letter's signed-for mail (PNG)",
        params: idParams,
        response: { 200: fileResponse('The signature', 'image/png'), 404: errorSchema },
      },
      config: { access: read },
    },
    async (request, reply) => {
      const mail = await latestMail(request.auth!, request.params.id);
      const key = mail?.signed_by ? signatureKey(mail.account_id, mail.letter_id, mail.id) : null;
      if (!key || !(await blobs.exists(key)))
        throw new AppError('NOT_FOUND', 'No signature was given for this letter.');
      return reply
        .header('content-type', 'image/png')
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .send(blobs.read(key));
    },
  );

  app.delete(
    '/api/letters/:id/cloud-link',
    {
      schema: {
        tags: ['delivery'],
        summary:
          'Revoke every live link to the letter (cloud link, email sent as a link, text message): each then answers as an unknown link',
        params: idParams,
        response: {
          200: z.object({ uuid: z.string(), revoked: z.number().int(), message: z.string() }),
          404: errorSchema,
        },
      },
      config: { access: { kind: 'member', anyOf: CLOUD_LINK_REVOKERS } },
    },
    async (request) => {
      const { id } = request.params;
      return inTransaction(pool, (q) => revokeCloudLinks(q, request.auth!, id));
    },
  );

  app.get(
    '/api/letters/:id/proof',
    {
      schema: {
        tags: ['delivery'],
        summary: 'Page 1 as it will be printed: the postal barcode placed and the envelope window outlined (PDF)',
        params: idParams,
        querystring: z.object({
          letterhead: z.enum(LETTERHEAD_KINDS).optional(),
          letterhead_placement: z.enum(LETTERHEAD_PLACEMENTS).default('first_page'),
        }),
        response: {
          200: fileResponse('Page 1 with the barcode and the window', 'application/pdf'),
          404: errorSchema,
          409: errorSchema,
          422: errorSchema,
        },
      },
      config: { access: read },
    },
    async (request, reply) => {
      const { id } = request.params;
      const letter = await readable<Pick<LetterRow, 'blob_key' | 'layout' | 'postcode'>>(
        request.auth!,
        id,
        'l.blob_key, l.layout, l.postcode',
      );
      if (!(await blobs.exists(letter.blob_key)))
        throw new AppError('CONFLICT', 'The PDF of this letter is not ready yet.');
      const { letterhead, letterhead_placement } = request.query;
      let file: Uint8Array = await buffer(blobs.read(letter.blob_key));
      if (letterhead) {
        const head = await loadLetterhead(pool, blobs, request.auth!.accountId, letterhead);
        if (!head) throw new AppError('VALIDATION_FAILED', LETTERHEAD_MESSAGES.missing(letterhead));
        file = await applyLetterhead(file, head, letterhead_placement);
      }
      let pdf: Uint8Array;
      try {
        pdf = await printProof(file, letter.layout, letter.postcode);
      } catch {
        throw new AppError('CONFLICT', 'A proof cannot be made of this letter: its PDF could not be read.');
      }
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', 'inline; filename="print-proof.pdf"')
        .header('cache-control', 'private, no-store')
        .send(Buffer.from(pdf));
    },
  );

  // The recipient's side of a cloud link: no session; the token (in the body, never the path) is the key.
  const cloudLimit = { rateLimit: { max: 60, timeWindow: '1 minute' } };
  app.post(
    '/api/cloud/open',
    {
      schema: {
        tags: ['delivery'],
        summary: 'Open a cloud link: the letter it shares (the first opening is the sender’s read receipt)',
        body: tokenBody,
        response: {
          200: z.object({
            name: z.string(),
            num_pages: z.number().int().nullable(),
            company_name: z.string(),
            expires_at: z.string(),
            first_opened_at: z.string(),
          }),
          404: errorSchema,
        },
      },
      config: { access: { kind: 'public' }, csrfExempt: true, ...cloudLimit },
    },
    async (request) => {
      const link = await openCloudLink(pool, request.body.token, true);
      if (!link) throw new AppError('NOT_FOUND', DELIVERY_MESSAGES.cloudLinkGone);
      if (link.first_opened_at.getTime() > Date.now() - 2000)
        // The sender's panel shows the read receipt at once.
        await publish(pool, { accountId: link.account_id, message: { type: 'refresh', entities: ['letters'] } });
      return {
        name: link.name,
        num_pages: link.num_pages,
        company_name: link.company_name,
        expires_at: link.expires_at.toISOString(),
        first_opened_at: link.first_opened_at.toISOString(),
      };
    },
  );

  app.post(
    '/api/cloud/file',
    {
      schema: {
        tags: ['delivery'],
        summary: 'The PDF behind a cloud link',
        body: tokenBody,
        response: { 200: fileResponse('The letter', 'application/pdf'), 404: errorSchema },
      },
      config: { access: { kind: 'public' }, csrfExempt: true, ...cloudLimit },
    },
    async (request, reply) => {
      const link = await openCloudLink(pool, request.body.token, false);
      if (!link || !(await blobs.exists(link.blob_key)))
        throw new AppError('NOT_FOUND', DELIVERY_MESSAGES.cloudLinkGone);
      const filename = `${link.name.replace(/\.(pdf|docx)$/i, '')}.pdf`;
      return reply
        .header('content-type', 'application/pdf')
        .header(
          'content-disposition',
          `attachment; filename="${filename.replace(/[^\x20-\x7e]|["\\]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(filename)}`,
        )
        .header('cache-control', 'private, no-store')
        .send(blobs.read(link.blob_key));
    },
  );

  app.post(
    '/api/comms/digitalchannels',
    {
      schema: {
        tags: ['delivery'],
        summary: 'Send yourself an email (to your own address) and/or a text message, charged at the list price',
        body: z.strictObject({
          subject: z.string().max(200).optional(),
          message_to_recipient: z.string().max(5000).optional(),
          recipient_phone_number: z.string().max(40).optional(),
          sms_text: z.string().max(1400).optional(),
        }),
        response: {
          200: z.object({ message: z.string(), email: z.boolean(), sms: z.boolean(), charged_pence: z.number().int() }),
          402: errorSchema,
          403: errorSchema,
          422: errorSchema,
        },
      },
      config: { access: send },
    },
    async (request) => sendYourself(deps, request.auth!, request.body),
  );

  app.post(
    '/api/comms/letterpostage',
    {
      schema: {
        tags: ['delivery'],
        summary: 'Post a one-page test letter to the address given (standard or premium, colour or black and white)',
        body: z.strictObject({
          is_premium: z.boolean(),
          is_colour: z.boolean(),
          recipient: z.strictObject({
            name: z.string().trim().min(1, { error: 'This field is required' }).max(100),
            address_lines: z.array(z.string().max(100)).min(1).max(4),
            postcode: z.string().max(10).refine(isPostcode, { error: 'Invalid Postcode' }),
          }),
        }),
        response: {
          201: z.object({
            uuid: z.string(),
            status: z.string(),
            state: deliverResult.shape.state,
            message: z.string(),
          }),
          402: errorSchema,
          403: errorSchema,
          422: errorSchema,
        },
      },
      config: { access: send },
    },
    async (request, reply) => {
      const body = request.body;
      if (!body.recipient.address_lines.some((l) => l.trim()))
        throw new AppError('VALIDATION_FAILED', 'This field is required', [
          { path: 'recipient.address_lines', message: 'This field is required' },
        ]);
      return reply.status(201).send(await postTestLetter(deps, request.auth!, body));
    },
  );

  // Provider callbacks: authenticated by their signature, not a session.
  app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 512 * 1024 }, (_req, body, done) =>
      done(null, body),
    );
    scope.post(
      '/api/letters/callbacks/print',
      {
        schema: {
          tags: ['delivery'],
          summary: "The print partner's signed status webhook (Stannp's shape)",
          response: {
            200: z.object({ applied: z.number().int() }),
            400: errorSchema,
            404: z.object({ applied: z.number().int() }),
          },
        },
        config: { access: { kind: 'public' }, csrfExempt: true },
      },
      async (request, reply) => {
        const raw = request.body;
        if (!Buffer.isBuffer(raw)) throw new AppError('WEBHOOK_INVALID');
        const signature = request.headers['x-stannp-signature'];
        const r = await handlePrintWebhook(
          pool,
          providers,
          raw,
          typeof signature === 'string' ? signature : undefined,
          blobs,
        );
        // An event for a letter not (yet) known is answered 404 so that the partner sends it again.
        if (r.unknown && !r.applied) return reply.status(404).send({ applied: 0 });
        return { applied: r.applied };
      },
    );
    scope.post(
      '/api/letters/callbacks/sms',
      {
        schema: {
          tags: ['delivery'],
          summary: "The text message provider's signed status callback (Twilio's form-encoded shape)",
          response: {
            200: z.object({ applied: z.boolean() }),
            400: errorSchema,
            404: z.object({ applied: z.boolean() }),
          },
        },
        config: { access: { kind: 'public' }, csrfExempt: true },
      },
      async (request, reply) => {
        const raw = request.body;
        if (!Buffer.isBuffer(raw)) throw new AppError('WEBHOOK_INVALID');
        const params = Object.fromEntries(new URLSearchParams(raw.toString('utf8')));
        const signature = request.headers['x-twilio-signature'];
        const url = `${deps.publicUrl.replace(/\/+$/, '')}${request.url}`;
        const r = await handleSmsCallback(pool, providers, {
          url,
          params,
          signature: typeof signature === 'string' ? signature : undefined,
        });
        if (r.unknown) return reply.status(404).send({ applied: false });
        return { applied: r.applied };
      },
    );
  });
}

/** Two deliveries of one letter at once: the unique index lets one in; the other reads as a conflict. */
function onOpenDelivery(error: unknown): never {
  const e = error as { code?: string; constraint?: string };
  if (e?.code === '23505' && e.constraint === 'letter_deliveries_open_idx')
    throw new AppError('CONFLICT', DELIVERY_MESSAGES.alreadyOpen);
  throw error;
}

const isPostcode = (p: string) => isUkPostcodeFormat(p);
