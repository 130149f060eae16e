import { zodResolver } from '@hookform/resolvers/zod';
import { MESSAGES, signUpSchema } from '@lp/domain';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link as RouterLink, useNavigate } from 'react-router';
import type { z } from 'zod';
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
import { welcome } from './welcome';

type SignUpValues = z.output<typeof signUpSchema>;
const LABELS = { companyName: 'Company name', fullName: 'Full name', email: 'Email', password: 'Password' } as const;

type Failure = { kind: 'already-registered' } | { kind: 'error'; message: string };

export function SignUpPage() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [failure, setFailure] = useState<Failure | null>(null);
  const form = useForm({
    resolver: zodResolver(signUpSchema),
    defaultValues: { companyName: '', fullName: '', email: '', password: '' },
  });
  const onInvalid = useInvalidSubmitSnackbar<SignUpValues>(LABELS);

  const signUp = useMutation({
    mutationFn: (values: SignUpValues) => api.post('/api/signup', { body: values }),
    onSuccess: async (me) => {
      welcome(queryClient, me);
      // A new company looks itself up in the company register next (or skips it for now).
      await navigate('/registrationInfo', { replace: true, state: { afterSignUp: true } });
    },
    onError: (error) => {
      if (isApiError(error, 409)) {
        setFailure({ kind: 'already-registered' });
        return;
      }
      const message = submissionFailureMessage(error, form.setError, LABELS);
      if (!message) return;
      setFailure({ kind: 'error', message });
      notify(message, { variant: 'error' });
    },
  });

  const onSubmit = form.handleSubmit((values) => {
    setFailure(null);
    signUp.mutate(values);
  }, onInvalid);

  return (
    <AuthCard title="Register your company">
      {failure?.kind === 'already-registered' ? (
        <MessageBanner kind="warning">
          <Typography component="p" sx={{ mb: 1 }}>
            {MESSAGES.alreadyRegistered}
          </Typography>
          <Button
            variant="outlined"
            color="inherit"
            onClick={() => navigate('/resetPassword', { state: { email: form.getValues('email') } })}
          >
            {MESSAGES.resetPasswordLink}
          </Button>
        </MessageBanner>
      ) : null}
      {failure?.kind === 'error' ? <MessageBanner kind="error">{failure.message}</MessageBanner> : null}
      <Box component="form" noValidate onSubmit={onSubmit}>
        <FormTextField
          control={form.control}
          name="companyName"
          label={LABELS.companyName}
          autoComplete="organization"
          required
        />
        <FormTextField control={form.control} name="fullName" label={LABELS.fullName} autoComplete="name" required />
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
          autoComplete="new-password"
          helperText="At least 8 characters"
          required
        />
        <Button type="submit" variant="contained" size="large" fullWidth disabled={signUp.isPending} sx={{ mt: 2 }}>
          Create account
        </Button>
      </Box>
      <Typography sx={{ mt: 3 }}>
        Already registered?{' '}
        <Link component={RouterLink} to="/signIn">
          Go to the sign-in page
        </Link>
      </Typography>
    </AuthCard>
  );
}

export default SignUpPage;
