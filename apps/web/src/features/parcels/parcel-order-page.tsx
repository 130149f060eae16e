import { zodResolver } from '@hookform/resolvers/zod';
import {
  DELIVERY_NOTES_MAX,
  formatPounds,
  GOODS_DESCRIPTION_MAX,
  MESSAGES,
  PARCEL_MESSAGES,
  PARCEL_PRESETS,
  type Permission,
  parcelDetailsSchema,
  parcelPartySchema,
  parcelPresetSchema,
  ukToday,
} from '@lp/domain';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import LinearProgress from '@mui/material/LinearProgress';
import NativeSelect from '@mui/material/NativeSelect';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { Controller, type FieldPath, useForm, useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { z } from 'zod';
import { ADDRESS_PICKER_TEXT, AddressPicker, type FoundAddress } from '../../components/address-picker';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { FormTextField } from '../../components/form-fields';
import { Loading } from '../../components/loading';
import { MessageBanner } from '../../components/message-banner';
import { Page } from '../../components/page';
import { AppTextField } from '../../components/text-field';
import { isApiError } from '../../lib/api';
import { notify } from '../../lib/notify';
import { type Me, useMe } from '../../lib/session';
import { useBalance } from '../finances/api';
import { useDebouncedValue } from '../letters/use-debounced-value';
import {
  type CustomerPick,
  confirmFailureMessage,
  discardParcelDraft,
  type ParcelDraft,
  type ParcelPresetRow,
  parcelKeys,
  type QuoteAnswer,
  type QuoteRow,
  quoteFailureMessage,
  saveParcelDraft,
  useConfirmParcel,
  useCreatePreset,
  useCustomerPick,
  useDeletePreset,
  useParcelDefaults,
  useParcelDraft,
  useQuoteParcel,
} from './api';
import { formatCollectionDate, partyLines } from './parcel-panel';

export const ORDER_STEPS = ['Recipient details', 'Sender details', 'Quote', 'Confirmation'] as const;

export const ORDER_TEXT = {
  title: 'Book a parcel',
  next: 'Next',
  back: 'Back',
  getQuotes: 'Get quotes',
  gettingQuotes: 'Getting quotes...',
  confirm: 'Confirm',
  chooseService: 'Please get quotes and choose a service.',
  services: 'Carrier services',
  findCustomer: 'Fill from a customer',
  findHint: 'Search by name, email, postcode or phone',
  searching: 'Searching…',
  noMatch: 'No customer matches.',
  preset: 'Preset',
  customPreset: 'Custom',
  savePreset: 'Save as preset',
  deletePreset: 'Delete preset',
  presetName: 'Preset name',
  presetSaved: 'Preset saved.',
  presetDeleted: 'Preset deleted.',
  booked: 'Your parcel has been booked.',
  inReview: "Your parcel is waiting for a supervisor's approval.",
  cancel: 'Cancel',
  save: 'Save',
  discard: 'Discard draft',
  discardTitle: 'Discard this parcel?',
  discardMessage: 'Everything typed in this booking form will be cleared. This cannot be undone.',
  discarded: 'Draft discarded.',
  draftSaved: 'Draft saved',
  draftRestored: 'Your unfinished parcel was restored.',
} as const;

/** How long after the last change the draft is saved. */
const DRAFT_SAVE_MS = 800;

const partyShape = () => ({
  name: '',
  phoneNumber: '',
  email: '',
  addressLine1: '',
  addressLine2: '',
  addressLine3: '',
  town: '',
  county: '',
  postcode: '',
});

type PartyKey = keyof ReturnType<typeof partyShape>;

const PARTY_FIELDS: { key: PartyKey; label: string; required?: boolean; type?: string; wide?: boolean }[] = [
  { key: 'name', label: 'Name', required: true, wide: true },
  { key: 'phoneNumber', label: 'Phone number', required: true, type: 'tel' },
  { key: 'email', label: 'Email', type: 'email' },
  { key: 'addressLine1', label: 'Address line 1', required: true, wide: true },
  { key: 'addressLine2', label: 'Address line 2' },
  { key: 'addressLine3', label: 'Address line 3' },
  { key: 'town', label: 'Town or city', required: true },
  { key: 'county', label: 'County', required: true },
  { key: 'postcode', label: 'Postcode', required: true },
];

type DetailKey = 'weight' | 'length' | 'width' | 'height' | 'goods_value' | 'goods_description' | 'delivery_notes';

const DETAIL_LABELS: Record<DetailKey | 'collection_date', string> = {
  weight: 'Weight (kg)',
  length: 'Length (cm)',
  width: 'Width (cm)',
  height: 'Height (cm)',
  goods_value: 'Goods value (£)',
  goods_description: 'Goods description',
  delivery_notes: 'Delivery notes',
  collection_date: 'Collection date',
};

function orderSchema(now: () => Date = () => new Date()) {
  return z.object({ recipient: parcelPartySchema, sender: parcelPartySchema, details: parcelDetailsSchema(now) });
}
type OrderInput = z.input<ReturnType<typeof orderSchema>>;
type OrderValues = z.output<ReturnType<typeof orderSchema>>;
type Section = 'recipient' | 'sender' | 'details';

function emptyOrder(): OrderInput {
  return {
    recipient: partyShape(),
    sender: partyShape(),
    details: {
      goods_value: '',
      goods_description: '',
      delivery_notes: '',
      length: '',
      width: '',
      height: '',
      weight: '',
      collection_date: ukToday(),
    },
  };
}

const DRAFT_TEXT_MAX = 300;
const clip = (v: unknown) => (typeof v === 'number' ? v : String(v ?? '').slice(0, DRAFT_TEXT_MAX));
const clipParty = (p: Record<string, unknown> | undefined) =>
  Object.fromEntries(PARTY_FIELDS.map((f) => [f.key, String(p?.[f.key] ?? '').slice(0, DRAFT_TEXT_MAX)]));

/** The form as the draft keeps it (decision 0034): text as typed, the step, the customer picked. */
export function toDraft(values: OrderInput, step: number, customerUuid: string | null): ParcelDraft {
  const d = values.details as Record<string, unknown>;
  return {
    step: Math.max(0, Math.min(3, step)),
    recipient: clipParty(values.recipient as Record<string, unknown>),
    sender: clipParty(values.sender as Record<string, unknown>),
    details: {
      goods_value: clip(d.goods_value) as string | number,
      goods_description: String(d.goods_description ?? '').slice(0, DRAFT_TEXT_MAX),
      delivery_notes: String(d.delivery_notes ?? '').slice(0, DRAFT_TEXT_MAX),
      length: clip(d.length) as string | number,
      width: clip(d.width) as string | number,
      height: clip(d.height) as string | number,
      weight: clip(d.weight) as string | number,
      collection_date: String(d.collection_date ?? '').slice(0, 40),
    },
    customer_uuid: customerUuid,
  };
}

/** The form's starting values from a draft: what it kept over the empty form; a past collection date becomes today. */
export function fromDraft(draft: ParcelDraft): OrderInput {
  const empty = emptyOrder();
  const party = (p: ParcelDraft['recipient']) => ({
    ...partyShape(),
    ...Object.fromEntries(Object.entries(p).filter(([, v]) => v !== undefined)),
  });
  const details = {
    ...empty.details,
    ...Object.fromEntries(Object.entries(draft.details).filter(([, v]) => v !== undefined)),
  };
  if (typeof details.collection_date !== 'string' || details.collection_date < ukToday())
    details.collection_date = ukToday();
  return { recipient: party(draft.recipient), sender: party(draft.sender), details } as OrderInput;
}

/** Every field's label, by its path in the form ("[label] - [message]" messages and the server's 422 fields). */
const FIELD_LABELS: Record<string, string> = Object.fromEntries([
  ...PARTY_FIELDS.map((f) => [`recipient.${f.key}`, `Recipient ${f.label.toLowerCase()}`]),
  ...PARTY_FIELDS.map((f) => [`sender.${f.key}`, `Sender ${f.label.toLowerCase()}`]),
  ...Object.entries(DETAIL_LABELS).map(([k, label]) => [`details.${k}`, label]),
]);

/**
 * A customer's address in the party's fields: the address's parts (comma separated, the postcode
 * last), or its lines when the answer has them; the last line before the postcode is the town.
 */
export function partyFromCustomer(c: CustomerPick): Partial<Record<PartyKey, string>> {
  const parts = c.address
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const postcode = c.postcode?.trim() || (parts.length > 1 ? (parts.at(-1) ?? '') : '');
  const lines =
    c.address_lines.length > 0
      ? c.address_lines.map((s) => s.trim()).filter(Boolean)
      : parts.slice(0, postcode && parts.at(-1) === postcode ? -1 : undefined);
  const town = lines.length > 1 ? (lines.at(-1) ?? '') : '';
  const street = lines.length > 1 ? lines.slice(0, -1) : lines;
  return {
    name: c.recipient,
    phoneNumber: c.phone ?? '',
    email: c.email ?? '',
    addressLine1: street[0] ?? '',
    addressLine2: street[1] ?? '',
    addressLine3: street.slice(2).join(', '),
    town,
    postcode,
  };
}

function may(me: Me, ...abilities: Permission[]) {
  return abilities.some((a) => me.abilities.includes(a));
}

/** /parcels/order (part 1 sections 2 and 4; issue 13): the four-step parcel booking. */
export function ParcelOrderPage() {
  const me = useMe().data;
  if (!me) return null;
  if (!may(me, 'create_parcel')) {
    return (
      <Page title={ORDER_TEXT.title}>
        <MessageBanner kind="info">{MESSAGES.permissionDenied}</MessageBanner>
      </Page>
    );
  }
  return <DraftedOrder me={me} />;
}

/** Reads the member's draft first: the form starts from it (a failed read starts empty). */
function DraftedOrder({ me }: { me: Me }) {
  const draft = useParcelDraft();
  if (draft.isPending) return <Loading />;
  return <ParcelOrder me={me} draft={draft.data?.draft ?? null} />;
}

function ParcelOrder({ me, draft }: { me: Me; draft: ParcelDraft | null }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  // Quotes are not kept: a draft left on the quote or confirmation step comes back on the parcel step.
  const [step, setStep] = useState(draft ? Math.min(draft.step, 2) : 0);
  const form = useForm<OrderInput, unknown, OrderValues>({
    resolver: zodResolver(orderSchema()),
    defaultValues: draft ? fromDraft(draft) : emptyOrder(),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const [customerUuid, setCustomerUuid] = useState<string | null>(draft?.customer_uuid ?? null);
  const [askDiscard, setAskDiscard] = useState(false);
  const [savedAt, setSavedAt] = useState<string | null>(null);
  const [typed, setTyped] = useState(draft !== null);
  /** Set while the sender's defaults are filled in: that is not the person typing. */
  const filling = useRef(false);
  /** Bumped by a discard: the sender's defaults are filled in again. */
  const [generation, setGeneration] = useState(0);
  /** Once booked or discarded the draft is gone: nothing saves it again. */
  const finished = useRef(false);
  const pending = useRef<ReturnType<typeof setTimeout> | null>(null);
  const latest = useRef({ step, customerUuid });
  latest.current = { step, customerUuid };

  const saveNow = () => {
    if (pending.current) clearTimeout(pending.current);
    pending.current = null;
    if (finished.current) return;
    const body = toDraft(form.getValues(), latest.current.step, latest.current.customerUuid);
    saveParcelDraft(body)
      .then(() => {
        if (!finished.current)
          setSavedAt(new Date().toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit' }));
      })
      .catch(() => {
        // A draft that could not be saved costs nothing now: the next change tries again.
      });
  };
  const scheduleSave = () => {
    if (finished.current) return;
    setTyped(true);
    if (pending.current) clearTimeout(pending.current);
    pending.current = setTimeout(saveNow, DRAFT_SAVE_MS);
  };
  // Every change of the fields, the step or the customer saves the draft (debounced); leaving the page saves at once.
  // biome-ignore lint/correctness/useExhaustiveDependencies: saves through refs
  useEffect(() => {
    const subscription = form.watch((_, { type }) => {
      // What the person did (typing, a picked customer or address), not the sender's defaults filled in.
      if (filling.current) return;
      // After a discard, typing starts a new draft.
      if (type === 'change') finished.current = false;
      scheduleSave();
    });
    return () => subscription.unsubscribe();
  }, [form]);
  // A move to another step or another customer is saved too (compared with the last seen: effects may run twice).
  const seen = useRef({ step, customerUuid });
  // biome-ignore lint/correctness/useExhaustiveDependencies: saves through refs
  useEffect(() => {
    if (seen.current.step === step && seen.current.customerUuid === customerUuid) return;
    seen.current = { step, customerUuid };
    scheduleSave();
  }, [step, customerUuid]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: saves through refs
  useEffect(() => {
    const flush = () => {
      if (pending.current) saveNow();
    };
    window.addEventListener('pagehide', flush);
    return () => {
      window.removeEventListener('pagehide', flush);
      flush();
    };
  }, []);
  const announced = useRef(false);
  useEffect(() => {
    if (draft && !announced.current) notify(ORDER_TEXT.draftRestored, { variant: 'info' });
    announced.current = true;
  }, [draft]);

  const discard = async () => {
    finished.current = true;
    if (pending.current) clearTimeout(pending.current);
    pending.current = null;
    setAskDiscard(false);
    try {
      await discardParcelDraft();
    } catch {
      // Still cleared here; the server's copy goes with the next booking.
    }
    queryClient.removeQueries({ queryKey: parcelKeys.draft });
    form.reset(emptyOrder());
    setCustomerUuid(null);
    setSavedAt(null);
    setTyped(false);
    setQuoted(null);
    setService(null);
    goTo(0);
    // The changes above are not the person's: a new draft starts with what they type next.
    setGeneration((g) => g + 1);
    notify(ORDER_TEXT.discarded, { variant: 'info' });
  };
  const defaults = useParcelDefaults();
  const quote = useQuoteParcel();
  const confirm = useConfirmParcel();
  const [quoted, setQuoted] = useState<{ answer: QuoteAnswer; values: OrderValues } | null>(null);
  const [quoteError, setQuoteError] = useState<string | null>(null);
  const [service, setService] = useState<string | null>(null);
  const [serviceError, setServiceError] = useState(false);
  const [confirmError, setConfirmError] = useState<string | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const moved = useRef(false);

  // The sender starts as the company's address (the fields the person has not typed in).
  const sender = defaults.data?.sender ?? null;
  // biome-ignore lint/correctness/useExhaustiveDependencies: a discard (generation) fills them in again
  useEffect(() => {
    if (!sender) return;
    filling.current = true;
    try {
      for (const f of PARTY_FIELDS) {
        const name = `sender.${f.key}` as const;
        if (!form.getFieldState(name).isDirty && !form.getValues(name)) form.setValue(name, sender[f.key] ?? '');
      }
    } finally {
      filling.current = false;
    }
  }, [sender, form, generation]);

  // A quote answers for the parcel as it was: any change asks for new quotes.
  useEffect(() => {
    const subscription = form.watch(() => {
      setQuoted(null);
      setService(null);
    });
    return () => subscription.unsubscribe();
  }, [form]);

  // The step's heading takes the focus when the step changes, for keyboard and screen-reader users.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the step changes
  useEffect(() => {
    if (moved.current) headingRef.current?.focus();
  }, [step]);
  const goTo = (next: number) => {
    moved.current = true;
    setStep(next);
  };

  const announce = (section: Section) => {
    for (const [path, label] of Object.entries(FIELD_LABELS)) {
      if (!path.startsWith(`${section}.`)) continue;
      const message = form.getFieldState(path as FieldPath<OrderInput>).error?.message;
      if (message)
        notify(`${label} - ${message}`, { variant: 'error', anchorOrigin: { vertical: 'bottom', horizontal: 'left' } });
    }
  };

  const next = async () => {
    if (step === 0 || step === 1) {
      const section: Section = step === 0 ? 'recipient' : 'sender';
      if (await form.trigger(section, { shouldFocus: true })) goTo(step + 1);
      else announce(section);
      return;
    }
    if (step === 2) {
      const row = quoted?.answer.rows.find((r) => r.service === service && r.available);
      if (!quoted || !row) {
        setServiceError(true);
        return;
      }
      goTo(3);
    }
  };

  const getQuotes = form.handleSubmit(
    async (values) => {
      setQuoteError(null);
      setServiceError(false);
      try {
        const answer = await quote.mutateAsync({
          sender: values.sender,
          recipient: values.recipient,
          details: values.details,
          ...(customerUuid ? { customer_uuid: customerUuid } : {}),
        });
        setQuoted({ answer, values });
        setService(null);
      } catch (error) {
        if (isApiError(error, 422)) placeServerErrors(error.fields);
        setQuoteError(quoteFailureMessage(error));
      }
    },
    (errors) => {
      if (errors.recipient) goTo(0);
      else if (errors.sender) goTo(1);
      for (const section of ['recipient', 'sender', 'details'] as const) if (errors[section]) announce(section);
    },
  );

  const placeServerErrors = (fields: readonly { path: string; message: string }[]) => {
    for (const f of fields) {
      const path = f.path.replace(/^body\./, '');
      const label = FIELD_LABELS[path];
      if (!label) continue;
      form.setError(path as FieldPath<OrderInput>, { type: 'server', message: f.message });
      notify(`${label} - ${f.message}`, { variant: 'error' });
    }
  };

  const chosen = quoted?.answer.rows.find((r) => r.service === service && r.available) ?? null;

  const book = async () => {
    if (!quoted || !chosen) return;
    setConfirmError(null);
    try {
      const parcel = await confirm.mutateAsync({ quote_id: quoted.answer.quote_id, service: chosen.service });
      // Booked: the server dropped the draft with the booking; nothing saves it again.
      finished.current = true;
      if (pending.current) clearTimeout(pending.current);
      queryClient.removeQueries({ queryKey: parcelKeys.draft });
      notify(parcel.status === 'In Review' ? ORDER_TEXT.inReview : ORDER_TEXT.booked, { variant: 'success' });
      await navigate(`/parcels?parcel=${encodeURIComponent(parcel.parcel_uuid)}`);
    } catch (error) {
      setConfirmError(confirmFailureMessage(error));
    }
  };

  return (
    <Page title={ORDER_TEXT.title} maxWidth={1000}>
      <Stepper
        activeStep={step}
        alternativeLabel
        aria-label="Steps"
        sx={{ mb: 3, '& .MuiStepLabel-label': { fontSize: { xs: '0.75rem', sm: '0.875rem' } } }}
      >
        {ORDER_STEPS.map((label, i) => (
          <Step key={label} completed={i < step}>
            <StepLabel>{label}</StepLabel>
          </Step>
        ))}
      </Stepper>
      <Paper
        variant="outlined"
        component="form"
        noValidate
        aria-labelledby="parcel-order-step"
        onSubmit={(e) => {
          e.preventDefault();
          if (step === 2 && !quoted) void getQuotes();
          else if (step === 3) void book();
          else void next();
        }}
        sx={{ p: { xs: 1.5, sm: 3 } }}
      >
        <Typography
          id="parcel-order-step"
          ref={headingRef}
          tabIndex={-1}
          component="h2"
          variant="h6"
          sx={{ mb: 1, outline: 'none' }}
        >
          {`Step ${step + 1} of ${ORDER_STEPS.length}: ${ORDER_STEPS[step]}`}
        </Typography>

        {step === 0 ? (
          <>
            {may(me, 'see_recipients', 'manage_recipients') ? (
              <CustomerPicker
                onPick={(c) => {
                  setCustomerUuid(c?.customer_uuid ?? null);
                  if (!c) return;
                  const filled = partyFromCustomer(c);
                  for (const f of PARTY_FIELDS) {
                    const value = filled[f.key];
                    if (value !== undefined)
                      form.setValue(`recipient.${f.key}`, value, { shouldDirty: true, shouldValidate: false });
                  }
                  form.clearErrors('recipient');
                }}
              />
            ) : null}
            <PartyFields form={form} section="recipient" />
          </>
        ) : null}
        {step === 1 ? <PartyFields form={form} section="sender" /> : null}
        {step === 2 ? (
          <>
            <ParcelFields
              form={form}
              presets={defaults.data?.presets ?? PARCEL_PRESETS.map((p) => ({ ...p, builtin: true }))}
            />
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center', mt: 2 }}>
              <Button variant="contained" onClick={() => void getQuotes()} disabled={quote.isPending}>
                {ORDER_TEXT.getQuotes}
              </Button>
              {quote.isPending ? (
                <Typography role="status" variant="body2">
                  {ORDER_TEXT.gettingQuotes}
                </Typography>
              ) : null}
            </Box>
            {quote.isPending ? <LinearProgress aria-label="Getting quotes" sx={{ mt: 1 }} /> : null}
            {quoteError ? (
              <Box sx={{ mt: 2 }} data-testid="quote-error">
                <MessageBanner kind="error">{quoteError}</MessageBanner>
              </Box>
            ) : null}
            {quoted ? (
              <QuoteList
                rows={quoted.answer.rows}
                value={service}
                error={serviceError}
                onChange={(s) => {
                  setService(s);
                  setServiceError(false);
                }}
              />
            ) : serviceError ? (
              <FormHelperText error role="alert" sx={{ mt: 2 }}>
                {ORDER_TEXT.chooseService}
              </FormHelperText>
            ) : null}
          </>
        ) : null}
        {step === 3 && quoted && chosen ? <Confirmation me={me} values={quoted.values} row={chosen} /> : null}
        {step === 3 && confirm.isPending ? (
          <Box role="status" sx={{ mt: 2 }}>
            <LinearProgress aria-hidden sx={{ mb: 1 }} />
            <Typography>{PARCEL_MESSAGES.confirming}</Typography>
          </Box>
        ) : null}
        {step === 3 && confirmError ? (
          <Box sx={{ mt: 2 }} data-testid="confirm-error">
            <MessageBanner kind="error">{confirmError}</MessageBanner>
          </Box>
        ) : null}

        {typed ? (
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center', mt: 2 }}>
            <Button color="error" size="small" onClick={() => setAskDiscard(true)} disabled={confirm.isPending}>
              {ORDER_TEXT.discard}
            </Button>
            {savedAt ? (
              <Typography variant="body2" color="text.secondary">
                {`${ORDER_TEXT.draftSaved} ${savedAt}`}
              </Typography>
            ) : null}
          </Box>
        ) : null}
        <ConfirmDialog
          open={askDiscard}
          title={ORDER_TEXT.discardTitle}
          message={ORDER_TEXT.discardMessage}
          onCancel={() => setAskDiscard(false)}
          onConfirm={() => void discard()}
        />
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, justifyContent: 'space-between', mt: 3 }}>
          <Button onClick={() => goTo(step - 1)} disabled={step === 0 || confirm.isPending}>
            {ORDER_TEXT.back}
          </Button>
          {step < 3 ? (
            // Keyed apart: reusing one DOM button whose type turns to submit while its click is still
            // being handled would submit the form, booking the parcel from the quote step.
            <Button key="next" variant={step === 2 && !quoted ? 'outlined' : 'contained'} onClick={() => void next()}>
              {ORDER_TEXT.next}
            </Button>
          ) : (
            <Button key="confirm" variant="contained" type="submit" disabled={confirm.isPending || !chosen}>
              {ORDER_TEXT.confirm}
            </Button>
          )}
        </Box>
      </Paper>
    </Page>
  );
}

type OrderForm = ReturnType<typeof useForm<OrderInput, unknown, OrderValues>>;

function PartyFields({ form, section }: { form: OrderForm; section: 'recipient' | 'sender' }) {
  const { control } = form;
  const postcode = useWatch({ control, name: `${section}.postcode` }) ?? '';
  // A picked address fills the address fields (the county only when the address has one: London's have none).
  const fill = (a: FoundAddress) => {
    const set = (key: PartyKey, value: string) =>
      form.setValue(`${section}.${key}`, value, { shouldDirty: true, shouldValidate: form.formState.isSubmitted });
    set('addressLine1', a.line1);
    set('addressLine2', a.line2);
    set('addressLine3', a.line3);
    set('town', a.town);
    if (a.county) set('county', a.county);
    set('postcode', a.postcode);
  };
  return (
    <Box
      role="group"
      aria-label={section === 'recipient' ? 'Recipient' : 'Sender'}
      sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, columnGap: 2 }}
    >
      {PARTY_FIELDS.map((f) => (
        <Box key={f.key} sx={{ gridColumn: f.wide ? { sm: '1 / -1' } : undefined, minWidth: 0 }}>
          <FormTextField
            control={control}
            name={`${section}.${f.key}`}
            label={f.label}
            required={f.required ?? false}
            type={f.type ?? 'text'}
            inputMode={f.type === 'tel' ? 'tel' : f.type === 'email' ? 'email' : undefined}
            autoComplete="off"
            margin="dense"
          />
        </Box>
      ))}
      <Box sx={{ gridColumn: { sm: '1 / -1' }, minWidth: 0 }}>
        <AddressPicker
          postcode={String(postcode)}
          onPick={fill}
          label={`${ADDRESS_PICKER_TEXT.find} for the ${section}`}
        />
      </Box>
    </Box>
  );
}

/** The customer picker: a search over the company's customers (GET /api/customers) that fills the recipient. */
function CustomerPicker({ onPick }: { onPick: (customer: CustomerPick | null) => void }) {
  const [input, setInput] = useState('');
  const [picked, setPicked] = useState<CustomerPick | null>(null);
  const term = useDebouncedValue(input, 250);
  const search = useCustomerPick(term, true);
  return (
    <Box sx={{ mt: 1, mb: 1 }}>
      <Autocomplete
        options={search.data ?? []}
        value={picked}
        inputValue={input}
        filterOptions={(x) => x}
        getOptionLabel={(c) => c.recipient}
        isOptionEqualToValue={(a, b) => a.customer_uuid === b.customer_uuid}
        loading={search.isFetching || term !== input}
        loadingText={ORDER_TEXT.searching}
        noOptionsText={ORDER_TEXT.noMatch}
        onInputChange={(_, value, reason) => {
          if (reason !== 'reset') setInput(value);
        }}
        onChange={(_, customer) => {
          setPicked(customer);
          onPick(customer);
        }}
        renderOption={({ key, ...props }, c) => (
          <li key={key} {...props}>
            <Box sx={{ minWidth: 0 }}>
              <Typography sx={{ overflowWrap: 'anywhere' }}>{c.recipient}</Typography>
              {c.address ? (
                <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                  {c.address}
                </Typography>
              ) : null}
            </Box>
          </li>
        )}
        renderInput={(params) => (
          <TextField {...params} label={ORDER_TEXT.findCustomer} helperText={ORDER_TEXT.findHint} size="small" />
        )}
      />
    </Box>
  );
}

const presetKey = (p: ParcelPresetRow) => (p.id ? `id:${p.id}` : `builtin:${p.name}`);

/** The parcel: a preset (or the company's own, saved and deleted here), its size, weight, goods and collection date. */
function ParcelFields({ form, presets }: { form: OrderForm; presets: readonly ParcelPresetRow[] }) {
  const [chosen, setChosen] = useState('');
  const [saving, setSaving] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const remove = useDeletePreset();
  const selectId = useId();
  const current = presets.find((p) => presetKey(p) === chosen) ?? null;

  const apply = (key: string) => {
    setChosen(key);
    const p = presets.find((x) => presetKey(x) === key);
    if (!p) return;
    for (const k of ['weight', 'length', 'width', 'height'] as const)
      form.setValue(`details.${k}`, String(p[k]), { shouldDirty: true, shouldValidate: form.formState.isSubmitted });
  };

  return (
    <Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'flex-end', mb: 1 }}>
        <FormControl sx={{ minWidth: 220, flex: '1 1 220px' }} margin="dense">
          <InputLabel htmlFor={selectId} shrink variant="standard">
            {ORDER_TEXT.preset}
          </InputLabel>
          <NativeSelect value={chosen} onChange={(e) => apply(e.target.value)} inputProps={{ id: selectId }}>
            <option value="">{ORDER_TEXT.customPreset}</option>
            {presets.map((p) => (
              <option key={presetKey(p)} value={presetKey(p)}>
                {`${p.name} (${p.weight} kg, ${p.length} × ${p.width} × ${p.height} cm)`}
              </option>
            ))}
          </NativeSelect>
        </FormControl>
        <Button variant="outlined" onClick={() => setSaving(true)}>
          {ORDER_TEXT.savePreset}
        </Button>
        {current && !current.builtin && current.id ? (
          <Button variant="outlined" color="error" onClick={() => setDeleting(true)}>
            {ORDER_TEXT.deletePreset}
          </Button>
        ) : null}
      </Box>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr 1fr', sm: 'repeat(4, 1fr)' }, columnGap: 2 }}>
        {(['weight', 'length', 'width', 'height'] as const).map((k) => (
          <FormTextField
            key={k}
            control={form.control}
            name={`details.${k}`}
            label={DETAIL_LABELS[k]}
            required
            inputMode="decimal"
            autoComplete="off"
            margin="dense"
          />
        ))}
      </Box>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, columnGap: 2 }}>
        <FormTextField
          control={form.control}
          name="details.goods_value"
          label={DETAIL_LABELS.goods_value}
          required
          inputMode="decimal"
          autoComplete="off"
          margin="dense"
        />
        <Controller
          control={form.control}
          name="details.collection_date"
          render={({ field, fieldState }) => (
            <TextField
              name={field.name}
              value={field.value ?? ''}
              onChange={field.onChange}
              onBlur={field.onBlur}
              inputRef={field.ref}
              type="date"
              label={DETAIL_LABELS.collection_date}
              required
              margin="dense"
              fullWidth
              error={!!fieldState.error}
              helperText={fieldState.error?.message}
              slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: ukToday() } }}
            />
          )}
        />
        <FormTextField
          control={form.control}
          name="details.goods_description"
          label={DETAIL_LABELS.goods_description}
          helperText={`At most ${GOODS_DESCRIPTION_MAX} characters`}
          autoComplete="off"
          margin="dense"
        />
        <FormTextField
          control={form.control}
          name="details.delivery_notes"
          label={DETAIL_LABELS.delivery_notes}
          helperText={`At most ${DELIVERY_NOTES_MAX} characters`}
          autoComplete="off"
          margin="dense"
        />
      </Box>
      {saving ? (
        <SavePresetDialog
          dimensions={() => {
            const d = form.getValues('details');
            return { weight: d.weight, length: d.length, width: d.width, height: d.height };
          }}
          onClose={() => setSaving(false)}
          onSaved={(p) => {
            setSaving(false);
            setChosen(presetKey(p));
          }}
        />
      ) : null}
      <ConfirmDialog
        open={deleting}
        busy={remove.isPending}
        message={current ? `The preset ${current.name} will be deleted.` : undefined}
        onCancel={() => setDeleting(false)}
        onConfirm={() => {
          if (!current?.id) return;
          remove.mutateAsync(current.id).then(
            () => {
              setDeleting(false);
              setChosen('');
              notify(ORDER_TEXT.presetDeleted, { variant: 'success' });
            },
            (error) => {
              setDeleting(false);
              notify(quoteFailureMessage(error), { variant: 'error' });
            },
          );
        }}
      />
    </Box>
  );
}

/** "Save as preset": a name for the current size and weight ("Please name your preset", "The dimensions must be positive numbers"). */
function SavePresetDialog({
  dimensions,
  onClose,
  onSaved,
}: {
  dimensions: () => Record<'weight' | 'length' | 'width' | 'height', unknown>;
  onClose: () => void;
  onSaved: (preset: ParcelPresetRow) => void;
}) {
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const create = useCreatePreset();
  const titleId = useId();

  const save = async () => {
    const dims = dimensions();
    const blank = (v: unknown) => (v === '' || v === undefined || v === null ? Number.NaN : v);
    const parsed = parcelPresetSchema.safeParse({
      name,
      weight: blank(dims.weight),
      length: blank(dims.length),
      width: blank(dims.width),
      height: blank(dims.height),
    });
    setNameError(null);
    setError(null);
    if (!parsed.success) {
      const nameIssue = parsed.error.issues.find((i) => i.path[0] === 'name');
      if (nameIssue) setNameError(nameIssue.message);
      if (parsed.error.issues.some((i) => i.path[0] !== 'name')) setError(PARCEL_MESSAGES.presetDimensions);
      return;
    }
    try {
      const preset = await create.mutateAsync(parsed.data);
      notify(ORDER_TEXT.presetSaved, { variant: 'success' });
      onSaved(preset);
    } catch (e) {
      const field = isApiError(e, 422) || isApiError(e, 409) ? e.fields.find((f) => f.path.endsWith('name')) : null;
      if (field) setNameError(field.message);
      else setError(quoteFailureMessage(e));
    }
  };

  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <DialogTitle id={titleId}>{ORDER_TEXT.savePreset}</DialogTitle>
      <DialogContent>
        <Box
          component="form"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            void save();
          }}
        >
          <AppTextField
            label={ORDER_TEXT.presetName}
            value={name}
            required
            onChange={(e) => setName(e.target.value)}
            error={!!nameError}
            helperText={nameError ?? undefined}
            autoComplete="off"
          />
        </Box>
        {error ? <MessageBanner kind="error">{error}</MessageBanner> : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{ORDER_TEXT.cancel}</Button>
        <Button variant="contained" onClick={() => void save()} disabled={create.isPending}>
          {ORDER_TEXT.save}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** The quote's rows as received (available by cost, then the refused with their reasons, not selectable). */
function QuoteList({
  rows,
  value,
  error,
  onChange,
}: {
  rows: readonly QuoteRow[];
  value: string | null;
  error: boolean;
  onChange: (service: string) => void;
}) {
  const legendId = useId();
  const none = rows.every((r) => !r.available);
  return (
    <Box sx={{ mt: 2 }}>
      {none ? (
        <Box sx={{ mb: 2 }} data-testid="no-carriers">
          <MessageBanner kind="warning">{PARCEL_MESSAGES.noCarriers}</MessageBanner>
        </Box>
      ) : null}
      {rows.length > 0 ? (
        <FormControl component="fieldset" error={error} sx={{ width: '100%' }}>
          <Typography component="legend" id={legendId} sx={{ fontWeight: 700, mb: 1 }}>
            {ORDER_TEXT.services}
          </Typography>
          <RadioGroup
            aria-labelledby={legendId}
            value={value ?? ''}
            onChange={(e) => onChange(e.target.value)}
            sx={{ gap: 1 }}
          >
            {rows.map((r) => (
              <Paper
                key={r.service}
                variant="outlined"
                data-testid="quote-row"
                data-available={r.available}
                sx={{
                  px: 1,
                  py: 0.5,
                  borderColor: value === r.service ? 'primary.main' : undefined,
                  bgcolor: r.available ? undefined : 'action.hover',
                }}
              >
                <FormControlLabel
                  value={r.service}
                  disabled={!r.available}
                  control={<Radio />}
                  sx={{ m: 0, width: '100%', alignItems: 'flex-start', '& .MuiFormControlLabel-label': { flex: 1 } }}
                  label={<QuoteRowContent row={r} />}
                />
              </Paper>
            ))}
          </RadioGroup>
          {error ? <FormHelperText role="alert">{ORDER_TEXT.chooseService}</FormHelperText> : null}
        </FormControl>
      ) : null}
    </Box>
  );
}

function QuoteRowContent({ row }: { row: QuoteRow }) {
  return (
    <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'flex-start', py: 1, minWidth: 0 }}>
      {row.logo ? (
        <Box
          component="img"
          src={row.logo}
          alt=""
          width={40}
          height={40}
          sx={{ objectFit: 'contain', flexShrink: 0, opacity: row.available ? 1 : 0.5 }}
        />
      ) : null}
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, justifyContent: 'space-between' }}>
          <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
            {row.carrier} – {row.service_name}
          </Typography>
          {row.available ? <Typography sx={{ fontWeight: 700 }}>{row.cost_text}</Typography> : null}
        </Box>
        {row.service_description ? (
          <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
            {row.service_description}
          </Typography>
        ) : null}
        {row.cover_text ? (
          <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            {row.cover_text}
          </Typography>
        ) : null}
        {!row.available && row.reason ? (
          <Typography variant="body2" color="text.secondary" sx={{ fontStyle: 'italic' }} data-testid="quote-reason">
            {row.reason}
          </Typography>
        ) : null}
      </Box>
    </Box>
  );
}

/** The spec's confirmation: the parcel, both parties, the collection date, the chosen service and its cost. */
function Confirmation({ me, values, row }: { me: Me; values: OrderValues; row: QuoteRow }) {
  const mayBalance = !me.account.restrictBalance || me.abilities.includes('top_up');
  const balance = useBalance(mayBalance);
  const d = values.details;
  const after = balance.data && row.cost !== null ? balance.data.available - row.cost : null;
  const facts: [string, ReactNode][] = [
    ['Carrier and service', `${row.carrier} – ${row.service_name}`],
    ['Cost', row.cost_text ?? (row.cost !== null ? formatPounds(row.cost) : '—')],
  ];
  if (after !== null)
    facts.push([
      'Balance after',
      <Box key="after" component="span" sx={{ color: after < 0 ? 'error.main' : undefined }}>
        {formatPounds(after)}
      </Box>,
    ]);
  facts.push(
    ['Collection date', formatCollectionDate(d.collection_date)],
    ['Sender', <Lines key="sender" lines={partyLines(values.sender)} />],
    ['Recipient', <Lines key="recipient" lines={partyLines(values.recipient)} />],
    ['Dimensions', `${d.length} × ${d.width} × ${d.height} cm`],
    ['Weight', `${d.weight} kg`],
    ['Goods value', `£${d.goods_value.toFixed(2)}`],
    ['Goods description', d.goods_description || '—'],
    ['Delivery notes', d.delivery_notes || '—'],
    ['Customs invoice required', 'No'],
  );
  return (
    <Box>
      <Box
        component="dl"
        data-testid="confirmation"
        sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 2, rowGap: 1, m: 0 }}
      >
        {facts.map(([label, value]) => (
          <Box key={label} sx={{ display: 'contents' }}>
            <Typography component="dt" color="text.secondary">
              {label}
            </Typography>
            <Typography component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
              {value}
            </Typography>
          </Box>
        ))}
      </Box>
    </Box>
  );
}

function Lines({ lines }: { lines: readonly string[] }) {
  return (
    <Box component="span" sx={{ display: 'block', whiteSpace: 'pre-line' }}>
      {lines.join('\n')}
    </Box>
  );
}

export default ParcelOrderPage;
