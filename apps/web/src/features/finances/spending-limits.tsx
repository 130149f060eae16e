import { ADMIN_MESSAGES, formatPounds } from '@lp/domain';
import Edit from '@mui/icons-material/Edit';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { type ReactNode, useId, useState } from 'react';
import { CARDS_QUERY } from '../../components/data-table';
import { Loading } from '../../components/loading';
import { MessageBanner } from '../../components/message-banner';
import { SpendingCapEditor } from '../users/spending-cap-editor';
import { type MemberCap, useSpendingCaps } from './api';
import { FINANCE_TEXT } from './messages';

/** A cap for people: 0 is Unlimited. */
export function capAmount(pence: number): string {
  return pence > 0 ? formatPounds(pence) : FINANCE_TEXT.unlimited;
}

/** An override for people: 0 is none. */
export function overrideAmount(pence: number): string {
  return pence > 0 ? formatPounds(pence) : FINANCE_TEXT.noOverride;
}

/** Why this member's limit cannot be set here (never one's own, never the owner's), or null. */
export function limitRefusal(row: Pick<MemberCap, 'is_self' | 'is_owner'>): string | null {
  if (row.is_self) return FINANCE_TEXT.ownLimit;
  if (row.is_owner) return FINANCE_TEXT.ownerLimit;
  return null;
}

const HEADERS = ['Member', 'Limit', 'Standard cap', 'Override', 'Spent this month'] as const;

/**
 * The limit in force (the server's effective_cap, decided by effectiveCap as the enforcement is): a
 * non-zero override takes precedence over the standard cap, and says so.
 */
export function limitText(row: Pick<MemberCap, 'effective_cap' | 'override_cap'>): string {
  const amount = capAmount(row.effective_cap);
  return row.override_cap > 0 ? `${amount} (${FINANCE_TEXT.overrideWord})` : amount;
}

function cells(row: MemberCap): ReactNode[] {
  return [
    <>
      <Box component="span" sx={{ fontWeight: 600 }}>
        {row.user_name || row.email}
      </Box>
      {row.user_name ? (
        <Box component="span" sx={{ display: 'block', color: 'text.secondary', fontSize: '0.8rem' }}>
          {row.email}
        </Box>
      ) : null}
    </>,
    <Box component="span" key="limit" sx={{ fontWeight: 600 }} data-testid="effective-limit">
      {limitText(row)}
    </Box>,
    capAmount(row.cap),
    overrideAmount(row.override_cap),
    formatPounds(row.amount_spent),
  ];
}

/** The "Monthly spending limit" section: each member's limit and spending this month, and Edit (set_spending_cap). */
export function SpendingLimits({ canEdit }: { canEdit: boolean }) {
  const headingId = useId();
  const caps = useSpendingCaps();
  const cards = useMediaQuery(CARDS_QUERY);
  const [editing, setEditing] = useState<MemberCap | null>(null);
  const [open, setOpen] = useState(false);

  const action = (row: MemberCap) => {
    if (!canEdit) return null;
    const refusal = limitRefusal(row);
    if (refusal) {
      return (
        <Typography variant="body2" color="text.secondary">
          {refusal}
        </Typography>
      );
    }
    return (
      <Button
        size="small"
        startIcon={<Edit />}
        aria-label={`${FINANCE_TEXT.editLimit} the limit of ${row.user_name || row.email}`}
        onClick={() => {
          setEditing(row);
          setOpen(true);
        }}
      >
        {FINANCE_TEXT.editLimit}
      </Button>
    );
  };

  let body: ReactNode;
  if (caps.isPending) body = <Loading minHeight={120} />;
  else if (caps.isError) body = <MessageBanner kind="error">{ADMIN_MESSAGES.cannotFetchCap}</MessageBanner>;
  else if (cards) {
    body = (
      <Box
        component="ul"
        aria-labelledby={headingId}
        sx={{ listStyle: 'none', p: 0, m: 0, display: 'flex', flexDirection: 'column', gap: 1.5 }}
      >
        {caps.data.rows.map((row) => {
          const [member, ...rest] = cells(row);
          return (
            <Paper component="li" key={row.user_id} variant="outlined" sx={{ p: 1.5 }}>
              <Box>{member}</Box>
              <Box
                component="dl"
                sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 2, rowGap: 0.5, m: 0, mt: 1 }}
              >
                {rest.map((value, i) => (
                  <Box key={HEADERS[i + 1]} sx={{ display: 'contents' }}>
                    <Typography component="dt" variant="body2" color="text.secondary">
                      {HEADERS[i + 1]}
                    </Typography>
                    <Typography component="dd" variant="body2" sx={{ m: 0 }}>
                      {value}
                    </Typography>
                  </Box>
                ))}
              </Box>
              {canEdit ? <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: 1 }}>{action(row)}</Box> : null}
            </Paper>
          );
        })}
      </Box>
    );
  } else {
    body = (
      <TableContainer component={Paper} variant="outlined">
        <Table size="small" aria-labelledby={headingId}>
          <TableHead>
            <TableRow>
              {HEADERS.map((h) => (
                <TableCell key={h} sx={{ fontWeight: 700 }}>
                  {h}
                </TableCell>
              ))}
              {canEdit ? <TableCell sx={{ fontWeight: 700 }}>Actions</TableCell> : null}
            </TableRow>
          </TableHead>
          <TableBody>
            {caps.data.rows.map((row) => (
              <TableRow key={row.user_id}>
                {cells(row).map((value, i) => (
                  <TableCell key={HEADERS[i]}>{value}</TableCell>
                ))}
                {canEdit ? <TableCell>{action(row)}</TableCell> : null}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    );
  }

  return (
    <Box component="section" aria-labelledby={headingId} sx={{ mt: 4 }}>
      <Typography id={headingId} component="h2" variant="h6" sx={{ mb: 1 }}>
        {FINANCE_TEXT.spendingLimits}
      </Typography>
      {body}
      <EditLimitDialog row={editing} open={open} onClose={() => setOpen(false)} />
    </Box>
  );
}

function EditLimitDialog({ row, open, onClose }: { row: MemberCap | null; open: boolean; onClose: () => void }) {
  const titleId = useId();
  return (
    <Dialog open={open && !!row} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <DialogTitle id={titleId}>{row ? `Spending limit of ${row.user_name || row.email}` : ''}</DialogTitle>
      <DialogContent>{row ? <SpendingCapEditor userId={row.user_id} onSaved={onClose} /> : null}</DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
