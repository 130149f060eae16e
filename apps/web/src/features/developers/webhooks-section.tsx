import {
  WEBHOOKS_TEXT as TEXT,
  WEBHOOK_EVENT_DESCRIPTIONS,
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_URL_MAX,
  type WebhookEventType,
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
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type FormEvent, useId, useState } from 'react';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { isApiError } from '../../lib/api';
import { formatDisplayDate } from '../../lib/dates';
import { notify } from '../../lib/notify';
import { useMe } from '../../lib/session';
import { SettingsSection } from '../account/settings-section';
import { ListedTable } from './listed-table';
import { SecretDialog } from './secret-dialog';
import {
  useCreateWebhookEndpoint,
  useDeleteWebhookEndpoint,
  useEnableWebhookEndpoint,
  useResendWebhook,
  useWebhookAttempts,
  useWebhookEndpoints,
  type WebhookEndpoint,
} from './webhooks-api';

const failed = (error: unknown) => notify(error instanceof Error ? error.message : String(error), { variant: 'error' });

/**
 * "Webhooks" in the Developers part of /accountSettings (issue 26 item 4): the company's endpoints
 * for members with manage_company; a new endpoint's signing secret is shown once, an endpoint is
 * deleted after "Are you sure", and each endpoint's attempts can be read and resent.
 */
export function WebhooksSection() {
  const me = useMe().data;
  const allowed = me?.abilities.includes('manage_company') ?? false;
  const endpoints = useWebhookEndpoints(allowed);
  const remove = useDeleteWebhookEndpoint();
  const enable = useEnableWebhookEndpoint();
  const [adding, setAdding] = useState(false);
  const [secret, setSecret] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<WebhookEndpoint | null>(null);
  const [watching, setWatching] = useState<WebhookEndpoint | null>(null);
  if (!allowed) return null;

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await remove.mutateAsync(deleting.id);
      notify(TEXT.deleted, { variant: 'success' });
    } catch (error) {
      failed(error);
    }
    setDeleting(null);
  };
  const switchOn = async (e: WebhookEndpoint) => {
    try {
      const answer = await enable.mutateAsync(e.id);
      notify(answer.message, { variant: 'success' });
    } catch (error) {
      failed(error);
    }
  };

  const rows = endpoints.data?.endpoints ?? [];
  return (
    <SettingsSection title={TEXT.heading} intro={TEXT.intro}>
      <Button variant="contained" onClick={() => setAdding(true)} sx={{ mb: 2 }}>
        {TEXT.add}
      </Button>
      <ListedTable
        query={endpoints}
        rows={rows}
        none={TEXT.none}
        label={TEXT.tableLabel}
        columns={TEXT.columns}
        rowKey={(e) => e.id}
        cells={(e) => [
          <Box key="url" component="code" sx={{ wordBreak: 'break-all' }}>
            {e.url}
          </Box>,
          e.events.join(', '),
          <>
            {e.enabled ? TEXT.statusEnabled : TEXT.statusDisabled}
            {e.disabled_reason ? (
              <Typography variant="body2" color="text.secondary">
                {e.disabled_reason}
              </Typography>
            ) : null}
          </>,
          formatDisplayDate(e.created_at),
          <Box key="actions" sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
            <Button size="small" onClick={() => setWatching(e)} aria-label={`${TEXT.attempts} ${e.url}`}>
              {TEXT.attempts}
            </Button>
            {e.enabled ? null : (
              <Button
                size="small"
                onClick={() => void switchOn(e)}
                disabled={enable.isPending}
                aria-label={`${TEXT.enable} ${e.url}`}
              >
                {TEXT.enable}
              </Button>
            )}
            <Button color="error" size="small" onClick={() => setDeleting(e)} aria-label={`${TEXT.delete} ${e.url}`}>
              {TEXT.delete}
            </Button>
          </Box>,
        ]}
      />
      {adding ? (
        <AddEndpointDialog
          onClose={() => setAdding(false)}
          onCreated={(s) => {
            setAdding(false);
            setSecret(s);
          }}
        />
      ) : null}
      {secret ? <SecretDialog secret={secret} text={TEXT} onClose={() => setSecret(null)} /> : null}
      {watching ? <AttemptsDialog endpoint={watching} onClose={() => setWatching(null)} /> : null}
      <ConfirmDialog
        open={deleting !== null}
        busy={remove.isPending}
        message={deleting ? TEXT.deleteConfirm(deleting.url) : undefined}
        onCancel={() => setDeleting(null)}
        onConfirm={() => void confirmDelete()}
      />
    </SettingsSection>
  );
}

/** The form: the URL and the events (the catalogue's 8, each with what it tells). */
function AddEndpointDialog({ onClose, onCreated }: { onClose: () => void; onCreated: (secret: string) => void }) {
  const titleId = useId();
  const create = useCreateWebhookEndpoint();
  const [url, setUrl] = useState('');
  const [picked, setPicked] = useState<WebhookEventType[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [urlError, setUrlError] = useState<string | null>(null);
  const [eventsError, setEventsError] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    setUrlError(null);
    setEventsError(null);
    try {
      const made = await create.mutateAsync({ url: url.trim(), events: picked });
      onCreated(made.secret);
    } catch (e) {
      if (!isApiError(e)) return setError(String(e));
      const onUrl = e.fields.find((f) => f.path === 'url');
      const onEvents = e.fields.find((f) => f.path.startsWith('events'));
      setUrlError(onUrl?.message ?? null);
      setEventsError(onEvents?.message ?? null);
      if (!onUrl && !onEvents) setError(e.message);
    }
  };

  return (
    <Dialog open onClose={create.isPending ? undefined : onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <Box component="form" onSubmit={(e) => void submit(e)} noValidate>
        <DialogTitle id={titleId}>{TEXT.addTitle}</DialogTitle>
        <DialogContent>
          {error ? (
            <Alert severity="error" sx={{ mb: 2 }}>
              {error}
            </Alert>
          ) : null}
          <TextField
            label={TEXT.url}
            type="url"
            value={url}
            onChange={(e) => setUrl(e.target.value)}
            required
            fullWidth
            autoFocus
            margin="normal"
            error={urlError !== null}
            helperText={urlError ?? TEXT.urlHelp}
            slotProps={{ htmlInput: { maxLength: WEBHOOK_URL_MAX, spellCheck: false } }}
          />
          <FormControl component="fieldset" margin="normal" error={eventsError !== null}>
            <FormLabel component="legend">{TEXT.eventsLegend}</FormLabel>
            {eventsError ? <FormHelperText sx={{ mx: 0 }}>{eventsError}</FormHelperText> : null}
            <FormGroup>
              {WEBHOOK_EVENT_TYPES.map((type) => (
                <FormControlLabel
                  key={type}
                  control={
                    <Checkbox
                      checked={picked.includes(type)}
                      onChange={(e) =>
                        setPicked((now) => (e.target.checked ? [...now, type] : now.filter((x) => x !== type)))
                      }
                    />
                  }
                  label={`${type}: ${WEBHOOK_EVENT_DESCRIPTIONS[type]}`}
                />
              ))}
            </FormGroup>
          </FormControl>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={create.isPending}>
            {TEXT.cancel}
          </Button>
          <Button type="submit" variant="contained" disabled={create.isPending}>
            {TEXT.addSubmit}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}

/** An endpoint's delivery attempts, newest first, each with a Resend. */
function AttemptsDialog({ endpoint, onClose }: { endpoint: WebhookEndpoint; onClose: () => void }) {
  const titleId = useId();
  const attempts = useWebhookAttempts(endpoint.id);
  const resend = useResendWebhook(endpoint.id);
  const rows = attempts.data?.pages.flatMap((p) => p.attempts) ?? [];
  const again = async (deliveryId: string) => {
    try {
      await resend.mutateAsync(deliveryId);
      notify(TEXT.resent, { variant: 'success' });
    } catch (error) {
      failed(error);
    }
  };
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="md">
      <DialogTitle id={titleId} sx={{ wordBreak: 'break-all' }}>
        {TEXT.attemptsTitle(endpoint.url)}
      </DialogTitle>
      <DialogContent>
        <ListedTable
          query={attempts}
          rows={rows}
          none={TEXT.attemptsNone}
          label={TEXT.attemptsLabel}
          columns={TEXT.attemptColumns}
          rowKey={(a) => a.id}
          cells={(a) => [
            formatDisplayDate(a.attempted_at),
            <code key="type">{a.event_type}</code>,
            a.status_code ?? `${TEXT.noResponse}: ${a.error ?? ''}`,
            a.manual ? `${a.attempt} (${TEXT.resend.toLowerCase()})` : a.attempt,
            `${a.duration_ms} ms`,
            <Button
              key="resend"
              size="small"
              onClick={() => void again(a.delivery_id)}
              disabled={resend.isPending}
              aria-label={`${TEXT.resend} ${a.event_type} ${a.event_id}`}
            >
              {TEXT.resend}
            </Button>,
          ]}
        />
      </DialogContent>
      <DialogActions>
        {attempts.hasNextPage ? (
          <Button onClick={() => void attempts.fetchNextPage()} disabled={attempts.isFetchingNextPage}>
            {TEXT.more}
          </Button>
        ) : null}
        <Button variant="contained" onClick={onClose}>
          {TEXT.close}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
