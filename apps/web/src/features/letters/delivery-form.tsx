import { zodResolver } from '@hookform/resolvers/zod';
import { MAIL_MAX_PAGES } from '@lp/domain';
import Send from '@mui/icons-material/Send';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import { FormTextField, useInvalidSubmitSnackbar } from '../../components/form-fields';
import { toDateTimeLocal } from '../../lib/dates';
import { notify } from '../../lib/notify';
import type { Letter } from './api';
import { LETTER_MESSAGES } from './messages';

/** Part 1 section 9: a scheduled delivery is at least 1 minute and at most 30 days (2,580,000,000 ms) ahead. */
export const SCHEDULE_MIN_AHEAD_MS = 60_000;
export const SCHEDULE_MAX_AHEAD_MS = 2_580_000_000;

export const SCHEDULE_TOO_SOON = 'Choose a time at least 1 minute from now.';
export const SCHEDULE_TOO_LATE = 'Choose a time at most 30 days from now.';

/** The delivery form's values; checked by deliverySchema (part 1 section 5, "Letter delivery"). */
export function deliverySchema(now: () => number = Date.now) {
  return z
    .object({
      mail: z.boolean(),
      email: z.boolean(),
      cloud: z.boolean(),
      recipient_email: z.string().trim(),
      postage: z.enum(['premium', 'standard']),
      colour: z.enum(['colour', 'black_and_white']),
      when: z.enum(['now', 'scheduled']),
      scheduled_at: z.string(),
    })
    .superRefine((v, ctx) => {
      if (!v.mail && !v.email && !v.cloud)
        ctx.addIssue({ code: 'custom', path: ['mail'], message: LETTER_MESSAGES.noChannel });
      if (v.email) {
        if (!v.recipient_email)
          ctx.addIssue({ code: 'custom', path: ['recipient_email'], message: LETTER_MESSAGES.recipientEmailRequired });
        else if (!z.email().safeParse(v.recipient_email).success)
          ctx.addIssue({ code: 'custom', path: ['recipient_email'], message: LETTER_MESSAGES.recipientEmailInvalid });
      }
      if (v.when === 'scheduled') {
        const at = new Date(v.scheduled_at).getTime();
        const ahead = at - now();
        if (Number.isNaN(at) || ahead < SCHEDULE_MIN_AHEAD_MS)
          ctx.addIssue({ code: 'custom', path: ['scheduled_at'], message: SCHEDULE_TOO_SOON });
        else if (ahead > SCHEDULE_MAX_AHEAD_MS)
          ctx.addIssue({ code: 'custom', path: ['scheduled_at'], message: SCHEDULE_TOO_LATE });
      }
    });
}

export type DeliveryValues = z.input<ReturnType<typeof deliverySchema>>;

const LABELS = {
  mail: 'Delivery channels',
  recipient_email: "Recipient's email",
  scheduled_at: 'Delivery date and time',
} as const;

/** Why mail cannot be chosen for this letter, for people. */
function mailRefusal(letter: Pick<Letter, 'num_pages' | 'display_status'>): string {
  if ((letter.num_pages ?? 0) > MAIL_MAX_PAGES) return `Letters of more than ${MAIL_MAX_PAGES} pages cannot be posted.`;
  return 'This letter cannot be posted until its issues are fixed.';
}

export interface DeliveryFormProps {
  letter: Letter;
  mailDisabled: boolean;
  /** Deliver is enabled exactly per canDeliverLetter. */
  canDeliver: boolean;
}

/**
 * The letter panel's delivery form: channels (mail, email, cloud storage), the recipient's email,
 * postage (premium 1st class or standard 2nd class), colour, and now or scheduled. Delivery itself
 * is built by the next issue: Deliver checks the form and says so.
 */
export function DeliveryForm({ letter, mailDisabled, canDeliver }: DeliveryFormProps) {
  const form = useForm<DeliveryValues>({
    resolver: zodResolver(deliverySchema()),
    defaultValues: {
      mail: !mailDisabled,
      email: false,
      cloud: false,
      recipient_email: '',
      postage: 'premium',
      colour: 'colour',
      when: 'now',
      scheduled_at: toDateTimeLocal(new Date(Date.now() + 60 * 60 * 1000)),
    },
  });
  const onInvalid = useInvalidSubmitSnackbar<DeliveryValues>(LABELS);
  const email = form.watch('email');
  const mail = form.watch('mail');
  const when = form.watch('when');
  const channelError = form.formState.errors.mail?.message;

  const deliver = form.handleSubmit(() => {
    notify(LETTER_MESSAGES.deliveryNotAvailable, { variant: 'info' });
  }, onInvalid);

  return (
    <Box component="form" noValidate onSubmit={deliver} aria-label="Delivery" sx={{ mt: 3 }}>
      <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 700, mb: 1 }}>
        Delivery
      </Typography>
      <FormControl component="fieldset" error={!!channelError} sx={{ display: 'block' }}>
        <FormLabel component="legend">Delivery channels</FormLabel>
        <FormGroup row>
          <Controller
            control={form.control}
            name="mail"
            render={({ field }) => (
              <FormControlLabel
                label="Mail"
                disabled={mailDisabled}
                control={
                  <Checkbox
                    checked={!mailDisabled && !!field.value}
                    onChange={(e) => field.onChange(e.target.checked)}
                  />
                }
              />
            )}
          />
          <Controller
            control={form.control}
            name="email"
            render={({ field }) => (
              <FormControlLabel
                label="Email"
                control={<Checkbox checked={!!field.value} onChange={(e) => field.onChange(e.target.checked)} />}
              />
            )}
          />
          <Controller
            control={form.control}
            name="cloud"
            render={({ field }) => (
              <FormControlLabel
                label="Cloud storage"
                control={<Checkbox checked={!!field.value} onChange={(e) => field.onChange(e.target.checked)} />}
              />
            )}
          />
        </FormGroup>
        {mailDisabled ? <FormHelperText>{mailRefusal(letter)}</FormHelperText> : null}
        {channelError ? <FormHelperText>{channelError}</FormHelperText> : null}
      </FormControl>
      {email ? (
        <FormTextField
          control={form.control}
          name="recipient_email"
          label="Recipient's email"
          type="email"
          autoComplete="off"
          required
        />
      ) : null}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 4, mt: 1 }}>
        {mail && !mailDisabled ? (
          <Controller
            control={form.control}
            name="postage"
            render={({ field }) => (
              <FormControl component="fieldset" sx={{ mt: 1 }}>
                <FormLabel component="legend">Postage</FormLabel>
                <RadioGroup row value={field.value} onChange={(e) => field.onChange(e.target.value)}>
                  <FormControlLabel value="premium" control={<Radio />} label="Premium (1st class)" />
                  <FormControlLabel value="standard" control={<Radio />} label="Standard (2nd class)" />
                </RadioGroup>
              </FormControl>
            )}
          />
        ) : null}
        <Controller
          control={form.control}
          name="colour"
          render={({ field }) => (
            <FormControl component="fieldset" sx={{ mt: 1 }}>
              <FormLabel component="legend">Print</FormLabel>
              <RadioGroup row value={field.value} onChange={(e) => field.onChange(e.target.value)}>
                <FormControlLabel value="colour" control={<Radio />} label="Colour" />
                <FormControlLabel value="black_and_white" control={<Radio />} label="Black and white" />
              </RadioGroup>
            </FormControl>
          )}
        />
      </Box>
      <Controller
        control={form.control}
        name="when"
        render={({ field }) => (
          <FormControl component="fieldset" sx={{ mt: 1, display: 'block' }}>
            <FormLabel component="legend">When</FormLabel>
            <RadioGroup row value={field.value} onChange={(e) => field.onChange(e.target.value)}>
              <FormControlLabel value="now" control={<Radio />} label="Now" />
              <FormControlLabel value="scheduled" control={<Radio />} label="Scheduled" />
            </RadioGroup>
          </FormControl>
        )}
      />
      {when === 'scheduled' ? (
        <FormTextField
          control={form.control}
          name="scheduled_at"
          label="Delivery date and time"
          type="datetime-local"
          required
        />
      ) : null}
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: 2 }}>
        <Button type="submit" variant="contained" startIcon={<Send />} disabled={!canDeliver}>
          Deliver
        </Button>
      </Box>
    </Box>
  );
}
