import { zodResolver } from '@hookform/resolvers/zod';
import { passwordField, resetRequestSchema } from '@lp/domain';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link as RouterLink, useLocation, useNavigate, useSearchParams } from 'react-router';
import { z } from 'zod';
import {
  FormPasswordField,
  FormTextField,
  submissionFailureMessage,
  useInvalidSubmitSnackbar,
} from '../../components/form-fields';
import { MessageBanner } from '../../components/message-banner';
import { api, isApiError } from '../../lib/api';
import { notify } from '../../lib/notify';
import { AuthCard } from './auth-card';

export const RESET_LINK_SENT =
  'If an account exists for that email address, we have sent it a link to reset your password. The link works once.';
export const RESET_DONE = 'Your password has been reset. You can now sign in with your new password.';
export const RESET_LINK_INVALID = 'This reset link has expired or has already been used.';

/** /resetPassword: asks for the email without a token, and for the new password with ?token=. */
export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token');
  return token ? <NewPasswordForm token={token} /> : <RequestLinkForm />;
}

type RequestValues = z.output<typeof resetRequestSchema>;
const REQUEST_LABELS = { email: 'Email' } as const;

function RequestLinkForm() {
  const location = useLocation();
  const prefill = (location.state as { email?: unknown } | null)?.email;
  const [sent, setSent] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm({
    resolver: zodResolver(resetRequestSchema),
    defaultValues: { email: typeof prefill === 'string' ? prefill : '' },
  });
  const onInvalid = useInvalidSubmitSnackbar<RequestValues>(REQUEST_LABELS);
  const request = useMutation({
    mutationFn: (values: RequestValues) => api.post('/api/password-reset/request', { body: values }),
    onSuccess: (answer) => setSent(answer?.message || RESET_LINK_SENT),
    onError: (error) => {
      const message = submissionFailureMessage(error, form.setError, REQUEST_LABELS);
      if (!message) return;
      setFailure(message);
      notify(message, { variant: 'error' });
    },
  });

  if (sent) {
    return (
      <AuthCard title="Reset your password">
        <Stack spacing={2}>
          <MessageBanner kind="success">{sent}</MessageBanner>
          <Link component={RouterLink} to="/signIn">
            Go to the sign-in page
          </Link>
        </Stack>
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Reset your password">
      <Typography>
        Enter the email address you sign in with and we will send you a link to choose a new password.
      </Typography>
      {failure ? <MessageBanner kind="error">{failure}</MessageBanner> : null}
      <Box
        component="form"
        noValidate
        onSubmit={form.handleSubmit((values) => {
          setFailure(null);
          request.mutate(values);
        }, onInvalid)}
      >
        <FormTextField
          control={form.control}
          name="email"
          label={REQUEST_LABELS.email}
          type="email"
          autoComplete="email"
          required
        />
        <Button type="submit" variant="contained" size="large" fullWidth disabled={request.isPending} sx={{ mt: 2 }}>
          Send reset link
        </Button>
      </Box>
    </AuthCard>
  );
}

const newPasswordSchema = z.strictObject({ password: passwordField });
type NewPasswordValues = z.output<typeof newPasswordSchema>;
const NEW_PASSWORD_LABELS = { password: 'New password' } as const;

function NewPasswordForm({ token }: { token: string }) {
  const navigate = useNavigate();
  const [done, setDone] = useState<string | null>(null);
  const [failure, setFailure] = useState<{ message: string; expired: boolean } | null>(null);
  const form = useForm({ resolver: zodResolver(newPasswordSchema), defaultValues: { password: '' } });
  const onInvalid = useInvalidSubmitSnackbar<NewPasswordValues>(NEW_PASSWORD_LABELS);
  const reset = useMutation({
    mutationFn: (values: NewPasswordValues) =>
      api.post('/api/password-reset', { body: { token, password: values.password } }),
    onSuccess: (answer) => setDone(answer?.message || RESET_DONE),
    onError: (error) => {
      const tokenRejected =
        isApiError(error, 400, 'INVALID_TOKEN') ||
        isApiError(error, 404) ||
        (isApiError(error, 422) && error.fields.some((f) => f.path === 'token'));
      if (tokenRejected) {
        setFailure({ message: RESET_LINK_INVALID, expired: true });
        notify(RESET_LINK_INVALID, { variant: 'error' });
        return;
      }
      const message = submissionFailureMessage(error, form.setError, NEW_PASSWORD_LABELS);
      if (!message) return;
      setFailure({ message, expired: false });
      notify(message, { variant: 'error' });
    },
  });

  if (done) {
    return (
      <AuthCard title="Choose a new password">
        <Stack spacing={2}>
          <MessageBanner kind="success">{done}</MessageBanner>
          <Link component={RouterLink} to="/signIn">
            Go to the sign-in page
          </Link>
        </Stack>
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Choose a new password">
      {failure ? (
        <MessageBanner
          kind="error"
          action={
            failure.expired ? (
              <Button color="inherit" size="small" onClick={() => navigate('/resetPassword', { replace: true })}>
                Request a new link
              </Button>
            ) : undefined
          }
        >
          {failure.message}
        </MessageBanner>
      ) : null}
      <Box
        component="form"
        noValidate
        onSubmit={form.handleSubmit((values) => {
          setFailure(null);
          reset.mutate(values);
        }, onInvalid)}
      >
        <FormPasswordField
          control={form.control}
          name="password"
          label={NEW_PASSWORD_LABELS.password}
          autoComplete="new-password"
          helperText="At least 8 characters"
          required
        />
        <Button type="submit" variant="contained" size="large" fullWidth disabled={reset.isPending} sx={{ mt: 2 }}>
          Reset password
        </Button>
      </Box>
    </AuthCard>
  );
}

export default ResetPasswordPage;
