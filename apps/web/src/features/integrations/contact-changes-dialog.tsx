import { BREAKPOINTS, CONTACT_CHANGE_LABELS } from '@lp/domain';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useId, useState } from 'react';
import type { ContactsPreview } from './api';

type Previewed = ContactsPreview['contacts'][number];

export const CHANGES_TEXT = {
  title: 'Customers that already exist',
  intro: (provider: string, n: number) =>
    `${n === 1 ? 'One chosen contact is' : `${n} chosen contacts are`} already your customer${n === 1 ? '' : 's'} with other details than ${provider} has. Tick the customers to update with ${provider}'s details; the others keep theirs. New contacts are added either way.`,
  matchedBy: (by: string) => `Matched by ${by}`,
  update: (name: string) => `Update ${name}`,
  updateLabel: 'Update',
  none: 'empty',
  confirm: 'Update selected',
  cancel: 'Cancel',
  selectAll: 'Tick all',
} as const;

/** The matched contacts whose customer an import would change: the ones the dialog asks about. */
export const changedMatches = (contacts: readonly Previewed[]) =>
  contacts.filter((c) => c.outcome === 'matched' && c.changes.length > 0);

/**
 * The import's question (issue 27 item 9: an import overwrote an address without asking): per
 * existing customer the chosen contacts would change, the fields that differ, old → new, and a
 * tick to update it; none is ticked at first (keep). "Update selected" imports all the chosen
 * contacts, updating only the ticked customers.
 */
export function ContactChangesDialog({
  provider,
  matches,
  onConfirm,
  onCancel,
}: {
  provider: string;
  matches: readonly Previewed[];
  onConfirm: (update: string[]) => void;
  onCancel: () => void;
}) {
  const [ticked, setTicked] = useState<ReadonlySet<string>>(new Set());
  const titleId = useId();
  const fullScreen = useMediaQuery(`(max-width:${BREAKPOINTS.small - 0.05}px)`);
  const all = ticked.size === matches.length;
  const toggle = (id: string) =>
    setTicked((s) => {
      const next = new Set(s);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  return (
    <Dialog open onClose={onCancel} aria-labelledby={titleId} fullWidth maxWidth="md" fullScreen={fullScreen}>
      <DialogTitle id={titleId}>{CHANGES_TEXT.title}</DialogTitle>
      <DialogContent dividers>
        <Typography sx={{ mb: 1 }}>{CHANGES_TEXT.intro(provider, matches.length)}</Typography>
        {matches.length > 1 ? (
          <FormControlLabel
            label={CHANGES_TEXT.selectAll}
            control={
              <Checkbox
                checked={all}
                indeterminate={ticked.size > 0 && !all}
                onChange={() => setTicked(all ? new Set() : new Set(matches.map((m) => m.external_id)))}
              />
            }
          />
        ) : null}
        <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'flex', flexDirection: 'column', gap: 2 }}>
          {matches.map((m) => {
            const name = m.customer_name ?? m.recipient;
            return (
              <Box
                component="li"
                key={m.external_id}
                data-testid="contact-change"
                sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5 }}
              >
                <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
                  <FormControlLabel
                    sx={{ flex: 1, minWidth: 0, mr: 0 }}
                    label={
                      <Typography component="span" sx={{ fontWeight: 600, overflowWrap: 'break-word' }}>
                        {name}
                      </Typography>
                    }
                    control={
                      <Checkbox
                        checked={ticked.has(m.external_id)}
                        onChange={() => toggle(m.external_id)}
                        slotProps={{ input: { 'aria-label': CHANGES_TEXT.update(name) } }}
                      />
                    }
                  />
                  {m.matched_by ? (
                    <Typography variant="body2" color="text.secondary">
                      {CHANGES_TEXT.matchedBy(m.matched_by)}
                    </Typography>
                  ) : null}
                </Box>
                <Box
                  component="dl"
                  sx={{
                    m: 0,
                    display: 'grid',
                    gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'max-content minmax(0, 1fr)' },
                    columnGap: 2,
                    rowGap: 0.5,
                  }}
                >
                  {m.changes.map((c) => (
                    <Box key={c.field} sx={{ display: 'contents' }}>
                      <Typography component="dt" variant="body2" sx={{ fontWeight: 600 }}>
                        {CONTACT_CHANGE_LABELS[c.field]}
                      </Typography>
                      <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'break-word' }}>
                        <Box component="del" sx={{ color: 'text.secondary' }}>
                          {c.old ?? CHANGES_TEXT.none}
                        </Box>
                        {' → '}
                        <Box component="ins" sx={{ textDecoration: 'none', fontWeight: 600 }}>
                          {c.new ?? CHANGES_TEXT.none}
                        </Box>
                      </Typography>
                    </Box>
                  ))}
                </Box>
              </Box>
            );
          })}
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel}>{CHANGES_TEXT.cancel}</Button>
        <Button variant="contained" onClick={() => onConfirm([...ticked])}>
          {CHANGES_TEXT.confirm}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
