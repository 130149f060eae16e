import { zodResolver } from '@hookform/resolvers/zod';
import {
  COMPANY_MESSAGES,
  type CompanyProfile,
  companyStatusLabel,
  formatPounds,
  MESSAGES,
  postalAddressLines,
  postalAddressSchema,
  vatNumberProblem,
} from '@lp/domain';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { type ReactNode, useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link as RouterLink } from 'react-router';
import { z } from 'zod';
import { FormTextField, submissionFailureMessage, useInvalidSubmitSnackbar } from '../../components/form-fields';
import { Loading } from '../../components/loading';
import { MessageBanner } from '../../components/message-banner';
import { Page } from '../../components/page';
import { isApiError } from '../../lib/api';
import { formatDisplayDate } from '../../lib/dates';
import { notify } from '../../lib/notify';
import { useCompanyProfile, useSaveCompanyDetails } from './company-api';

export const COMPANY_TEXT = {
  title: 'Company profile',
  lookUp: 'Look up registration',
  edit: 'Edit postal address',
  editHeading: 'Postal address and VAT number',
  editHint: "The postal address is your parcels' default sender and the return address of your letters.",
  replyTo: 'Reply-to email for letters',
  replyToHint:
    'Replies to letters you send by email go here. Leave it empty and they go to the member who sent each letter.',
  save: 'Save',
  saving: 'Saving…',
  cancel: 'Cancel',
  plans: 'Plans',
  loadFailed: 'The company profile could not be loaded.',
} as const;

const HEALTH: Record<string, string> = { active: 'Active', suspended: 'Suspended' };

/** The profile as label and value pairs; empty values are left out (part 2 section 2). */
export function profileEntries(p: CompanyProfile): [string, string | string[] | ReactNode][] {
  const r = p.registration;
  const entries: [string, string | string[] | ReactNode | null | undefined][] = [
    ['Company name', p.name],
    // The account id people see and give their bank as the transfer reference (decision 0031).
    ['Account ID', p.reference],
    ['Registered name', r?.company_name],
    ['Company number', r?.company_number],
    ['Company status', r ? companyStatusLabel(r.company_status) : null],
    ['Registered address', r?.registered_address],
    ['Incorporated on', r?.date_of_creation],
    ['Registration checked', r ? formatDisplayDate(r.checked_at) : null],
    ['Postal address', p.postal_address ? postalAddressLines(p.postal_address) : null],
    ['VAT number', p.vat_number],
    [COMPANY_TEXT.replyTo, p.reply_to_email],
    [
      'Plan',
      <span key="plan">
        {p.plan} (
        <Link component={RouterLink} to="/plans" sx={{ fontWeight: 600 }}>
          {COMPANY_TEXT.plans}
        </Link>
        )
      </span>,
    ],
    ['Account health', HEALTH[p.health.status] ?? p.health.status],
    ['Members', String(p.members)],
    ['Balance', p.balance === undefined ? null : formatPounds(p.balance)],
  ];
  return entries.filter(
    (e): e is [string, string | string[] | ReactNode] =>
      e[1] !== null && e[1] !== undefined && e[1] !== '' && !(Array.isArray(e[1]) && e[1].length === 0),
  );
}

function ProfileList({ profile }: { profile: CompanyProfile }) {
  return (
    <Box
      component="dl"
      sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'max-content 1fr' }, columnGap: 3, rowGap: 1, m: 0 }}
    >
      {profileEntries(profile).map(([label, value]) => (
        <Box key={label} sx={{ display: 'contents' }}>
          <Typography component="dt" sx={{ fontWeight: 600 }}>
            {label}
          </Typography>
          <Typography component="dd" sx={{ m: 0, mb: { xs: 1, sm: 0 }, overflowWrap: 'anywhere' }}>
            {Array.isArray(value) ? (
              <Box component="ul" sx={{ m: 0, p: 0, listStyle: 'none' }}>
                {value.map((line, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: lines of one address can repeat
                  <li key={i}>{line}</li>
                ))}
              </Box>
            ) : (
              value
            )}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

const detailsForm = postalAddressSchema.extend({
  vat_number: z
    .string()
    .trim()
    .max(30, { error: COMPANY_MESSAGES.vatInvalid })
    .superRefine((v, ctx) => {
      // The check-digit message for a number of the right shape, the format message otherwise.
      const problem = v === '' ? null : vatNumberProblem(v);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    }),
  reply_to_email: z
    .string()
    .trim()
    .max(254, { error: COMPANY_MESSAGES.replyToInvalid })
    .refine((v) => v === '' || z.email().safeParse(v).success, { error: COMPANY_MESSAGES.replyToInvalid }),
});
type DetailsInput = z.input<typeof detailsForm>;
type Details = z.output<typeof detailsForm>;

const LABELS: Partial<Record<keyof DetailsInput, string>> = {
  addressLine1: 'Address line 1',
  addressLine2: 'Address line 2',
  addressLine3: 'Address line 3',
  town: 'Town or city',
  county: 'County',
  postcode: 'Postcode',
  vat_number: 'VAT number',
  reply_to_email: COMPANY_TEXT.replyTo,
};
const REQUIRED = new Set(['addressLine1', 'town', 'postcode']);

/** The postal address and VAT number form (edit_company_address). */
function DetailsForm({ profile, onDone }: { profile: CompanyProfile; onDone: () => void }) {
  const headingId = useId();
  const save = useSaveCompanyDetails();
  const [failure, setFailure] = useState<string | null>(null);
  const a = profile.postal_address;
  const form = useForm<DetailsInput, unknown, Details>({
    resolver: zodResolver(detailsForm),
    defaultValues: {
      addressLine1: a?.addressLine1 ?? '',
      addressLine2: a?.addressLine2 ?? '',
      addressLine3: a?.addressLine3 ?? '',
      town: a?.town ?? '',
      county: a?.county ?? '',
      postcode: a?.postcode ?? '',
      vat_number: profile.vat_number ?? '',
      reply_to_email: profile.reply_to_email ?? '',
    },
  });
  const onInvalid = useInvalidSubmitSnackbar<DetailsInput>(LABELS);
  const submit = form.handleSubmit((values) => {
    setFailure(null);
    const { vat_number, reply_to_email, ...postal } = values;
    save.mutate(
      { postal_address: postal, vat_number: vat_number || null, reply_to_email: reply_to_email || null },
      {
        onSuccess: (answer) => {
          notify(answer.message, { variant: 'success' });
          onDone();
        },
        onError: (error) => {
          // The server names fields as postal_address.town; the form's are flat.
          const flat = isApiError(error)
            ? Object.assign(error, {
                fields: error.fields.map((f) => ({ ...f, path: f.path.replace(/^postal_address\./, '') })),
              })
            : error;
          setFailure(submissionFailureMessage(flat, form.setError, LABELS));
        },
      },
    );
  }, onInvalid);

  return (
    <Paper component="section" variant="outlined" aria-labelledby={headingId} sx={{ p: 2, mt: 3 }}>
      <Typography id={headingId} variant="h6" component="h2">
        {COMPANY_TEXT.editHeading}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {COMPANY_TEXT.editHint}
      </Typography>
      <Box component="form" noValidate onSubmit={submit}>
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, columnGap: 2 }}>
          {(Object.entries(LABELS) as [keyof DetailsInput, string][]).map(([name, label]) => (
            <Box
              key={name}
              sx={{
                gridColumn: name === 'addressLine1' || name === 'reply_to_email' ? { sm: '1 / -1' } : undefined,
                minWidth: 0,
              }}
            >
              <FormTextField
                control={form.control}
                name={name}
                label={label}
                required={REQUIRED.has(name)}
                autoComplete={name === 'vat_number' ? 'off' : name === 'reply_to_email' ? 'email' : undefined}
                type={name === 'reply_to_email' ? 'email' : undefined}
                helperText={name === 'reply_to_email' ? COMPANY_TEXT.replyToHint : undefined}
                margin="dense"
              />
            </Box>
          ))}
        </Box>
        {failure ? (
          <Box sx={{ mt: 1 }}>
            <MessageBanner kind="error">{failure}</MessageBanner>
          </Box>
        ) : null}
        <Box sx={{ display: 'flex', gap: 2, mt: 2, flexWrap: 'wrap' }}>
          <Button type="submit" variant="contained" disabled={save.isPending}>
            {save.isPending ? COMPANY_TEXT.saving : COMPANY_TEXT.save}
          </Button>
          <Button variant="outlined" onClick={onDone}>
            {COMPANY_TEXT.cancel}
          </Button>
        </Box>
      </Box>
    </Paper>
  );
}

/** /company: the company profile as non-empty key/value pairs (arrays as lists), with its edits. */
export function CompanyPage() {
  const profile = useCompanyProfile();
  const [editing, setEditing] = useState(false);
  const p = profile.data;
  const actions = p ? (
    <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
      {p.can.manage_registration ? (
        <Button component={RouterLink} to="/registrationInfo" variant="outlined">
          {COMPANY_TEXT.lookUp}
        </Button>
      ) : null}
      {p.can.edit_address && !editing ? (
        <Button variant="contained" onClick={() => setEditing(true)}>
          {COMPANY_TEXT.edit}
        </Button>
      ) : null}
    </Box>
  ) : null;
  return (
    <Page title={COMPANY_TEXT.title} actions={actions} maxWidth={900}>
      {profile.isPending ? <Loading /> : null}
      {profile.isError ? (
        <MessageBanner kind="error">
          {isApiError(profile.error, 403) ? MESSAGES.permissionDenied : COMPANY_TEXT.loadFailed}
        </MessageBanner>
      ) : null}
      {p ? <ProfileList profile={p} /> : null}
      {p && editing ? <DetailsForm profile={p} onDone={() => setEditing(false)} /> : null}
    </Page>
  );
}

export default CompanyPage;
