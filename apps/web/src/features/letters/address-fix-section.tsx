import { zodResolver } from '@hookform/resolvers/zod';
import {
  ADDRESS_FIXABLE_STATUSES,
  ADDRESS_RESET_STATUSES,
  ADDRESS_SHEET_REMOVABLE_STATUSES,
  ADDRESS_SHEET_STATUSES,
  LETTER_FIX_MESSAGES,
  LETTER_STATUS,
  type RecipientCorrection,
  recipientCorrectionSchema,
} from '@lp/domain';
import Add from '@mui/icons-material/Add';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { type ReactNode, useEffect, useId, useState } from 'react';
import { type FieldPath, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { applyServerFieldErrors, FormTextField, useInvalidSubmitSnackbar } from '../../components/form-fields';
import { MessageBanner } from '../../components/message-banner';
import { isApiError } from '../../lib/api';
import { notify } from '../../lib/notify';
import { type Letter, letterFailureMessage, useAddressReset, useAddressSheet, useCorrectRecipient } from './api';
import { isNoAddressFailure, MAX_RECIPIENT_LINES, recipientFormValues } from './letter-problem';
import { LETTER_MESSAGES } from './messages';

/** The words of the letter panel's address and window section. */
export const ADDRESS_FIX_TEXT = {
  heading: 'Address and window',
  showProblem: 'Show the problem on the page',
  reset: 'Re-set the address on page 1',
  addSheet: 'Add an address sheet',
  correct: 'Correct the address',
  confirm: 'Confirm the address',
  removeSheet: 'Take off the address sheet',
  undoReset: 'Undo the re-set address',
  sheetApplied:
    'This letter has an address sheet in front: page 1 is the sheet with the address, the pages after it are the letter as you uploaded it.',
  resetApplied:
    'The address on page 1 was set again inside the window: the old address area was whited out and the address set in a standard font. The rest of the letter is as you uploaded it.',
  toConfirm: (confidence: number) =>
    `Read by OCR with ${confidence}% confidence: check the address and confirm or correct it`,
  ocrNote: (confidence: number) => `Address read by OCR (${confidence}% confidence)`,
  correctAdvice:
    'Correct the address: type the recipient as it should be printed. The letter is checked again with it.',
  noAddressAdvice:
    "No address was read from page 1: type the recipient's address. Then add an address sheet to print it where the window shows it.",
  formTitle: 'Correct the address',
  name: 'Name',
  line: (n: number) => `Address line ${n}`,
  removeLine: (n: number) => `Remove address line ${n}`,
  addLine: 'Add a line',
  postcode: 'Postcode',
  save: 'Save the address',
  cancel: 'Cancel',
} as const;

/** What the section offers a letter (with create_letter), from its status, its fixes and its layout. */
export function addressFixes(letter: Letter) {
  const status = letter.status;
  const hasRecipient = !!letter.recipient_name_snapshot?.trim();
  const fixed = !!letter.address_sheet || !!letter.address_reset;
  return {
    /** Something on page 1 to show drawn over the preview. */
    windowProblem: ADDRESS_SHEET_STATUSES.includes(status),
    sheet: ADDRESS_SHEET_STATUSES.includes(status) && hasRecipient && !fixed,
    reset: ADDRESS_RESET_STATUSES.includes(status) && hasRecipient && !fixed && !!letter.layout?.resetOffered,
    correct: ADDRESS_FIXABLE_STATUSES.includes(status) || isNoAddressFailure(letter),
    confirm: status === LETTER_STATUS.addressToConfirm,
    undo: ADDRESS_SHEET_REMOVABLE_STATUSES.includes(status),
  };
}

/**
 * The letter panel's "Address and window" section (decision 0026): for a letter whose address or
 * window is not right for posting, the problem drawn on page 1 and the fixes one click each (re-set
 * the address on page 1, an address sheet in front, a corrected address), each undone again before
 * anything is sent; an address read by OCR to confirm; a corrected address before delivery.
 */
export function AddressFixSection({
  letter,
  abilities,
  onShowProblem,
}: {
  letter: Letter;
  abilities: readonly string[];
  onShowProblem: () => void;
}) {
  const headingId = useId();
  // The form is open to edit, or to check an address read that did not pass the checks on Confirm.
  const [correcting, setCorrecting] = useState<false | 'edit' | 'check'>(false);
  const sheet = useAddressSheet(letter.uuid);
  const reset = useAddressReset(letter.uuid);
  const recipient = useCorrectRecipient(letter.uuid);
  const canChange = abilities.includes('create_letter') && !letter.mark_for_deletion;
  const offers = addressFixes(letter);
  const busy = sheet.isPending || reset.isPending || recipient.isPending;
  const confidence = letter.ocr_confidence ?? 0;
  const noAddress = isNoAddressFailure(letter);
  const ocrNew = letter.status === LETTER_STATUS.analysisComplete && letter.address_source === 'ocr';

  const run = (call: Promise<{ message: string }>) =>
    call.then(
      (answer) => notify(answer.message, { variant: 'success' }),
      (error) => notify(letterFailureMessage(error), { variant: 'error' }),
    );

  const confirm = () => {
    const read = recipientCorrectionSchema.safeParse(recipientFormValues(letter));
    // An address read that would not pass the form's checks is corrected in the form instead.
    if (!read.success) setCorrecting('check');
    else void run(recipient.mutateAsync(read.data));
  };

  const showHeading =
    letter.address_sheet ||
    letter.address_reset ||
    offers.windowProblem ||
    offers.confirm ||
    noAddress ||
    (canChange && offers.correct);
  if (!showHeading && !ocrNew) return null;

  const correctButton =
    canChange && offers.correct && !correcting ? (
      <Button variant="outlined" disabled={busy} onClick={() => setCorrecting('edit')}>
        {ADDRESS_FIX_TEXT.correct}
      </Button>
    ) : null;

  return (
    <Box component="section" aria-labelledby={headingId} data-testid="address-fix" sx={{ mt: 3 }}>
      <Typography id={headingId} component="h3" variant="subtitle1" sx={{ fontWeight: 700, mb: 0.5 }}>
        {ADDRESS_FIX_TEXT.heading}
      </Typography>

      {ocrNew ? (
        <Typography variant="body2" color="text.secondary" data-testid="ocr-note" sx={{ mb: 1 }}>
          {ADDRESS_FIX_TEXT.ocrNote(confidence)}
        </Typography>
      ) : null}

      {letter.address_sheet ? (
        <Box sx={{ mb: 1.5 }} data-testid="address-sheet">
          <MessageBanner kind="info">{ADDRESS_FIX_TEXT.sheetApplied}</MessageBanner>
          {canChange ? (
            <Button
              sx={{ mt: 1 }}
              variant="outlined"
              disabled={busy || !offers.undo}
              onClick={() => void run(sheet.mutateAsync('remove'))}
            >
              {ADDRESS_FIX_TEXT.removeSheet}
            </Button>
          ) : null}
        </Box>
      ) : null}

      {letter.address_reset ? (
        <Box sx={{ mb: 1.5 }} data-testid="address-reset">
          <MessageBanner kind="info">{ADDRESS_FIX_TEXT.resetApplied}</MessageBanner>
          {canChange ? (
            <Button
              sx={{ mt: 1 }}
              variant="outlined"
              disabled={busy || !offers.undo}
              onClick={() => void run(reset.mutateAsync('remove'))}
            >
              {ADDRESS_FIX_TEXT.undoReset}
            </Button>
          ) : null}
        </Box>
      ) : null}

      {offers.confirm ? (
        <Box sx={{ mb: 1.5 }}>
          <MessageBanner kind="info">{ADDRESS_FIX_TEXT.toConfirm(confidence)}</MessageBanner>
          {canChange && !correcting ? (
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 1 }}>
              <Button variant="contained" disabled={busy} onClick={confirm}>
                {ADDRESS_FIX_TEXT.confirm}
              </Button>
              {correctButton}
            </Box>
          ) : null}
        </Box>
      ) : null}

      {offers.windowProblem ? (
        <Box sx={{ display: 'grid', gap: 1.5 }}>
          {letter.layout ? (
            <Box>
              <Button variant="outlined" onClick={onShowProblem}>
                {ADDRESS_FIX_TEXT.showProblem}
              </Button>
            </Box>
          ) : null}
          {offers.reset ? (
            <FixOption advice={LETTER_FIX_MESSAGES.resetAdvice}>
              {canChange ? (
                <Button variant="contained" disabled={busy} onClick={() => void run(reset.mutateAsync('add'))}>
                  {ADDRESS_FIX_TEXT.reset}
                </Button>
              ) : null}
            </FixOption>
          ) : null}
          {offers.sheet ? (
            <FixOption advice={LETTER_MESSAGES.addressSheetAdvice}>
              {canChange ? (
                <Button
                  variant={offers.reset ? 'outlined' : 'contained'}
                  disabled={busy}
                  onClick={() => void run(sheet.mutateAsync('add'))}
                >
                  {ADDRESS_FIX_TEXT.addSheet}
                </Button>
              ) : null}
            </FixOption>
          ) : null}
          {correctButton ? <FixOption advice={ADDRESS_FIX_TEXT.correctAdvice}>{correctButton}</FixOption> : null}
        </Box>
      ) : offers.confirm ? null : noAddress ? (
        correctButton ? (
          <FixOption advice={ADDRESS_FIX_TEXT.noAddressAdvice}>{correctButton}</FixOption>
        ) : null
      ) : (
        correctButton
      )}

      {correcting && canChange ? (
        <RecipientForm
          letter={letter}
          busy={busy}
          save={(body) => recipient.mutateAsync(body)}
          onDone={() => setCorrecting(false)}
          validateAtOnce={correcting === 'check'}
        />
      ) : null}
    </Box>
  );
}

/** One fix: what it does in words, then its button. */
function FixOption({ advice, children }: { advice: string; children: ReactNode }) {
  return (
    <Box>
      <Typography variant="body2" sx={{ mb: 1 }}>
        {advice}
      </Typography>
      {children}
    </Box>
  );
}

type RecipientInput = z.input<typeof recipientCorrectionSchema>;

const FIELD_LABELS: Partial<Record<FieldPath<RecipientInput>, string>> = {
  name: ADDRESS_FIX_TEXT.name,
  postcode: ADDRESS_FIX_TEXT.postcode,
  ...Object.fromEntries(
    Array.from({ length: MAX_RECIPIENT_LINES }, (_, i) => [`lines.${i}`, ADDRESS_FIX_TEXT.line(i + 1)]),
  ),
};
const INVALID_LABELS: Partial<Record<FieldPath<RecipientInput>, string>> = {
  name: ADDRESS_FIX_TEXT.name,
  postcode: ADDRESS_FIX_TEXT.postcode,
};

/** A server field path ("postcode", "body.lines.2") as the form's field. */
const formField = (path: string) => path.replace(/^body\./, '');

/**
 * The corrected recipient (PUT /api/letters/:id/recipient): the name, up to six address lines and
 * the postcode, filled in as read and checked as the server checks them; the server's field errors
 * show under their fields.
 */
export function RecipientForm({
  letter,
  busy,
  save,
  onDone,
  validateAtOnce = false,
}: {
  letter: Letter;
  busy: boolean;
  save: (body: RecipientCorrection) => Promise<{ message: string }>;
  onDone: () => void;
  /** Show what is wrong with the values read at once (a confirmation that did not pass the checks). */
  validateAtOnce?: boolean;
}) {
  const titleId = useId();
  const initial = recipientFormValues(letter);
  const form = useForm<RecipientInput, unknown, RecipientCorrection>({
    resolver: zodResolver(recipientCorrectionSchema),
    defaultValues: { ...initial, lines: initial.lines.length > 0 ? initial.lines : [''] },
  });
  const onInvalid = useInvalidSubmitSnackbar<RecipientInput>(INVALID_LABELS);
  const lines = form.watch('lines');
  const submitting = form.formState.isSubmitting;
  // biome-ignore lint/correctness/useExhaustiveDependencies: checked once, when the form opens
  useEffect(() => {
    if (validateAtOnce) void form.trigger();
  }, []);

  const setLines = (next: string[]) => {
    form.clearErrors('lines');
    form.setValue('lines', next, { shouldDirty: true });
  };

  const submit = form.handleSubmit(async (values) => {
    try {
      const answer = await save(values);
      notify(answer.message, { variant: 'success' });
      onDone();
    } catch (error) {
      if (isApiError(error, 422)) {
        const fields = error.fields.map((f) => ({ path: formField(f.path), message: f.message }));
        if (applyServerFieldErrors(fields, form.setError, FIELD_LABELS) > 0) return;
      }
      notify(letterFailureMessage(error), { variant: 'error' });
    }
  }, onInvalid);

  const listError = form.formState.errors.lines?.message ?? form.formState.errors.lines?.root?.message;
  return (
    <Box
      component="form"
      noValidate
      aria-labelledby={titleId}
      data-testid="recipient-form"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
      sx={{ mt: 1.5, p: 1.5, border: 1, borderColor: 'divider', borderRadius: 1 }}
    >
      <Typography id={titleId} component="h4" variant="subtitle2" sx={{ fontWeight: 700 }}>
        {ADDRESS_FIX_TEXT.formTitle}
      </Typography>
      <FormTextField
        control={form.control}
        name="name"
        label={ADDRESS_FIX_TEXT.name}
        required
        autoComplete="off"
        margin="dense"
      />
      {lines.map((_, i) => (
        // Lines are plain strings: their place in the list is their identity.
        // biome-ignore lint/suspicious/noArrayIndexKey: the fields are bound by index (lines.0, lines.1, ...)
        <Box key={i} sx={{ display: 'flex', alignItems: 'flex-start', gap: 0.5 }}>
          <FormTextField
            control={form.control}
            name={`lines.${i}`}
            label={ADDRESS_FIX_TEXT.line(i + 1)}
            autoComplete="off"
            margin="dense"
          />
          {lines.length > 1 ? (
            <IconButton
              aria-label={ADDRESS_FIX_TEXT.removeLine(i + 1)}
              onClick={() => setLines(lines.filter((__, j) => j !== i))}
              disabled={submitting}
              sx={{ mt: 1.5 }}
            >
              <DeleteOutlined />
            </IconButton>
          ) : null}
        </Box>
      ))}
      {listError ? <FormHelperText error>{listError}</FormHelperText> : null}
      {lines.length < MAX_RECIPIENT_LINES ? (
        <Button size="small" startIcon={<Add />} onClick={() => setLines([...lines, ''])} disabled={submitting}>
          {ADDRESS_FIX_TEXT.addLine}
        </Button>
      ) : null}
      <FormTextField
        control={form.control}
        name="postcode"
        label={ADDRESS_FIX_TEXT.postcode}
        required
        autoComplete="off"
        margin="dense"
      />
      <Box sx={{ display: 'flex', flexWrap: 'wrap', justifyContent: 'flex-end', gap: 1, mt: 1 }}>
        <Button onClick={onDone} disabled={submitting}>
          {ADDRESS_FIX_TEXT.cancel}
        </Button>
        <Button type="submit" variant="contained" disabled={submitting || busy}>
          {ADDRESS_FIX_TEXT.save}
        </Button>
      </Box>
    </Box>
  );
}
