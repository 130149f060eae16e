import { zodResolver } from '@hookform/resolvers/zod';
import { changePasswordSchema, ACCOUNT_SETTINGS_TEXT as TEXT } from '@lp/domain';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { FormPasswordField, submissionFailureMessage, useInvalidSubmitSnackbar } from '../../components/form-fields';
import { notify } from '../../lib/notify';
import { useChangePassword } from './api';
import { SettingsSection } from './settings-section';

type Values = z.input<typeof changePasswordSchema>;
const LABELS = { current_password: TEXT.currentPassword, new_password: TEXT.newPassword } as const;
const EMPTY: Values = { current_password: '', new_password: '' };

/** "Password": the current password and a new one; other devices are signed out, this one stays. */
export function PasswordSection() {
  const change = useChangePassword();
  const form = useForm<Values>({ resolver: zodResolver(changePasswordSchema), defaultValues: EMPTY });
  const onInvalid = useInvalidSubmitSnackbar<Values>(LABELS);
  const onSubmit = form.handleSubmit(
    (values) =>
      change.mutate(values, {
        onSuccess: (answer) => {
          form.reset(EMPTY);
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
    <SettingsSection title={TEXT.passwordHeading} intro={TEXT.passwordIntro}>
      <Box component="form" noValidate onSubmit={onSubmit} sx={{ maxWidth: 560 }}>
        <FormPasswordField
          control={form.control}
          name="current_password"
          label={LABELS.current_password}
          autoComplete="current-password"
          required
        />
        <FormPasswordField
          control={form.control}
          name="new_password"
          label={LABELS.new_password}
          autoComplete="new-password"
          helperText={TEXT.newPasswordHint}
          required
        />
        <Button
          type="submit"
          variant="contained"
          loading={change.isPending}
          sx={{ mt: 2, width: { xs: '100%', sm: 'auto' } }}
        >
          {TEXT.changePassword}
        </Button>
      </Box>
    </SettingsSection>
  );
}
