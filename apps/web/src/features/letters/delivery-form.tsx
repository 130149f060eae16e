import { zodResolver } from '@hookform/resolvers/zod';
import {
  CHANNEL_LABELS,
  CLOUD_LINK_MAX_DAYS,
  cloudLinkPrefix,
  cloudLinkStandIn,
  DELIVERY_CHANNELS,
  DELIVERY_MESSAGES,
  type DeliveryChannel,
  fillTemplate,
  formatPounds,
  isUkMobile,
  LETTER_SERVICE_LABELS,
  LETTERHEAD_MESSAGES,
  letterTitle,
  POST_ZONE_LABELS,
  smsBody,
  smsParts,
  type TemplateValues,
  toE164Phone,
  usedTemplateVariables,
} from '@lp/domain';
import Print from '@mui/icons-material/Print';
import Send from '@mui/icons-material/Send';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { lazy, type ReactNode, Suspense, useEffect, useId, useRef, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { FormTextField, useInvalidSubmitSnackbar } from '../../components/form-fields';
import { api, isApiError } from '../../lib/api';
import { formatDisplayDate } from '../../lib/dates';
import { notify } from '../../lib/notify';
import type { Letter } from './api';
import { ChoiceField } from './choice-field';
import {
  type DeliveryQuote,
  deliveryFailureMessage,
  letterProofUrl,
  useDeliverLetter,
  useDeliveryQuote,
  useInserts,
  useLetterDelivery,
  useLetterheadKinds,
} from './delivery-api';
import { type ChargeSummary, CONFIRM_TEXT, DeliveryConfirm } from './delivery-confirm';
import {
  DELIVERY_TEXT,
  type DeliveryValues,
  defaultDeliveryValues,
  deliveryFormSchema,
  localMailRefusal,
  postageOf,
  quotableRequest,
  REQUEST_TO_FORM_FIELD,
  toDeliverRequest,
  valuesFromDelivery,
} from './delivery-request';
import { useDebouncedValue } from './use-debounced-value';

// pdf.js is big: it is only fetched when the proof is opened.
const PdfViewerDialog = lazy(() => import('./pdf-viewer-dialog'));

/** The quote is asked this long after the last change. */
export const QUOTE_DEBOUNCE_MS = 300;

const LABELS: Partial<Record<keyof DeliveryValues, string>> = {
  channels: DELIVERY_TEXT.channels,
  recipient_email: DELIVERY_TEXT.recipientEmail,
  subject: DELIVERY_TEXT.subject,
  message_to_recipient: DELIVERY_TEXT.messageToRecipient,
  recipient_phone_number: DELIVERY_TEXT.recipientPhone,
  sms_text: DELIVERY_TEXT.smsText,
  sender_phone_number: DELIVERY_TEXT.senderPhone,
  cloud_link_expiry_days: DELIVERY_TEXT.cloudLinkDays,
  scheduled_at: DELIVERY_TEXT.scheduledAt,
};

/** The letter the form sends; without its customer link, the quote's customer names the recipient. */
export type DeliveryFormLetter = Omit<Letter, 'customer_uuid' | 'customer_name'> &
  Partial<Pick<Letter, 'customer_uuid' | 'customer_name'>>;

export interface DeliveryFormProps {
  letter: DeliveryFormLetter;
  /** Mail cannot be chosen (isMailDisabled); the quote may refuse it too. */
  mailDisabled: boolean;
  /** Deliver is enabled per canDeliverLetter, unless the server would refuse it (refusal). */
  canDeliver: boolean;
  /** Why this letter cannot be delivered now (already sent, or scheduled), shown by the disabled Deliver. */
  refusal?: string | null;
}

/**
 * The letter panel's delivery form: the channels (mail, email, text message, cloud link) with their
 * options, now or scheduled, the price before confirming (POST /api/letters/deliver/quote), the
 * print proof, and Deliver (POST /api/letters/deliver). Options left as they are follow the
 * company's delivery preferences, which the quote reports.
 */
export function DeliveryForm({ letter, mailDisabled, canDeliver, refusal = null }: DeliveryFormProps) {
  const form = useForm<DeliveryValues>({
    resolver: zodResolver(deliveryFormSchema()),
    defaultValues: defaultDeliveryValues(mailDisabled),
  });
  const onInvalid = useInvalidSubmitSnackbar<DeliveryValues>(LABELS);
  const deliver = useDeliverLetter();
  const [proof, setProof] = useState(false);
  const letterheads = useLetterheadKinds(canDeliver);
  const inserts = useInserts(canDeliver);
  // A letter already sent (or scheduled, or in review) shows the options its delivery went with,
  // read back from the server, not the defaults (issue 27 item 6).
  const delivered = useLetterDelivery(letter.uuid, refusal !== null);
  const sent = refusal !== null ? (delivered.data?.delivery ?? null) : null;
  useEffect(() => {
    if (sent) form.reset(valuesFromDelivery(sent, defaultDeliveryValues(false)));
  }, [sent, form]);
  const values = form.watch();
  const chosen = new Set(values.channels);

  // The price of the current choices, asked QUOTE_DEBOUNCE_MS after the last change.
  const wanted = JSON.stringify(canDeliver ? quotableRequest(values, letter.uuid) : null);
  const asked = useDebouncedValue(wanted, QUOTE_DEBOUNCE_MS);
  // The letter's state is part of the quote's key: a fixed address opens mail at once.
  const letterState = `${letter.status}|${letter.address_sheet}|${letter.address_reset}|${letter.postcode ?? ''}`;
  const quote = useDeliveryQuote(JSON.parse(asked), letterState);
  const quotable = wanted !== 'null';
  const current = quotable && wanted === asked && quote.isSuccess && !quote.isPlaceholderData;
  // While the choices are not complete (no price), mail alone is asked: the quote still answers the
  // company's defaults and the letter's customer (mail refused is left out of it, not refused).
  const baseline = useDeliveryQuote(
    canDeliver && asked === 'null' ? { uuid: letter.uuid, preference_overrides: ['mail'] } : null,
    letterState,
  );
  // The company's defaults (mail options, email kind), mail's refusal and the letter's customer, from the latest quote answered.
  const [defaults, setDefaults] = useState<DeliveryQuote | null>(null);
  useEffect(() => {
    if (quote.data && !quote.isPlaceholderData) setDefaults(quote.data);
  }, [quote.data, quote.isPlaceholderData]);
  useEffect(() => {
    if (baseline.data && !baseline.isPlaceholderData) setDefaults(baseline.data);
  }, [baseline.data, baseline.isPlaceholderData]);

  // The customer's email and mobile number go into the recipient fields the person has not typed in,
  // and follow the customer while they stay untouched.
  const customer = defaults?.customer ?? null;
  const known = defaults !== null;
  const customerEmail = customer?.email ?? '';
  const customerMobile = customer?.phone && isUkMobile(customer.phone) ? customer.phone : '';
  const prefilled = useRef({ recipient_email: '', recipient_phone_number: '' });
  useEffect(() => {
    if (!known) return;
    const fill = (name: 'recipient_email' | 'recipient_phone_number', value: string) => {
      if (form.getValues(name) !== prefilled.current[name]) return;
      prefilled.current[name] = value;
      form.setValue(name, value, { shouldValidate: form.formState.isSubmitted });
    };
    fill('recipient_email', customerEmail);
    fill('recipient_phone_number', customerMobile);
  }, [known, customerEmail, customerMobile, form]);
  // The letter's own link is the freshest (it changes at once in the panel); the quote's for an older row.
  const customerName =
    letter.customer_uuid !== undefined ? (letter.customer_name ?? null) : (customer?.recipient ?? null);

  const mailOff = mailDisabled || (defaults?.mail.disabled ?? false);
  const mailReason =
    defaults?.mail.disabled && defaults.mail.reason ? defaults.mail.reason : localMailRefusal(letter.num_pages);
  useEffect(() => {
    const channels = form.getValues('channels');
    if (mailOff && channels.includes('mail'))
      form.setValue(
        'channels',
        channels.filter((c) => c !== 'mail'),
        { shouldDirty: true },
      );
  }, [mailOff, form]);

  // Deliver asks the price of exactly what is sent, then the "Are you sure" confirmation with the
  // total and the balance after it; Yes sends (issue 27 item 3).
  const [confirming, setConfirming] = useState<{ values: DeliveryValues; summary: ChargeSummary } | null>(null);
  const [sending, setSending] = useState(false);

  const send = async (v: DeliveryValues) => {
    const scheduled = v.when === 'scheduled';
    notify(scheduled ? DELIVERY_MESSAGES.scheduling : DELIVERY_MESSAGES.delivering, { variant: 'info' });
    try {
      const answer = await deliver.mutateAsync(toDeliverRequest(v, letter.uuid));
      if (answer.state === 'in_review') notify(DELIVERY_MESSAGES.inReview, { variant: 'info' });
      else if (answer.message && answer.message !== DELIVERY_MESSAGES.ok)
        notify(answer.message, { variant: 'success' });
    } catch (error) {
      if (isApiError(error, 422)) {
        let first = true;
        for (const f of error.fields) {
          // "recipient_email", or a nested path such as "body.recipient_email" or "preference_overrides.0".
          const field = f.path
            .split(/[./]/)
            .map((part) => REQUEST_TO_FORM_FIELD[part])
            .find(Boolean);
          if (!field) continue;
          form.setError(field, { type: 'server', message: f.message }, { shouldFocus: first });
          first = false;
        }
      }
      notify(deliveryFailureMessage(scheduled ? 'schedule' : 'deliver', error), { variant: 'error' });
    }
  };

  const submit = form.handleSubmit(async (v) => {
    try {
      const summary = await api.post('/api/letters/deliver/quote', {
        body: toDeliverRequest(v, letter.uuid, { forQuote: true }),
      });
      setConfirming({ values: v, summary });
    } catch (error) {
      notify(deliveryFailureMessage(v.when === 'scheduled' ? 'schedule' : 'deliver', error), { variant: 'error' });
    }
  }, onInvalid);

  const confirmYes = async () => {
    if (!confirming) return;
    setSending(true);
    try {
      await send(confirming.values);
    } finally {
      setSending(false);
      setConfirming(null);
    }
  };

  const channelError = form.formState.errors.channels?.message;
  // Abroad, the quote offers International Standard (its default) and International Tracked.
  const abroad = defaults?.mail.country ? defaults.mail : null;
  const postage = values.postage || (defaults ? postageOf(defaults.mail.mail_service) : 'premium');
  const postageOptions: [string, string][] = abroad
    ? [
        ['international_standard', LETTER_SERVICE_LABELS.international_standard],
        ['international_tracked', LETTER_SERVICE_LABELS.international_tracked],
      ]
    : [
        ['premium', DELIVERY_TEXT.premium],
        ['standard', DELIVERY_TEXT.standard],
        ['signed_for_first', LETTER_SERVICE_LABELS.signed_for_first],
        ['signed_for_second', LETTER_SERVICE_LABELS.signed_for_second],
        ['special_delivery', LETTER_SERVICE_LABELS.special_delivery],
      ];
  const sides = values.sides || 'double';
  const colour = values.colour || (defaults && !defaults.mail.is_colour ? 'black_and_white' : 'colour');
  const emailLink = values.email_link ?? defaults?.email_kind === 'link';
  const busy = form.formState.isSubmitting || sending;

  // The texts as they will be sent: variables filled with the letter's values (the quote's), and
  // the text message with its reply number and a stand-in of its link, counted as the price is.
  const templateValues: TemplateValues = defaults?.template_values ?? {
    recipient: customerName ?? letter.recipient_name_snapshot ?? null,
    letter: letterTitle(letter.name),
  };
  const filled = (text: string) => fillTemplate(text, templateValues).text;
  const linkPrefix = defaults?.sms_link_prefix ?? cloudLinkPrefix(window.location.origin);
  const replyTo = values.sender_phone_number.trim() ? toE164Phone(values.sender_phone_number) : null;
  const smsText = filled(values.sms_text.trim());
  const smsSent = smsBody(smsText, cloudLinkStandIn(linkPrefix), replyTo);
  const smsCount = smsParts(smsSent);
  const smsPreview = smsBody(smsText, `${linkPrefix}…`, replyTo);
  const emailUsesVariables = usedTemplateVariables(`${values.subject} ${values.message_to_recipient}`).length > 0;

  return (
    <Box component="form" noValidate onSubmit={submit} aria-label="Delivery" sx={{ mt: 3 }}>
      <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 700, mb: 1 }}>
        Delivery
      </Typography>
      {sent ? (
        <Typography variant="body2" color="text.secondary" data-testid="delivery-as-sent" sx={{ mb: 1 }}>
          {DELIVERY_TEXT.asSent}
        </Typography>
      ) : null}
      <Box component="fieldset" disabled={sent !== null} sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
        {customerName ? (
          <Typography
            variant="body2"
            color="text.secondary"
            data-testid="delivery-customer"
            sx={{ mb: 1, overflowWrap: 'anywhere' }}
          >
            For {customerName}
          </Typography>
        ) : null}
        <Controller
          control={form.control}
          name="channels"
          render={({ field }) => (
            <FormControl component="fieldset" error={!!channelError} sx={{ display: 'block' }}>
              <FormLabel component="legend">{DELIVERY_TEXT.channels}</FormLabel>
              <FormGroup row>
                {DELIVERY_CHANNELS.map((channel) => {
                  const off = (channel === 'mail' && mailOff) || (channel === 'cloud_storage' && !customerName);
                  return (
                    <FormControlLabel
                      key={channel}
                      label={CHANNEL_LABELS[channel]}
                      disabled={off}
                      control={
                        <Checkbox
                          checked={!off && field.value.includes(channel)}
                          onChange={(e) => field.onChange(toggle(field.value, channel, e.target.checked))}
                        />
                      }
                    />
                  );
                })}
              </FormGroup>
              {mailOff ? <FormHelperText error={false}>{mailReason}</FormHelperText> : null}
              {!customerName ? (
                <FormHelperText error={false}>{DELIVERY_MESSAGES.cloudStorageNeedsCustomer}</FormHelperText>
              ) : null}
              {channelError ? <FormHelperText>{channelError}</FormHelperText> : null}
            </FormControl>
          )}
        />

        {chosen.has('mail') && !mailOff ? (
          <Options legend="Mail options">
            <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 4 }}>
              <Controller
                control={form.control}
                name="postage"
                render={({ field }) => (
                  <ChoiceField
                    legend={DELIVERY_TEXT.postage}
                    value={postage}
                    onChange={field.onChange}
                    options={postageOptions}
                  />
                )}
              />
              <Controller
                control={form.control}
                name="colour"
                render={({ field }) => (
                  <ChoiceField
                    legend={DELIVERY_TEXT.print}
                    value={colour}
                    onChange={field.onChange}
                    options={[
                      ['colour', DELIVERY_TEXT.colour],
                      ['black_and_white', DELIVERY_TEXT.blackAndWhite],
                    ]}
                  />
                )}
              />
              <Controller
                control={form.control}
                name="sides"
                render={({ field }) => (
                  <ChoiceField
                    legend={DELIVERY_TEXT.sides}
                    value={sides}
                    onChange={field.onChange}
                    options={[
                      ['double', DELIVERY_TEXT.bothSides],
                      ['single', DELIVERY_TEXT.oneSide],
                    ]}
                  />
                )}
              />
              {(inserts.data ?? []).length > 0 || values.insert_id ? (
                <Controller
                  control={form.control}
                  name="insert_id"
                  render={({ field }) => (
                    <ChoiceField
                      legend={DELIVERY_TEXT.insert}
                      value={field.value}
                      onChange={field.onChange}
                      options={[
                        ['', DELIVERY_TEXT.noInsert],
                        ...(inserts.data ?? []).map((i): [string, string] => [
                          i.id,
                          `${i.name} (${i.sheets === 1 ? '1 sheet' : `${i.sheets} sheets`})`,
                        ]),
                      ]}
                    />
                  )}
                />
              ) : null}
            </Box>
            {abroad?.country_name && abroad.zone ? (
              <Typography variant="body2" color="text.secondary" data-testid="mail-abroad" sx={{ mt: 1 }}>
                {DELIVERY_TEXT.abroad(abroad.country_name, POST_ZONE_LABELS[abroad.zone])}
              </Typography>
            ) : null}
            {form.formState.errors.postage?.message || form.formState.errors.insert_id?.message ? (
              <FormHelperText error>
                {form.formState.errors.postage?.message ?? form.formState.errors.insert_id?.message}
              </FormHelperText>
            ) : null}
            <Button variant="outlined" startIcon={<Print />} onClick={() => setProof(true)} sx={{ mt: 1 }}>
              {DELIVERY_TEXT.printProof}
            </Button>
          </Options>
        ) : null}

        {chosen.has('email') ? (
          <Options legend="Email options">
            <FormTextField
              control={form.control}
              name="recipient_email"
              label={DELIVERY_TEXT.recipientEmail}
              type="email"
              inputMode="email"
              autoComplete="off"
              required
            />
            <FormTextField control={form.control} name="subject" label={DELIVERY_TEXT.subject} autoComplete="off" />
            <FormTextField
              control={form.control}
              name="message_to_recipient"
              label={DELIVERY_TEXT.messageToRecipient}
              multiline
              minRows={3}
              helperText={DELIVERY_TEXT.variablesHint}
            />
            {emailUsesVariables && !sent ? (
              <Preview testId="email-preview">
                {`${filled(values.subject.trim())}\n\n${filled(values.message_to_recipient.trim())}`.trim()}
              </Preview>
            ) : null}
            <Controller
              control={form.control}
              name="email_link"
              render={({ field }) => (
                <FormControlLabel
                  label={DELIVERY_TEXT.emailLink}
                  control={<Switch checked={emailLink} onChange={(e) => field.onChange(e.target.checked)} />}
                />
              )}
            />
          </Options>
        ) : null}

        {chosen.has('sms') ? (
          <Options legend="Text message options">
            <FormTextField
              control={form.control}
              name="recipient_phone_number"
              label={DELIVERY_TEXT.recipientPhone}
              type="tel"
              inputMode="tel"
              autoComplete="off"
              required
            />
            <FormTextField
              control={form.control}
              name="sms_text"
              label={DELIVERY_TEXT.smsText}
              multiline
              minRows={2}
              required
              helperText={DELIVERY_TEXT.smsCounter(smsCount, smsSent)}
            />
            <FormTextField
              control={form.control}
              name="sender_phone_number"
              label={DELIVERY_TEXT.senderPhone}
              type="tel"
              inputMode="tel"
              autoComplete="tel"
              helperText={DELIVERY_TEXT.senderPhoneHint}
            />
            {smsText && !sent ? <Preview testId="sms-preview">{smsPreview}</Preview> : null}
          </Options>
        ) : null}

        {chosen.has('cloud_link') ? (
          <Options legend="Cloud link options">
            <FormTextField
              control={form.control}
              name="cloud_link_expiry_days"
              label={DELIVERY_TEXT.cloudLinkDays}
              type="number"
              inputMode="numeric"
              helperText={`1 to ${CLOUD_LINK_MAX_DAYS} days`}
              fullWidth={false}
            />
          </Options>
        ) : null}

        {(letterheads.data ?? []).length > 0 ? (
          <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 4 }}>
            <Controller
              control={form.control}
              name="letterhead"
              render={({ field }) => (
                <ChoiceField
                  legend="Letterhead"
                  value={field.value}
                  onChange={field.onChange}
                  options={[
                    ['', 'None'],
                    ...(letterheads.data ?? []).map((k): [string, string] => [k, LETTERHEAD_MESSAGES.title(k)]),
                  ]}
                />
              )}
            />
            {values.letterhead ? (
              <Controller
                control={form.control}
                name="letterhead_placement"
                render={({ field }) => (
                  <ChoiceField
                    legend="Letterhead on"
                    value={field.value}
                    onChange={field.onChange}
                    options={[
                      ['first_page', 'The first page'],
                      ['every_page', 'Every page'],
                    ]}
                  />
                )}
              />
            ) : null}
          </Box>
        ) : null}
        <Controller
          control={form.control}
          name="when"
          render={({ field }) => (
            <ChoiceField
              legend={DELIVERY_TEXT.when}
              value={field.value}
              onChange={field.onChange}
              options={[
                ['now', DELIVERY_TEXT.now],
                ['scheduled', DELIVERY_TEXT.scheduled],
              ]}
            />
          )}
        />
        {values.when === 'scheduled' ? (
          <FormTextField
            control={form.control}
            name="scheduled_at"
            label={DELIVERY_TEXT.scheduledAt}
            type="datetime-local"
            required
            fullWidth={false}
          />
        ) : null}
      </Box>
      {canDeliver ? (
        <QuotePrice quote={quotable ? (quote.data ?? null) : null} pending={quotable && !current && !quote.isError} />
      ) : null}

      <Box sx={{ display: 'flex', justifyContent: 'flex-end', alignItems: 'center', gap: 2, mt: 2 }}>
        {refusal ? (
          <Typography variant="body2" color="text.secondary" data-testid="deliver-refusal">
            {refusal}
          </Typography>
        ) : null}
        <Button type="submit" variant="contained" startIcon={<Send />} disabled={!canDeliver || busy}>
          Deliver
        </Button>
      </Box>
      <DeliveryConfirm
        open={confirming !== null}
        busy={sending}
        scheduled={confirming?.values.when === 'scheduled'}
        question={confirming ? confirmQuestion(letter.name, confirming.values) : ''}
        summary={confirming?.summary ?? null}
        onYes={() => void confirmYes()}
        onNo={() => setConfirming(null)}
      />

      {proof ? (
        <Suspense fallback={null}>
          <PdfViewerDialog
            open
            onClose={() => setProof(false)}
            url={letterProofUrl(
              letter.uuid,
              values.letterhead ? { kind: values.letterhead, placement: values.letterhead_placement } : null,
            )}
            title={`${DELIVERY_TEXT.printProof}: ${letter.name}`}
          />
        </Suspense>
      ) : null}
    </Box>
  );
}

function toggle(channels: readonly DeliveryChannel[], channel: DeliveryChannel, on: boolean): DeliveryChannel[] {
  const rest = channels.filter((c) => c !== channel);
  return on ? [...rest, channel] : rest;
}

/** A text as the recipient will read it (variables filled, the link shortened). */
function Preview({ testId, children }: { testId: string; children: string }) {
  return (
    <Box data-testid={testId} sx={{ mt: 1, p: 1, borderRadius: 1, bgcolor: 'action.hover', minWidth: 0 }}>
      <Typography variant="caption" color="text.secondary" component="p">
        {DELIVERY_TEXT.preview}
      </Typography>
      <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {children}
      </Typography>
    </Box>
  );
}

/** A channel's options, grouped under its name. */
function Options({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <Box
      component="fieldset"
      sx={{ border: 1, borderColor: 'divider', borderRadius: 1, px: 2, pt: 0.5, pb: 1.5, mt: 2, mx: 0, minWidth: 0 }}
    >
      <Typography component="legend" variant="body2" color="text.secondary" sx={{ px: 0.5 }}>
        {legend}
      </Typography>
      {children}
    </Box>
  );
}

/** The price per channel with its lines, the total and the balance after; nothing alarming when there is none. */
export function QuotePrice({ quote, pending }: { quote: DeliveryQuote | null; pending: boolean }) {
  const headingId = useId();
  return (
    <Box
      component="section"
      aria-labelledby={headingId}
      aria-busy={pending}
      data-testid="delivery-price"
      sx={{ mt: 2, p: 1.5, borderRadius: 1, bgcolor: 'action.hover', opacity: quote && pending ? 0.6 : 1 }}
    >
      <Typography id={headingId} component="h4" variant="body2" sx={{ fontWeight: 700, mb: 0.5 }}>
        {DELIVERY_TEXT.price}
      </Typography>
      {quote ? (
        <Box
          component="dl"
          sx={{ display: 'grid', gridTemplateColumns: '1fr max-content', columnGap: 2, rowGap: 0.25, m: 0 }}
        >
          {quote.channels.map((c) => (
            <Box key={c.channel} sx={{ display: 'contents' }}>
              <Amount label={CHANNEL_LABELS[c.channel]} pence={c.pence} />
              {c.lines.length > 1
                ? c.lines.map((line) => (
                    <Amount key={`${c.channel}-${line.label}`} label={line.label} pence={line.pence} minor />
                  ))
                : null}
            </Box>
          ))}
          <Amount label={DELIVERY_TEXT.total} pence={quote.total_pence} strong />
          {quote.available_after_pence !== null ? (
            <Amount
              label={DELIVERY_TEXT.balanceAfter}
              pence={quote.available_after_pence}
              warn={quote.available_after_pence < 0}
            />
          ) : null}
        </Box>
      ) : (
        <Typography variant="body2" color="text.secondary">
          {pending ? 'Working out the price…' : DELIVERY_TEXT.priceLater}
        </Typography>
      )}
    </Box>
  );
}

function Amount({
  label,
  pence,
  minor = false,
  strong = false,
  warn = false,
}: {
  label: string;
  pence: number;
  minor?: boolean;
  strong?: boolean;
  warn?: boolean;
}) {
  const sx = {
    m: 0,
    pl: minor ? 2 : 0,
    fontWeight: strong ? 700 : undefined,
    color: minor ? 'text.secondary' : warn ? 'error.main' : undefined,
  };
  return (
    <>
      <Typography component="dt" variant="body2" sx={sx}>
        {label}
      </Typography>
      <Typography component="dd" variant="body2" sx={{ ...sx, pl: 0, textAlign: 'right' }}>
        {formatPounds(pence)}
      </Typography>
    </>
  );
}

/** "Post and Email": the chosen channels' names, as a list in words. */
export function channelWords(channels: readonly DeliveryChannel[]): string {
  return new Intl.ListFormat('en-GB', { type: 'conjunction' }).format(channels.map((c) => CHANNEL_LABELS[c]));
}

/** The confirmation's question: deliver now, or schedule for the chosen time. */
export function confirmQuestion(name: string, v: DeliveryValues): string {
  const channels = channelWords(DELIVERY_CHANNELS.filter((c) => v.channels.includes(c)));
  return v.when === 'scheduled'
    ? CONFIRM_TEXT.schedule(name, channels, formatDisplayDate(v.scheduled_at))
    : CONFIRM_TEXT.deliver(name, channels);
}
