import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link as RouterLink, useNavigate } from 'react-router';
import {
  FormPasswordField,
  FormTextField,
  submissionFailureMessage,
  useInvalidSubmitSnackbar,
} from '../../components/form-fields';
import { MessageBanner } from '../../components/message-banner';
import { api, isApiError } from '../../lib/api';
import { notify } from '../../lib/notify';
import { endSession } from '../../lib/session';
import { AuthCard } from './auth-card';
import { type SignInValues, signInResolver } from './sign-in-resolver';
import { welcome } from './welcome';

// MUI's Dialog (modal, focus trap, transitions) is only needed when the lookup answers 404: loaded
// then, it keeps /signIn under its 200 KB budget (docs/decisions/web-sign-in-bundle-budget.md).
const NotRegisteredDialog = lazy(() =>
  import('./not-registered-dialog').then((m) => ({ default: m.NotRegisteredDialog })),
);

const LABELS = { email: 'Email', password: 'Password' } as const;

export function SignInPage() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [failure, setFailure] = useState<string | null>(null);
  const [notRegistered, setNotRegistered] = useState<string | null>(null);
  const form = useForm<SignInValues>({ resolver: signInResolver, defaultValues: { email: '', password: '' } });
  const onInvalid = useInvalidSubmitSnackbar<SignInValues>(LABELS);

  const signIn = useMutation({
    mutationFn: (values: SignInValues) => api.post('/api/session', { body: values }),
    onSuccess: async (me) => {
      welcome(queryClient, me);
      await navigate('/main', { replace: true });
    },
    onError: (error, values) => {
      if (isApiError(error, 404)) {
        // The user lookup answered 404: the not-registered flow. The server kept no session; sign
        // out here too so nothing of it lingers (cookie, cached answers, CSRF token).
        void api.delete('/api/session').catch(() => undefined);
        endSession(queryClient);
        setNotRegistered(values.email);
        return;
      }
      const message = submissionFailureMessage(error, form.setError, LABELS);
      if (message) {
        setFailure(message);
        notify(message, { variant: 'error' });
      }
    },
  });

  const onSubmit = form.handleSubmit((values) => {
    setFailure(null);
    signIn.mutate(values);
  }, onInvalid);

  return (
    <AuthCard title="Sign in">
      {notRegistered !== null ? (
        <Suspense fallback={null}>
          <NotRegisteredDialog open email={notRegistered} onClose={() => setNotRegistered(null)} />
        </Suspense>
      ) : null}
      {failure ? <MessageBanner kind="error">{failure}</MessageBanner> : null}
      <Box component="form" noValidate onSubmit={onSubmit}>
        <FormTextField
          control={form.control}
          name="email"
          label={LABELS.email}
          type="email"
          autoComplete="email"
          required
        />
        <FormPasswordField
          control={form.control}
          name="password"
          label={LABELS.password}
          autoComplete="current-password"
          required
        />
        <Box sx={{ mt: 1, mb: 2 }}>
          <Link component={RouterLink} to="/resetPassword">
            Forgot your password?
          </Link>
        </Box>
        <Button type="submit" variant="contained" size="large" fullWidth disabled={signIn.isPending}>
          Sign in
        </Button>
      </Box>
      <Typography sx={{ mt: 3 }}>
        New to LetterPost?{' '}
        <Link component={RouterLink} to="/signUp">
          Create an account for your company
        </Link>
      </Typography>
    </AuthCard>
  );
}

export default SignInPage;
