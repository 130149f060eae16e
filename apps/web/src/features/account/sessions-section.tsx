import { ACCOUNT_SETTINGS_TEXT as TEXT } from '@lp/domain';
import Button from '@mui/material/Button';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { api, isApiError } from '../../lib/api';
import { notify } from '../../lib/notify';
import { endSession } from '../../lib/session';
import { closeLiveUpdates } from '../notifications/live-updates';
import { SettingsSection } from './settings-section';

/** "Sessions": sign out everywhere (every session of the user, this one included) after "Are you sure". */
export function SessionsSection() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);

  const signOutEverywhere = async () => {
    setBusy(true);
    // Stop listening first: the session's end must not read as an expired session on the stream.
    closeLiveUpdates();
    try {
      await api.delete('/api/sessions');
    } catch (error) {
      // Signed out already (401) is what was asked; anything else leaves the user where they are.
      if (!isApiError(error, 401)) {
        setBusy(false);
        setConfirming(false);
        notify(error instanceof Error ? error.message : String(error), { variant: 'error' });
        return;
      }
    }
    endSession(queryClient);
    await navigate('/', { replace: true });
  };

  return (
    <SettingsSection title={TEXT.sessionsHeading} intro={TEXT.sessionsIntro}>
      <Button
        variant="outlined"
        color="error"
        onClick={() => setConfirming(true)}
        sx={{ width: { xs: '100%', sm: 'auto' } }}
      >
        {TEXT.signOutEverywhere}
      </Button>
      <ConfirmDialog
        open={confirming}
        busy={busy}
        message={TEXT.signOutEverywhereConfirm}
        onCancel={() => setConfirming(false)}
        onConfirm={() => void signOutEverywhere()}
      />
    </SettingsSection>
  );
}
