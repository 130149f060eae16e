import { apiKeyActorName } from '@lp/domain';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { type ReactNode, useId, useState } from 'react';
import { DataTable, type DataTableColumn } from '../../components/data-table';
import { formatDisplayDate } from '../../lib/dates';
import { type AuditEntry, auditKeys, fetchAudit } from './api';

export const AUDIT_LOG = 'Audit log';

/** The readable name of each action the server records. */
const ACTION_LABELS: Readonly<Record<string, string>> = {
  'user.invited': 'User invited',
  'user.edited': 'User edited',
  'user.deleted': 'User deleted',
  'spending_cap.set': 'Spending limit set',
  'department.created': 'Department created',
  'department.edited': 'Department edited',
  'department.deleted': 'Department deleted',
  'approval.requested': 'Approval requested',
  'approval.approve': 'Request approved',
  'approval.deny': 'Request denied',
};

const ENTITY_LABELS: Readonly<Record<string, string>> = {
  user: 'User',
  department: 'Department',
  approval: 'Approval',
  spending_cap: 'Spending limit',
};

/** "some_thing.done" as "Some thing done" (an action or entity this screen does not know yet). */
function humanize(code: string): string {
  const words = code.replace(/[._]+/g, ' ').trim();
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : code;
}

/** "User invited" for 'user.invited'. */
export function auditActionLabel(action: string): string {
  return ACTION_LABELS[action] ?? humanize(action);
}

/** "User" for 'user'. */
export function auditEntityLabel(entityType: string): string {
  return ENTITY_LABELS[entityType] ?? humanize(entityType);
}

/** The first 8 characters of an id (a UUID's first group). */
export function shortId(id: string): string {
  return id.length > 8 ? id.slice(0, 8) : id;
}

/** Who made the change: the actor's email (with the API key a program used), or "System" without one. */
function actorText(entry: AuditEntry): string {
  const who = entry.actor_email ?? 'System';
  return entry.actor_api_key ? apiKeyActorName(entry.actor_api_key, who) : who;
}

/** A before or after state as indented JSON ("None" when there is none). */
export function prettyJson(value: unknown): string {
  if (value === null || value === undefined) return 'None';
  try {
    return JSON.stringify(value, null, 2) ?? String(value);
  } catch {
    return String(value);
  }
}

/** The owner's audit log: who changed which user, department or approval, newest first. */
export function AuditLogSection() {
  // The entry stays while the dialog closes, so its content does not vanish during the transition.
  const [selected, setSelected] = useState<AuditEntry | null>(null);
  const [open, setOpen] = useState(false);
  const columns: DataTableColumn<AuditEntry>[] = [
    {
      key: 'at',
      label: 'When',
      render: (e) => <time dateTime={e.at}>{formatDisplayDate(e.at)}</time>,
    },
    { key: 'actor_email', label: 'Who', render: actorText },
    { key: 'action', label: 'Action', render: (e) => auditActionLabel(e.action) },
    {
      key: 'entity_type',
      label: 'Entity',
      filterable: true,
      formatFilterValue: auditEntityLabel,
      render: (e) => (
        <span title={e.entity_id}>
          {auditEntityLabel(e.entity_type)}{' '}
          <Box component="code" sx={{ fontFamily: 'monospace', fontSize: '0.85em' }}>
            {shortId(e.entity_id)}
          </Box>
        </span>
      ),
    },
    {
      key: 'details',
      label: 'Details',
      render: (e) => (
        <Button
          size="small"
          variant="outlined"
          aria-haspopup="dialog"
          aria-label={`Details: ${auditActionLabel(e.action)}, ${formatDisplayDate(e.at)}`}
          onClick={(event) => {
            event.stopPropagation();
            setSelected(e);
            setOpen(true);
          }}
        >
          Details
        </Button>
      ),
    },
  ];
  return (
    <>
      <DataTable<AuditEntry>
        title={AUDIT_LOG}
        queryKey={auditKeys.list}
        fetcher={fetchAudit}
        columns={columns}
        rowKey={(e) => String(e.id)}
        searchable={false}
      />
      <AuditDetailsDialog entry={selected} open={open} onClose={() => setOpen(false)} />
    </>
  );
}

/** One entry's before and after states, as indented JSON. */
function AuditDetailsDialog({
  entry: e,
  open,
  onClose,
}: {
  entry: AuditEntry | null;
  open: boolean;
  onClose: () => void;
}) {
  const titleId = useId();
  return (
    <Dialog open={open && !!e} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="md">
      <DialogTitle id={titleId}>{e ? auditActionLabel(e.action) : AUDIT_LOG}</DialogTitle>
      {e ? (
        <DialogContent>
          <Box
            component="dl"
            sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 2, rowGap: 0.5, m: 0, mb: 2 }}
          >
            <DetailsTerm label="When">
              <time dateTime={e.at}>{formatDisplayDate(e.at)}</time>
            </DetailsTerm>
            <DetailsTerm label="Who">{actorText(e)}</DetailsTerm>
            <DetailsTerm label="Entity">
              {auditEntityLabel(e.entity_type)} <code>{e.entity_id}</code>
            </DetailsTerm>
          </Box>
          <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, gap: 2 }}>
            <JsonBlock label="Before" value={e.before} />
            <JsonBlock label="After" value={e.after} />
          </Box>
        </DialogContent>
      ) : null}
      <DialogActions>
        <Button onClick={onClose} autoFocus>
          Close
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function DetailsTerm({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <Typography component="dt" variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" variant="body2" sx={{ m: 0, minWidth: 0, overflowWrap: 'anywhere' }}>
        {children}
      </Typography>
    </>
  );
}

/** A labelled, keyboard-scrollable block of JSON. */
function JsonBlock({ label, value }: { label: string; value: unknown }) {
  const headingId = useId();
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography id={headingId} component="h3" variant="subtitle2" sx={{ mb: 0.5 }}>
        {label}
      </Typography>
      <Box
        component="pre"
        role="region"
        aria-labelledby={headingId}
        tabIndex={0}
        sx={{
          m: 0,
          p: 1.5,
          maxHeight: 360,
          overflow: 'auto',
          borderRadius: 1,
          bgcolor: 'action.hover',
          fontFamily: 'monospace',
          fontSize: '0.8rem',
          whiteSpace: 'pre',
        }}
      >
        {prettyJson(value)}
      </Box>
    </Box>
  );
}
