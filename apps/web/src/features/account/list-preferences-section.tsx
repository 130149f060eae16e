import {
  DEFAULT_LIST_PREFERENCES,
  LIST_PREFERENCES,
  type ListPreferences,
  ACCOUNT_SETTINGS_TEXT as TEXT,
} from '@lp/domain';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import Typography from '@mui/material/Typography';
import { type FormEvent, useState } from 'react';
import { submissionFailureMessage } from '../../components/form-fields';
import { notify } from '../../lib/notify';
import { useListPreferences, useSaveListPreferences } from './api';
import { SettingsSection } from './settings-section';

/** "List preferences": which of the letters list's tabs the user sees (the spec's showUploaded, ...). */
export function ListPreferencesSection() {
  const preferences = useListPreferences();
  return (
    <SettingsSection title={TEXT.listsHeading} intro={TEXT.listsIntro}>
      {preferences.isPending ? null : (
        // Keyed by what was loaded, so the form starts from the stored choice once it arrives.
        <ListPreferencesForm
          key={JSON.stringify(preferences.data ?? null)}
          initial={preferences.data ?? DEFAULT_LIST_PREFERENCES}
        />
      )}
    </SettingsSection>
  );
}

function ListPreferencesForm({ initial }: { initial: ListPreferences }) {
  const save = useSaveListPreferences();
  const [draft, setDraft] = useState<ListPreferences>(initial);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(draft, {
      onSuccess: (answer) => notify(answer.message, { variant: 'success' }),
      onError: (error) => notify(submissionFailureMessage(error, () => {}, {}) ?? '', { variant: 'error' }),
    });
  };
  return (
    <Box component="form" noValidate onSubmit={submit}>
      <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
        <Typography component="legend" variant="subtitle1" sx={{ fontWeight: 600 }}>
          {TEXT.listsLegend}
        </Typography>
        <FormGroup>
          {LIST_PREFERENCES.map((p) => (
            <FormControlLabel
              key={p.key}
              control={
                <Checkbox
                  name={p.key}
                  checked={draft[p.key]}
                  disabled={save.isPending}
                  onChange={(e) => setDraft({ ...draft, [p.key]: e.target.checked })}
                />
              }
              label={p.label}
            />
          ))}
        </FormGroup>
      </Box>
      <Button
        type="submit"
        variant="contained"
        loading={save.isPending}
        sx={{ mt: 2, width: { xs: '100%', sm: 'auto' } }}
      >
        {TEXT.saveLists}
      </Button>
    </Box>
  );
}
