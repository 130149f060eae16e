import { BULK_DELIVER_MAX, CHANNEL_LABELS, DELIVERY_MESSAGES, DELIVERY_TIME_DEFAULT } from '@lp/domain';
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
import { type FormEvent, useId, useState } from 'react';
import { AppTextField } from '../../components/text-field';
import { api } from '../../lib/api';
import { toDateTimeLocal } from '../../lib/dates';
import { notify } from '../../lib/notify';
import { ChoiceField } from './choice-field';
import {
  type BulkDeliverAnswer,
  type BulkDeliverRequest,
  deliveryFailureMessage,
  useBulkDeliver,
} from './delivery-api';
import { type ChargeSummary, CONFIRM_TEXT, DeliveryConfirm } from './delivery-confirm';
import { DELIVERY_TEXT, scheduledSeconds, scheduleProblem } from './delivery-request';

export interface BulkDeliverValues {
  mail: boolean;
  cloudLink: boolean;
  premium: boolean;
  colour: boolean;
  when: 'now' | 'scheduled';
  scheduledAt: string;
}

/** The body of POST /api/letters/deliver/bulk for these letters and choices. */
export function toBulkRequest(uuids: readonly string[], v: BulkDeliverValues): BulkDeliverRequest {
  const body: BulkDeliverRequest = {
    uuids: [...uuids],
    preference_overrides: [...(v.mail ? (['mail'] as const) : []), ...(v.cloudLink ? (['cloud_link'] as const) : [])],
  };
  if (v.mail) {
    body.is_premium = v.premium;
    body.is_colour = v.colour;
  }
  if (v.when === 'scheduled') body.scheduled_delivery_date_time = scheduledSeconds(v.scheduledAt);
  return body;
}

/** "n delivered, m refused: <the first refusal's message>" (scheduled instead of delivered for a later time). */
export function bulkSummary(results: BulkDeliverAnswer['results'], scheduled: boolean): string {
  const ok = results.filter((r) => r.ok).length;
  const refused = results.filter((r) => !r.ok);
  const done = `${ok} ${scheduled ? 'scheduled' : 'delivered'}, ${refused.length} refused`;
  return refused[0]?.message ? `${done}: ${refused[0].message}` : done;
}

/** The selection's Deliver: mail (postage and print) and/or a cloud link, now or at a time; each letter on its own. */
export function BulkDeliverDialog({
  open,
  uuids,
  onClose,
  onDone,
}: {
  open: boolean;
  uuids: readonly string[];
  onClose: () => void;
  /** After an answer (the selection can be cleared). */
  onDone: () => void;
}) {
  const titleId = useId();
  const [values, setValues] = useState<BulkDeliverValues>(() => ({
    mail: true,
    cloudLink: false,
    premium: true,
    colour: true,
    when: DELIVERY_TIME_DEFAULT.when,
    scheduledAt: toDateTimeLocal(new Date(Date.now() + 60 * 60 * 1000)),
  }));
  const [errors, setErrors] = useState<{ channels?: string; scheduledAt?: string }>({});
  const bulk = useBulkDeliver();
  const [quoting, setQuoting] = useState(false);
  const [confirming, setConfirming] = useState<ChargeSummary | null>(null);
  const set = (patch: Partial<BulkDeliverValues>) => setValues((v) => ({ ...v, ...patch }));
  const n = uuids.length;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const found = {
      channels: !values.mail && !values.cloudLink ? DELIVERY_MESSAGES.noChannel : undefined,
      scheduledAt:
        values.when === 'scheduled' ? (scheduleProblem(values.scheduledAt, Date.now()) ?? undefined) : undefined,
    };
    setErrors(found);
    if (found.channels || found.scheduledAt) return;
    // The price of the whole selection first, then the "Are you sure" confirmation (issue 27 item 3).
    setQuoting(true);
    try {
      let total = 0;
      let refused = 0;
      let available: number | null = null;
      for (let i = 0; i < uuids.length; i += BULK_DELIVER_MAX) {
        const q = await api.post('/api/letters/deliver/bulk/quote', {
          body: toBulkRequest(uuids.slice(i, i + BULK_DELIVER_MAX), values),
        });
        total += q.total_pence;
        refused += q.refused.length;
        if (i === 0) available = q.available_pence;
      }
      setConfirming({
        total_pence: total,
        available_after_pence: available === null ? null : available - total,
        refused,
      });
    } catch (error) {
      notify(deliveryFailureMessage(values.when === 'scheduled' ? 'schedule' : 'deliver', error), {
        variant: 'error',
      });
    } finally {
      setQuoting(false);
    }
  };

  const send = async () => {
    const scheduled = values.when === 'scheduled';
    notify(scheduled ? DELIVERY_MESSAGES.scheduling : DELIVERY_MESSAGES.delivering, { variant: 'info' });
    try {
      const results: BulkDeliverAnswer['results'] = [];
      for (let i = 0; i < uuids.length; i += BULK_DELIVER_MAX) {
        const answer = await bulk.mutateAsync(toBulkRequest(uuids.slice(i, i + BULK_DELIVER_MAX), values));
        results.push(...answer.results);
      }
      const refused = results.filter((r) => !r.ok).length;
      notify(bulkSummary(results, scheduled), {
        variant: refused === 0 ? 'success' : refused === results.length ? 'error' : 'warning',
      });
      setConfirming(null);
      onDone();
      onClose();
    } catch (error) {
      setConfirming(null);
      notify(deliveryFailureMessage(scheduled ? 'schedule' : 'deliver', error), { variant: 'error' });
    }
  };

  const channels = [
    ...(values.mail ? [CHANNEL_LABELS.mail] : []),
    ...(values.cloudLink ? [CHANNEL_LABELS.cloud_link] : []),
  ];
  const busy = bulk.isPending || quoting;

  return (
    <Dialog open={open} onClose={busy ? undefined : onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <Box component="form" noValidate onSubmit={submit}>
        <DialogTitle id={titleId}>{n === 1 ? 'Deliver 1 letter' : `Deliver ${n} letters`}</DialogTitle>
        <DialogContent>
          <FormControl component="fieldset" error={!!errors.channels} sx={{ display: 'block' }}>
            <FormLabel component="legend">{DELIVERY_TEXT.channels}</FormLabel>
            <FormGroup row>
              <FormControlLabel
                label={CHANNEL_LABELS.mail}
                control={<Checkbox checked={values.mail} onChange={(e) => set({ mail: e.target.checked })} />}
              />
              <FormControlLabel
                label={CHANNEL_LABELS.cloud_link}
                control={<Checkbox checked={values.cloudLink} onChange={(e) => set({ cloudLink: e.target.checked })} />}
              />
            </FormGroup>
            {errors.channels ? <FormHelperText>{errors.channels}</FormHelperText> : null}
          </FormControl>
          {values.mail ? (
            <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 4 }}>
              <ChoiceField
                legend={DELIVERY_TEXT.postage}
                value={values.premium ? 'premium' : 'standard'}
                onChange={(v) => set({ premium: v === 'premium' })}
                options={[
                  ['premium', DELIVERY_TEXT.premium],
                  ['standard', DELIVERY_TEXT.standard],
                ]}
              />
              <ChoiceField
                legend={DELIVERY_TEXT.print}
                value={values.colour ? 'colour' : 'black_and_white'}
                onChange={(v) => set({ colour: v === 'colour' })}
                options={[
                  ['colour', DELIVERY_TEXT.colour],
                  ['black_and_white', DELIVERY_TEXT.blackAndWhite],
                ]}
              />
            </Box>
          ) : null}
          <ChoiceField
            legend={DELIVERY_TEXT.when}
            value={values.when}
            onChange={(v) => set({ when: v === 'scheduled' ? 'scheduled' : 'now' })}
            options={[
              ['now', DELIVERY_TEXT.now],
              ['scheduled', DELIVERY_TEXT.scheduled],
            ]}
          />
          {values.when === 'scheduled' ? (
            <AppTextField
              label={DELIVERY_TEXT.scheduledAt}
              type="datetime-local"
              required
              fullWidth={false}
              value={values.scheduledAt}
              onChange={(e) => set({ scheduledAt: e.target.value })}
              error={!!errors.scheduledAt}
              helperText={errors.scheduledAt}
            />
          ) : null}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={busy}>
            Deliver
          </Button>
        </DialogActions>
      </Box>
      <DeliveryConfirm
        open={confirming !== null}
        busy={bulk.isPending}
        scheduled={values.when === 'scheduled'}
        question={CONFIRM_TEXT.bulk(n, new Intl.ListFormat('en-GB', { type: 'conjunction' }).format(channels))}
        summary={confirming}
        onYes={() => void send()}
        onNo={() => setConfirming(null)}
      />
    </Dialog>
  );
}
