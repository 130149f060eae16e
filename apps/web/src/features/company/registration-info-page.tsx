import { COMPANY_MESSAGES, companyStatusLabel, MESSAGES, normaliseCompanyNumber } from '@lp/domain';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { type FormEvent, useId, useState } from 'react';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router';
import { MessageBanner } from '../../components/message-banner';
import { Page } from '../../components/page';
import { AppTextField } from '../../components/text-field';
import { isApiError } from '../../lib/api';
import { notify } from '../../lib/notify';
import { useMe } from '../../lib/session';
import { type RegisteredCompany, useCompanyProfile, useLookupRegistration, useSaveRegistration } from './company-api';

export const REGISTRATION_TEXT = {
  title: 'Registration information',
  intro:
    "Enter your company's registration number. We look it up in the UK company register (Companies House) and fill in its registered name, number, address and status.",
  label: 'Company registration number',
  hint: '8 digits, or 2 letters and 6 digits (for example 01234567 or SC123456)',
  lookUp: 'Look up',
  lookingUp: 'Looking up…',
  found: 'Is this your company?',
  confirm: 'Confirm and save',
  saving: 'Saving…',
  another: 'Look up another number',
  skip: 'Skip for now',
  back: 'Back to company profile',
  notAllowed:
    "Only the account owner or a member who may manage the company can look up and save the company's registration.",
  current: (name: string, number: string) => `Saved registration: ${name} (${number}).`,
} as const;

/** The register's answer as a list of labelled values (the registered address as lines). */
export function RegisteredCompanyDetails({ company }: { company: RegisteredCompany }) {
  const rows: [string, React.ReactNode][] = [
    ['Registered name', company.company_name],
    ['Company number', company.company_number],
    [
      'Registered address',
      <Box component="ul" key="address" sx={{ m: 0, p: 0, listStyle: 'none' }}>
        {company.registered_address.map((l) => (
          <li key={l}>{l}</li>
        ))}
      </Box>,
    ],
    ['Status', companyStatusLabel(company.company_status)],
    ...(company.date_of_creation ? [['Incorporated on', company.date_of_creation] as [string, string]] : []),
  ];
  return (
    <Box
      component="dl"
      sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'max-content 1fr' }, columnGap: 3, rowGap: 1, m: 0 }}
    >
      {rows.map(([label, value]) => (
        <Box key={label} sx={{ display: 'contents' }}>
          <Typography component="dt" sx={{ fontWeight: 600 }}>
            {label}
          </Typography>
          <Typography component="dd" sx={{ m: 0, mb: { xs: 1, sm: 0 }, overflowWrap: 'anywhere' }}>
            {value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

/**
 * /registrationInfo: the company looks itself up in the UK company register and, once it sees the
 * register's answer, saves it. Reached after sign-up (with "Skip for now") and from /company.
 */
export function RegistrationInfoPage() {
  const me = useMe().data;
  const location = useLocation();
  const navigate = useNavigate();
  const afterSignUp = (location.state as { afterSignUp?: boolean } | null)?.afterSignUp === true;
  const saved = useCompanyProfile().data?.registration ?? null;
  const lookup = useLookupRegistration();
  const save = useSaveRegistration();
  const [typed, setTyped] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [found, setFound] = useState<RegisteredCompany | null>(null);
  const foundHeading = useId();
  const allowed = me?.abilities.includes('manage_company') ?? false;

  const explain = (error: unknown) => {
    if (isApiError(error, 400)) {
      setFieldError(error.message);
      notify(`${REGISTRATION_TEXT.label} - ${error.message}`, {
        variant: 'error',
        anchorOrigin: { vertical: 'bottom', horizontal: 'left' },
      });
      return;
    }
    setFailure(isApiError(error) ? error.message : MESSAGES.genericError);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    setFound(null);
    const message = !typed.trim()
      ? MESSAGES.required
      : normaliseCompanyNumber(typed)
        ? null
        : COMPANY_MESSAGES.numberInvalid;
    setFieldError(message);
    if (message) {
      notify(`${REGISTRATION_TEXT.label} - ${message}`, {
        variant: 'error',
        anchorOrigin: { vertical: 'bottom', horizontal: 'left' },
      });
      return;
    }
    lookup.mutate(typed, { onSuccess: (answer) => setFound(answer.company), onError: explain });
  };

  const confirm = () => {
    if (!found) return;
    setFailure(null);
    save.mutate(found.company_number, {
      onSuccess: async (answer) => {
        notify(answer.message, { variant: 'success' });
        // Straight after sign-up the owner carries on to the dashboard, where the first-run welcome
        // waits (as "Skip for now" does); otherwise back to the profile the lookup was opened from.
        await navigate(afterSignUp ? '/main' : '/company');
      },
      onError: explain,
    });
  };

  const leave = afterSignUp ? (
    <Link component={RouterLink} to="/main">
      {REGISTRATION_TEXT.skip}
    </Link>
  ) : (
    <Link component={RouterLink} to="/company">
      {REGISTRATION_TEXT.back}
    </Link>
  );

  if (me && !allowed)
    return (
      <Page title={REGISTRATION_TEXT.title} maxWidth={720}>
        <MessageBanner kind="info">{REGISTRATION_TEXT.notAllowed}</MessageBanner>
        <Typography sx={{ mt: 2 }}>{leave}</Typography>
      </Page>
    );

  return (
    <Page title={REGISTRATION_TEXT.title} maxWidth={720}>
      <Typography sx={{ mb: 2 }}>{REGISTRATION_TEXT.intro}</Typography>
      {saved ? (
        <Box sx={{ mb: 2 }}>
          <MessageBanner kind="info">
            {REGISTRATION_TEXT.current(saved.company_name, saved.company_number)}
          </MessageBanner>
        </Box>
      ) : null}
      <Box component="form" noValidate onSubmit={submit} sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
        <AppTextField
          label={REGISTRATION_TEXT.label}
          name="registration_number"
          value={typed}
          required
          autoComplete="off"
          error={!!fieldError}
          helperText={fieldError ?? REGISTRATION_TEXT.hint}
          onChange={(e) => {
            setTyped(e.target.value);
            setFieldError(null);
          }}
        />
        <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
          <Button type="submit" variant="contained" disabled={lookup.isPending}>
            {lookup.isPending ? REGISTRATION_TEXT.lookingUp : REGISTRATION_TEXT.lookUp}
          </Button>
          {leave}
        </Box>
      </Box>
      {failure ? (
        <Box sx={{ mt: 2 }}>
          <MessageBanner kind="error">{failure}</MessageBanner>
        </Box>
      ) : null}
      {found ? (
        <Paper component="section" variant="outlined" aria-labelledby={foundHeading} sx={{ mt: 3, p: 2 }}>
          <Typography id={foundHeading} variant="h6" component="h2" sx={{ mb: 1 }}>
            {REGISTRATION_TEXT.found}
          </Typography>
          <RegisteredCompanyDetails company={found} />
          <Box sx={{ display: 'flex', gap: 2, mt: 2, flexWrap: 'wrap' }}>
            <Button variant="contained" onClick={confirm} disabled={save.isPending}>
              {save.isPending ? REGISTRATION_TEXT.saving : REGISTRATION_TEXT.confirm}
            </Button>
            <Button
              variant="outlined"
              onClick={() => {
                setFound(null);
                setTyped('');
              }}
            >
              {REGISTRATION_TEXT.another}
            </Button>
          </Box>
        </Paper>
      ) : null}
    </Page>
  );
}

export default RegistrationInfoPage;
