import type { DeliveryPreferences } from '@lp/domain';
import { MESSAGES } from '@lp/domain';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { isApiError } from '../../lib/api';
import { notify } from '../../lib/notify';
import { useMe } from '../../lib/session';
import { useLetterSettings, useSaveDeliveryPreferences } from './delivery-preferences-api';

/** The form's words; the quoted ones are the spec's (part 2 section 2). */
export const DELIVERY_TEXT = {
  heading: 'Letter delivery',
  intro: 'How letters are delivered unless a letter says otherwise.',
  autoDeliver: 'Auto-deliver',
  autoDeliverHint: 'Letters that analyse cleanly are delivered at once with these preferences.',
  mail: 'Mail',
  print: 'Print',
  colour: 'Colour',
  blackAndWhite: 'Black and white',
  service: 'Service',
  premium: 'Premium (1st class)',
  standard: 'Standard (2nd class)',
  omitMail: 'Omit delivery via mail?',
  omitMailLocked: 'Letters must keep one channel: turn off "Omit delivery via email?" to omit mail.',
  email: 'Email',
  emailKind: 'Email kind',
  attachment: 'Attachment',
  link: 'Link',
  omitEmail: 'Omit delivery via email?',
  save: 'Save changes',
  readOnly: 'Only members who can manage the company can change these preferences.',
  loading: 'Loading delivery preferences',
  loadFailed: 'The delivery preferences could not be loaded.',
} as const;

function errorMessage(error: unknown): string {
  if (isApiError(error, 401) || isApiError(error, 403)) return MESSAGES.permissionDenied;
  if (isApiError(error) && error.status >= 400 && error.status < 500 && error.message) return error.message;
  return MESSAGES.genericError;
}

/** The spec's rule: omit-mail cannot stay on with omit-email on. */
function withOmitRule(p: DeliveryPreferences): DeliveryPreferences {
  return p.mail.omit && p.email.omit ? { ...p, mail: { ...p.mail, omit: false } } : p;
}

/** The "Letter delivery" section of /accountSettings: visible to every member, editable with manage_company. */
export function DeliveryPreferencesForm() {
  const headingId = useId();
  const me = useMe().data;
  const settings = useLetterSettings();
  const canEdit = me?.abilities.includes('manage_company') ?? false;
  let body: ReactNode;
  if (settings.data) body = <Fields initial={settings.data.delivery_preferences} canEdit={canEdit} />;
  else if (settings.isError) body = <Alert severity="error">{DELIVERY_TEXT.loadFailed}</Alert>;
  else
    body = (
      <Box sx={{ display: 'flex', justifyContent: 'center', py: 3 }}>
        <CircularProgress aria-label={DELIVERY_TEXT.loading} />
      </Box>
    );
  return (
    <Paper component="section" aria-labelledby={headingId} variant="outlined" sx={{ p: { xs: 2, sm: 3 }, mb: 3 }}>
      <Typography id={headingId} variant="h5" component="h2" gutterBottom>
        {DELIVERY_TEXT.heading}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {DELIVERY_TEXT.intro}
      </Typography>
      {body}
    </Paper>
  );
}

function Fields({ initial, canEdit }: { initial: DeliveryPreferences; canEdit: boolean }) {
  const ids = {
    autoHint: useId(),
    print: useId(),
    service: useId(),
    omitMailHint: useId(),
    kind: useId(),
    readOnly: useId(),
  };
  const navigate = useNavigate();
  const save = useSaveDeliveryPreferences();
  const [draft, setDraft] = useState<DeliveryPreferences>(() => withOmitRule(initial));
  const disabled = !canEdit || save.isPending;
  const set = (next: DeliveryPreferences) => setDraft(withOmitRule(next));
  const mailLocked = draft.email.omit;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!canEdit) return;
    save.mutate(withOmitRule(draft), {
      onSuccess: (answer) => {
        notify(answer.message, { variant: 'success' });
        navigate('/');
      },
      onError: (error) => notify(errorMessage(error), { variant: 'error' }),
    });
  };

  return (
    <Box component="form" noValidate onSubmit={submit} aria-describedby={canEdit ? undefined : ids.readOnly}>
      {canEdit ? null : (
        <Alert id={ids.readOnly} severity="info" sx={{ mb: 2 }}>
          {DELIVERY_TEXT.readOnly}
        </Alert>
      )}
      <Stack spacing={2.5}>
        <Box>
          <FormControlLabel
            control={
              <Switch
                checked={draft.autoSend}
                disabled={disabled}
                onChange={(e) => set({ ...draft, autoSend: e.target.checked })}
                slotProps={{ input: { 'aria-describedby': ids.autoHint } }}
              />
            }
            label={DELIVERY_TEXT.autoDeliver}
          />
          <FormHelperText id={ids.autoHint} sx={{ mt: 0 }}>
            {DELIVERY_TEXT.autoDeliverHint}
          </FormHelperText>
        </Box>

        <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
          <Typography component="legend" variant="subtitle1" sx={{ fontWeight: 600, mb: 1 }}>
            {DELIVERY_TEXT.mail}
          </Typography>
          <Stack spacing={1.5}>
            <FormControl disabled={disabled}>
              <FormLabel id={ids.print}>{DELIVERY_TEXT.print}</FormLabel>
              <RadioGroup
                row
                aria-labelledby={ids.print}
                name="mail-print"
                value={draft.mail.print}
                onChange={(e) =>
                  set({
                    ...draft,
                    mail: { ...draft.mail, print: e.target.value as DeliveryPreferences['mail']['print'] },
                  })
                }
              >
                <FormControlLabel value="colour" control={<Radio />} label={DELIVERY_TEXT.colour} />
                <FormControlLabel value="black_and_white" control={<Radio />} label={DELIVERY_TEXT.blackAndWhite} />
              </RadioGroup>
            </FormControl>
            <FormControl disabled={disabled}>
              <FormLabel id={ids.service}>{DELIVERY_TEXT.service}</FormLabel>
              <RadioGroup
                row
                aria-labelledby={ids.service}
                name="mail-service"
                value={draft.mail.service}
                onChange={(e) =>
                  set({
                    ...draft,
                    mail: { ...draft.mail, service: e.target.value as DeliveryPreferences['mail']['service'] },
                  })
                }
              >
                <FormControlLabel value="premium" control={<Radio />} label={DELIVERY_TEXT.premium} />
                <FormControlLabel value="standard" control={<Radio />} label={DELIVERY_TEXT.standard} />
              </RadioGroup>
            </FormControl>
            <Box>
              <FormControlLabel
                control={
                  <Switch
                    checked={draft.mail.omit}
                    disabled={disabled || mailLocked}
                    onChange={(e) => set({ ...draft, mail: { ...draft.mail, omit: e.target.checked } })}
                    slotProps={{ input: { 'aria-describedby': mailLocked ? ids.omitMailHint : undefined } }}
                  />
                }
                label={DELIVERY_TEXT.omitMail}
              />
              {mailLocked ? (
                <FormHelperText id={ids.omitMailHint} sx={{ mt: 0 }}>
                  {DELIVERY_TEXT.omitMailLocked}
                </FormHelperText>
              ) : null}
            </Box>
          </Stack>
        </Box>

        <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
          <Typography component="legend" variant="subtitle1" sx={{ fontWeight: 600, mb: 1 }}>
            {DELIVERY_TEXT.email}
          </Typography>
          <Stack spacing={1.5}>
            <FormControl disabled={disabled}>
              <FormLabel id={ids.kind}>{DELIVERY_TEXT.emailKind}</FormLabel>
              <RadioGroup
                row
                aria-labelledby={ids.kind}
                name="email-kind"
                value={draft.email.kind}
                onChange={(e) =>
                  set({
                    ...draft,
                    email: { ...draft.email, kind: e.target.value as DeliveryPreferences['email']['kind'] },
                  })
                }
              >
                <FormControlLabel value="attachment" control={<Radio />} label={DELIVERY_TEXT.attachment} />
                <FormControlLabel value="link" control={<Radio />} label={DELIVERY_TEXT.link} />
              </RadioGroup>
            </FormControl>
            <FormControlLabel
              control={
                <Switch
                  checked={draft.email.omit}
                  disabled={disabled}
                  onChange={(e) => set({ ...draft, email: { ...draft.email, omit: e.target.checked } })}
                />
              }
              label={DELIVERY_TEXT.omitEmail}
            />
          </Stack>
        </Box>

        <Box>
          <Button
            type="submit"
            variant="contained"
            disabled={disabled}
            loading={save.isPending}
            sx={{ width: { xs: '100%', sm: 'auto' } }}
          >
            {DELIVERY_TEXT.save}
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}
