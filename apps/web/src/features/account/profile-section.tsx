import { zodResolver } from '@hookform/resolvers/zod';
import { type Profile, profileUpdateSchema, ACCOUNT_SETTINGS_TEXT as TEXT } from '@lp/domain';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { FormTextField, submissionFailureMessage, useInvalidSubmitSnackbar } from '../../components/form-fields';
import { AppTextField } from '../../components/text-field';
import { notify } from '../../lib/notify';
import { useProfile, useSaveProfile } from './api';
import { SettingsSection } from './settings-section';

type Values = z.input<typeof profileUpdateSchema>;
const LABELS = { user_name: TEXT.name, job_title: TEXT.jobTitle, phone_number: TEXT.phone } as const;

/** "Your profile": the user's own name, job title and phone number; the email is shown, not edited. */
export function ProfileSection() {
  const profile = useProfile();
  let body = (
    <Box sx={{ display: 'flex', justifyContent: 'center', py: 3 }}>
      <CircularProgress aria-label={TEXT.profileHeading} />
    </Box>
  );
  if (profile.data) body = <ProfileForm profile={profile.data} />;
  else if (profile.isError) body = <Alert severity="error">{TEXT.loadFailed}</Alert>;
  return (
    <SettingsSection title={TEXT.profileHeading} intro={TEXT.profileIntro}>
      {body}
    </SettingsSection>
  );
}

function ProfileForm({ profile }: { profile: Profile }) {
  const save = useSaveProfile();
  const form = useForm<Values>({
    resolver: zodResolver(profileUpdateSchema),
    defaultValues: { user_name: profile.user_name, job_title: profile.job_title, phone_number: profile.phone_number },
  });
  const onInvalid = useInvalidSubmitSnackbar<Values>(LABELS);
  const onSubmit = form.handleSubmit(
    (values) =>
      save.mutate(values, {
        onSuccess: (answer) => {
          form.reset({ user_name: answer.user_name, job_title: answer.job_title, phone_number: answer.phone_number });
          notify(answer.message, { variant: 'success' });
        },
        onError: (error) => {
          const message = submissionFailureMessage(error, form.setError, LABELS);
          if (message) notify(message, { variant: 'error' });
        },
      }),
    onInvalid,
  );
  return (
    <Box component="form" noValidate onSubmit={onSubmit} sx={{ maxWidth: 560 }}>
      <FormTextField control={form.control} name="user_name" label={LABELS.user_name} autoComplete="name" required />
      <AppTextField label={TEXT.email} value={profile.email_address} readOnly helperText={TEXT.emailHint} />
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
        inputMode="tel"
        autoComplete="tel"
        helperText={TEXT.phoneHint}
      />
      <Button
        type="submit"
        variant="contained"
        loading={save.isPending}
        sx={{ mt: 2, width: { xs: '100%', sm: 'auto' } }}
      >
        {TEXT.saveProfile}
      </Button>
    </Box>
  );
}
