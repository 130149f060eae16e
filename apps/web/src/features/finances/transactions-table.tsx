import { formatPounds, TRANSACTION_TYPE_LABELS, type TransactionType } from '@lp/domain';
import ArrowDownward from '@mui/icons-material/ArrowDownward';
import ArrowUpward from '@mui/icons-material/ArrowUpward';
import Description from '@mui/icons-material/Description';
import Download from '@mui/icons-material/Download';
import InfoOutlined from '@mui/icons-material/InfoOutlined';
import ReceiptIcon from '@mui/icons-material/Receipt';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useMemo, useState } from 'react';
import { DataTable, type DataTableColumn } from '../../components/data-table';
import { listSearchParams } from '../../components/data-table/query';
import type { DataTableParams } from '../../components/data-table/types';
import { apiUrl } from '../../lib/api';
import { formatDisplayDate } from '../../lib/dates';
import { fetchTransactions, financeKeys, receiptUrl, type Transaction } from './api';
import { FINANCE_TEXT } from './messages';

/** The Type column's words for a type (the server's label first). */
export function typeLabel(type: string): string {
  return TRANSACTION_TYPE_LABELS[type as TransactionType] ?? type;
}

/** A signed amount in pounds: "+£12.34" for a credit, "-£12.34" for a debit. */
export function signedPounds(pence: number): string {
  return pence > 0 ? `+${formatPounds(pence)}` : formatPounds(pence);
}

/**
 * The amount: signed, with an arrow and a word for credits and debits (never colour alone). A
 * reservation still open reads "Reserved £x"; a released one "Released £x" (the list folds a
 * reservation into its charge or its release, so each shows once).
 */
function AmountCell({ row }: { row: Transaction }) {
  if (row.type === 'hold' || row.type === 'release') {
    return (
      <Box
        component="span"
        data-testid="amount"
        data-kind={row.type === 'hold' ? 'reserved' : 'released'}
        sx={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums', color: 'text.secondary' }}
      >
        {row.type === 'hold' ? FINANCE_TEXT.reservedAmount : FINANCE_TEXT.releasedAmount}{' '}
        {formatPounds(Math.abs(row.held_delta))}
      </Box>
    );
  }
  const credit = row.amount > 0;
  const debit = row.amount < 0;
  return (
    <Box sx={{ whiteSpace: 'nowrap' }}>
      <Box
        component="span"
        data-testid="amount"
        data-kind={credit ? 'credit' : debit ? 'debit' : 'none'}
        sx={{
          display: 'inline-flex',
          alignItems: 'center',
          gap: 0.5,
          fontWeight: 600,
          fontVariantNumeric: 'tabular-nums',
          color: credit ? 'success.dark' : 'text.primary',
        }}
      >
        {credit ? <ArrowUpward fontSize="inherit" aria-hidden /> : null}
        {debit ? <ArrowDownward fontSize="inherit" aria-hidden /> : null}
        {signedPounds(row.amount)}
        {credit || debit ? (
          <Box component="span" sx={{ fontWeight: 400, fontSize: '0.75rem', color: 'text.secondary' }}>
            {credit ? FINANCE_TEXT.credit : FINANCE_TEXT.debit}
          </Box>
        ) : null}
      </Box>
    </Box>
  );
}

/** What a row paid for: the description, then the letter's recipient, the parcel's carrier or the plan. */
export function itemLine(t: Pick<Transaction, 'description' | 'item'>): string | null {
  if (!t.item) return null;
  const name = t.description.includes(t.item.name) ? null : t.item.name;
  return [name, t.item.detail].filter(Boolean).join(' · ') || null;
}

const COLUMNS: DataTableColumn<Transaction>[] = [
  { key: 'date', label: 'Date', filterable: true, date: true, render: (t) => formatDisplayDate(t.date) },
  {
    key: 'type',
    label: 'Type',
    filterable: true,
    render: (t) => t.type_label || typeLabel(t.type),
    formatFilterValue: typeLabel,
  },
  { key: 'amount', label: 'Amount', render: (t) => <AmountCell row={t} /> },
  {
    key: 'description',
    label: 'Description',
    primary: true,
    render: (t) => {
      const line = itemLine(t);
      return (
        <>
          {t.description || '—'}
          {line ? (
            <Box component="span" sx={{ display: 'block', color: 'text.secondary', fontSize: '0.8rem' }}>
              {line}
            </Box>
          ) : null}
        </>
      );
    },
  },
  {
    key: 'user',
    label: 'User',
    secondary: true,
    render: (t) =>
      t.user_name || t.user_email ? (
        <>
          {t.user_name || t.user_email}
          {t.user_name && t.user_email ? (
            <Box component="span" sx={{ display: 'block', color: 'text.secondary', fontSize: '0.8rem' }}>
              {t.user_email}
            </Box>
          ) : null}
        </>
      ) : (
        '—'
      ),
  },
];

/** The receipt (a PDF) of a top-up or a bank transfer. */
function ReceiptLink({ row }: { row: Transaction }) {
  if (!row.has_receipt) return null;
  return (
    <Button
      component="a"
      href={receiptUrl(row.id)}
      download
      size="small"
      startIcon={<ReceiptIcon />}
      aria-label={`${FINANCE_TEXT.receipt} of ${formatDisplayDate(row.date)}`}
    >
      {FINANCE_TEXT.receipt}
    </Button>
  );
}

/** A row's details: what it was, and the ids support and the bank need. */
export function detailEntries(t: Transaction): [string, string][] {
  const entries: [string, string | null | undefined][] = [
    ['Date', formatDisplayDate(t.date)],
    ['Type', t.type_label || typeLabel(t.type)],
    ['Amount', t.type === 'hold' ? '—' : signedPounds(t.amount)],
    [FINANCE_TEXT.reservedAmount, t.type === 'hold' ? formatPounds(t.held_delta) : null],
    [FINANCE_TEXT.releasedAmount, t.type === 'release' ? formatPounds(-t.held_delta) : null],
    ['Balance after', formatPounds(t.balance_after)],
    ['Description', t.description],
    [t.item?.kind === 'parcel' ? 'Parcel' : t.item?.kind === 'plan' ? 'Plan' : 'Letter', t.item?.name],
    [t.item?.kind === 'parcel' ? 'Carrier and service' : 'Recipient', t.item?.detail],
    ['User', [t.user_name, t.user_email].filter(Boolean).join(', ')],
    ['Transaction ID', t.id],
    ['Service ID', t.service_uuid],
    ['Reference', t.reference],
    ['Reservation ID', t.hold_id],
  ];
  return entries.filter((e): e is [string, string] => typeof e[1] === 'string' && e[1] !== '');
}

function DetailsDialog({ row, onClose }: { row: Transaction | null; onClose: () => void }) {
  const titleId = useId();
  return (
    <Dialog open={row !== null} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>{FINANCE_TEXT.detailsTitle}</DialogTitle>
      <DialogContent>
        {row ? (
          <Box
            component="dl"
            data-testid="transaction-details"
            sx={{
              display: 'grid',
              gridTemplateColumns: { xs: '1fr', sm: 'max-content minmax(0, 1fr)' },
              columnGap: 2,
              rowGap: 0.5,
              m: 0,
            }}
          >
            {detailEntries(row).map(([label, value]) => (
              <Box key={label} sx={{ display: 'contents' }}>
                <Typography component="dt" variant="body2" color="text.secondary">
                  {label}
                </Typography>
                <Typography
                  component="dd"
                  variant="body2"
                  sx={{ m: 0, mb: { xs: 1, sm: 0 }, overflowWrap: 'anywhere' }}
                >
                  {value}
                </Typography>
              </Box>
            ))}
          </Box>
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}

/** The CSV export's query: the list's search and filters, not its page. */
export function exportQuery(params: DataTableParams): URLSearchParams {
  const q = listSearchParams(params);
  q.delete('page');
  q.delete('limit');
  q.delete('tab');
  return q;
}

/** yyyy-mm of the month a time falls in, in the UK. */
function ukMonth(d: Date): string {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Europe/London',
    year: 'numeric',
    month: '2-digit',
  }).formatToParts(d);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}`;
}

/** The months a statement can be asked for: this month and the 23 before it, newest first. */
export function statementMonths(now: Date): { value: string; label: string }[] {
  const [year, month] = ukMonth(now).split('-').map(Number) as [number, number];
  const label = new Intl.DateTimeFormat('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' });
  return Array.from({ length: 24 }, (_, i) => {
    const d = new Date(Date.UTC(year, month - 1 - i, 1));
    return { value: d.toISOString().slice(0, 7), label: label.format(d) };
  });
}

function StatementDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const titleId = useId();
  const months = useMemo(() => statementMonths(new Date()), []);
  const [month, setMonth] = useState(months[0]!.value);
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <DialogTitle id={titleId}>{FINANCE_TEXT.statementTitle}</DialogTitle>
      <DialogContent>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {FINANCE_TEXT.statementHint}
        </Typography>
        <TextField
          select
          fullWidth
          label={FINANCE_TEXT.month}
          value={month}
          onChange={(e) => setMonth(e.target.value)}
          slotProps={{ select: { native: true } }}
        >
          {months.map((m) => (
            <option key={m.value} value={m.value}>
              {m.label}
            </option>
          ))}
        </TextField>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button
          component="a"
          variant="contained"
          href={apiUrl('/api/finances/statement', { query: { month } })}
          download
          startIcon={<Download />}
          onClick={onClose}
        >
          {FINANCE_TEXT.downloadStatement}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** Export CSV (the list's search and filters) and the monthly statement. */
function TransactionsToolbar({ params }: { params: DataTableParams }) {
  const [statement, setStatement] = useState(false);
  return (
    <>
      <Button
        component="a"
        size="small"
        href={apiUrl('/api/finances/transactions/export', { query: exportQuery(params) })}
        download
        startIcon={<Download />}
      >
        {FINANCE_TEXT.exportCsv}
      </Button>
      <Button size="small" startIcon={<Description />} onClick={() => setStatement(true)}>
        {FINANCE_TEXT.statement}
      </Button>
      {statement ? <StatementDialog open onClose={() => setStatement(false)} /> : null}
    </>
  );
}

/** The company's ledger, newest first (the server's order), with the shared table's paging, filters and search. */
export function TransactionsTable() {
  const [details, setDetails] = useState<Transaction | null>(null);
  return (
    <>
      <DataTable<Transaction>
        title={FINANCE_TEXT.transactions}
        queryKey={financeKeys.transactions}
        fetcher={fetchTransactions}
        columns={COLUMNS}
        rowKey={(t) => t.id}
        toolbar={(params) => <TransactionsToolbar params={params} />}
        rowActions={(t) => (
          <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap' }}>
            <Button
              size="small"
              startIcon={<InfoOutlined />}
              aria-label={`${FINANCE_TEXT.details} of ${t.description || typeLabel(t.type)}, ${formatDisplayDate(t.date)}`}
              onClick={() => setDetails(t)}
            >
              {FINANCE_TEXT.details}
            </Button>
            <ReceiptLink row={t} />
          </Box>
        )}
      />
      <DetailsDialog row={details} onClose={() => setDetails(null)} />
    </>
  );
}
