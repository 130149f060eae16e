import {
  API_KEY_MAX_DAYS,
  API_KEY_NAME_MAX,
  type ApiKeyMode,
  apiKeyHint,
  isPermission,
  PERMISSION_CATALOGUE,
  DEVELOPERS_TEXT as TEXT,
} from '@lp/domain';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import { type FormEvent, useId, useState } from 'react';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { isApiError } from '../../lib/api';
import { formatDisplayDate } from '../../lib/dates';
import { notify } from '../../lib/notify';
import { useMe } from '../../lib/session';
import { SettingsSection } from '../account/settings-section';
import { type ApiKey, useApiKeys, useCreateApiKey, useRevokeApiKey } from './api';
import { ListedTable } from './listed-table';
import { SecretDialog } from './secret-dialog';

const DAY_MS = 24 * 3600_000;
const isoDay = (d: Date) => d.toISOString().slice(0, 10);

function statusOf(key: ApiKey, now = Date.now()): string {
  if (key.revoked_at) return TEXT.statusRevoked;
  if (key.expires_at && new Date(key.expires_at).getTime() <= now) return TEXT.statusExpired;
  return TEXT.statusActive;
}

/**
 * "Developers" in /accountSettings (issue 26): the company's API keys for members with
 * manage_company; a new key's secret is shown once, a key is revoked after "Are you sure".
 */
export function ApiKeysSection() {
  const me = useMe().data;
  const allowed = me?.abilities.includes('manage_company') ?? false;
  const keys = useApiKeys(allowed);
  const revoke = useRevokeApiKey();
  const [creating, setCreating] = useState(false);
  const [secret, setSecret] = useState<string | null>(null);
  const [revoking, setRevoking] = useState<ApiKey | null>(null);
  if (!allowed || !me) return null;

  const confirmRevoke = async () => {
    if (!revoking) return;
    try {
      await revoke.mutateAsync(revoking.id);
      notify(TEXT.revoked, { variant: 'success' });
    } catch (error) {
      notify(error instanceof Error ? error.message : String(error), { variant: 'error' });
    }
    setRevoking(null);
  };

  const rows = keys.data?.keys ?? [];
  return (
    <SettingsSection title={TEXT.heading} intro={TEXT.intro}>
      <Button variant="contained" onClick={() => setCreating(true)} sx={{ mb: 2 }}>
        {TEXT.create}
      </Button>
      <ListedTable
        query={keys}
        rows={rows}
        none={TEXT.none}
        label={TEXT.tableLabel}
        columns={TEXT.columns}
        rowKey={(k) => k.id}
        cells={(k) => [
          k.name,
          <code key="prefix">{apiKeyHint(k.mode, k.prefix)}</code>,
          k.mode === 'live' ? 'Live' : 'Test',
          k.permissions.join(', ') || '—',
          k.created_by ? k.created_by.name || k.created_by.email : TEXT.nobody,
          formatDisplayDate(k.created_at),
          k.last_used_at ? formatDisplayDate(k.last_used_at) : TEXT.never,
          k.expires_at ? formatDisplayDate(k.expires_at) : TEXT.never,
          statusOf(k),
          k.revoked_at ? null : (
            <Button
              key="revoke"
              color="error"
              size="small"
              onClick={() => setRevoking(k)}
              aria-label={`${TEXT.revoke} ${k.name}`}
            >
              {TEXT.revoke}
            </Button>
          ),
        ]}
      />
      {creating ? (
        <CreateApiKeyDialog
          abilities={me.abilities}
          onClose={() => setCreating(false)}
          onCreated={(s) => {
            setCreating(false);
            setSecret(s);
          }}
        />
      ) : null}
      {secret ? <SecretDialog secret={secret} text={TEXT} onClose={() => setSecret(null)} /> : null}
      <ConfirmDialog
        open={revoking !== null}
        busy={revoke.isPending}
        message={revoking ? TEXT.revokeConfirm(revoking.name) : undefined}
        onCancel={() => setRevoking(null)}
        onConfirm={() => void confirmRevoke()}
      />
    </SettingsSection>
  );
}

/** The form: a name, the permissions (only the member's own), an optional expiry and the mode. */
function CreateApiKeyDialog({
  abilities,
  onClose,
  onCreated,
}: {
  abilities: readonly string[];
  onClose: () => void;
  onCreated: (secret: string) => void;
}) {
  const titleId = useId();
  const create = useCreateApiKey();
  const [name, setName] = useState('');
  const [picked, setPicked] = useState<string[]>([]);
  const [expires, setExpires] = useState('');
  const [mode, setMode] = useState<ApiKeyMode>('live');
  const [error, setError] = useState<string | null>(null);
  const [nameError, setNameError] = useState<string | null>(null);
  const own = abilities.filter(isPermission);
  const today = new Date();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    const trimmed = name.trim();
    if (!trimmed) {
      setNameError('Give the key a name.');
      return;
    }
    setNameError(null);
    try {
      const made = await create.mutateAsync({
        name: trimmed,
        permissions: picked,
        mode,
        ...(expires ? { expires_at: expires } : {}),
      });
      onCreated(made.secret);
    } catch (e) {
      setError(isApiError(e) ? [e.message, ...e.fields.slice(1).map((f) => f.message)].join(' ') : String(e));
    }
  };

  return (
    <Dialog open onClose={create.isPending ? undefined : onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <Box component="form" onSubmit={(e) => void submit(e)} noValidate>
        <DialogTitle id={titleId}>{TEXT.createTitle}</DialogTitle>
        <DialogContent>
          {error ? (
            <Alert severity="error" sx={{ mb: 2 }}>
              {error}
            </Alert>
          ) : null}
          <TextField
            label={TEXT.name}
            value={name}
            onChange={(e) => setName(e.target.value)}
            required
            fullWidth
            autoFocus
            margin="normal"
            error={nameError !== null}
            helperText={nameError ?? undefined}
            slotProps={{ htmlInput: { maxLength: API_KEY_NAME_MAX } }}
          />
          <FormControl component="fieldset" margin="normal">
            <FormLabel component="legend">{TEXT.permissionsLegend}</FormLabel>
            <FormHelperText sx={{ mx: 0 }}>{TEXT.permissionsHelp}</FormHelperText>
            <FormGroup>
              {own.map((p) => (
                <FormControlLabel
                  key={p}
                  control={
                    <Checkbox
                      checked={picked.includes(p)}
                      onChange={(e) =>
                        setPicked((now) => (e.target.checked ? [...now, p] : now.filter((x) => x !== p)))
                      }
                    />
                  }
                  label={`${p} (${PERMISSION_CATALOGUE[p].label})`}
                />
              ))}
            </FormGroup>
          </FormControl>
          <TextField
            label={TEXT.expires}
            type="date"
            value={expires}
            onChange={(e) => setExpires(e.target.value)}
            fullWidth
            margin="normal"
            slotProps={{
              inputLabel: { shrink: true },
              htmlInput: {
                min: isoDay(new Date(today.getTime() + DAY_MS)),
                max: isoDay(new Date(today.getTime() + (API_KEY_MAX_DAYS - 1) * DAY_MS)),
              },
            }}
          />
          <FormControl component="fieldset" margin="normal">
            <FormLabel component="legend">{TEXT.modeLegend}</FormLabel>
            <RadioGroup value={mode} onChange={(e) => setMode(e.target.value as ApiKeyMode)}>
              <FormControlLabel value="live" control={<Radio />} label={TEXT.live} />
              <FormControlLabel value="test" control={<Radio />} label={TEXT.test} />
            </RadioGroup>
          </FormControl>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={create.isPending}>
            {TEXT.cancel}
          </Button>
          <Button type="submit" variant="contained" disabled={create.isPending}>
            {TEXT.createSubmit}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
