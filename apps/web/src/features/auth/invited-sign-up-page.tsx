import { zodResolver } from '@hookform/resolvers/zod';
import { acceptInviteSchema, MESSAGES } from '@lp/domain';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate, useParams } from 'react-router';
import type { z } from 'zod';
import {
  FormPasswordField,
  FormTextField,
  submissionFailureMessage,
  useInvalidSubmitSnackbar,
} from '../../components/form-fields';
import { Loading } from '../../components/loading';
import { MessageBanner } from '../../components/message-banner';
import { AppTextField } from '../../components/text-field';
import { type ApiResponse, api, isApiError } from '../../lib/api';
import { notify } from '../../lib/notify';
import { AuthCard } from './auth-card';
import { welcome } from './welcome';

export const INVITATION_INVALID = 'This invitation is not valid or has already been used.';

type Invitation = ApiResponse<'/api/invitations/{uniqueId}/{accountId}'>;

type AcceptValues = z.output<typeof acceptInviteSchema>;
const LABELS = {
  user_name: 'Full name',
  job_title: 'Job title',
  phone_number: 'Phone number',
  password: 'Password',
} as const;

/** /invited/signUp/:uniqueId/:accountId: validates the invitation, then lets the invited user join. */
export function InvitedSignUpPage() {
  const { uniqueId = '', accountId = '' } = useParams();
  const invitation = useQuery({
    queryKey: ['invitation', uniqueId, accountId],
    queryFn: ({ signal }) =>
      api.get('/api/invitations/{uniqueId}/{accountId}', { params: { uniqueId, accountId }, signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });

  if (invitation.isPending) {
    return (
      <AuthCard title="Join your company">
        <Loading />
      </AuthCard>
    );
  }
  if (invitation.isError) {
    const notFound = isApiError(invitation.error, 404) || isApiError(invitation.error, 409);
    return (
      <AuthCard title="Join your company">
        <MessageBanner kind="error">{notFound ? INVITATION_INVALID : MESSAGES.genericError}</MessageBanner>
      </AuthCard>
    );
  }
  return <AcceptForm invitation={invitation.data} uniqueId={uniqueId} accountId={accountId} />;
}

function AcceptForm({
  invitation,
  uniqueId,
  accountId,
}: {
  invitation: Invitation;
  uniqueId: string;
  accountId: string;
}) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm({
    resolver: zodResolver(acceptInviteSchema),
    defaultValues: {
      unique_id: uniqueId,
      account_id: accountId,
      user_name: invitation.full_name,
      job_title: '',
      phone_number: '',
      password: '',
    },
  });
  const onInvalid = useInvalidSubmitSnackbar<AcceptValues>(LABELS);

  const accept = useMutation({
    mutationFn: (values: AcceptValues) => api.post('/api/invitations/accept', { body: values }),
    onSuccess: async (me) => {
      welcome(queryClient, me);
      await navigate('/main', { replace: true });
    },
    onError: (error) => {
      const message =
        isApiError(error, 404) || isApiError(error, 409)
          ? INVITATION_INVALID
          : submissionFailureMessage(error, form.setError, LABELS);
      if (!message) return;
      setFailure(message);
      notify(message, { variant: 'error' });
    },
  });

  return (
    <AuthCard title="Join your company">
      <Typography>
        You have been invited to join <strong>{invitation.account_name}</strong>. Complete your details to accept.
      </Typography>
      {failure ? <MessageBanner kind="error">{failure}</MessageBanner> : null}
      <Box
        component="form"
        noValidate
        onSubmit={form.handleSubmit((values) => {
          setFailure(null);
          accept.mutate(values);
        }, onInvalid)}
      >
        <FormTextField control={form.control} name="user_name" label={LABELS.user_name} autoComplete="name" required />
        <AppTextField
          label="Email"
          value={invitation.email_address}
          type="email"
          helperText="The address your invitation was sent to"
          readOnly
        />
        <FormTextField
          control={form.control}
          name="job_title"
          label={LABELS.job_title}
          autoComplete="organization-title"
        />
        <FormTextField
          control={form.control}
          name="phone_number"
          label={LABELS.phone_number}
          type="tel"
          autoComplete="tel"
          helperText="Optional. A UK number starting with 0 or +44"
        />
        <FormPasswordField
          control={form.control}
          name="password"
          label={LABELS.password}
          autoComplete="new-password"
          helperText="At least 8 characters"
          required
        />
        <Button type="submit" variant="contained" size="large" fullWidth disabled={accept.isPending} sx={{ mt: 2 }}>
          Accept invitation
        </Button>
      </Box>
    </AuthCard>
  );
}

export default InvitedSignUpPage;
