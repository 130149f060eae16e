import { formatPounds, TRANSACTION_TYPE_LABELS, type TransactionType } from '@lp/domain';
import ArrowDownward from '@mui/icons-material/ArrowDownward';
import ArrowUpward from '@mui/icons-material/ArrowUpward';
import ReceiptIcon from '@mui/icons-material/Receipt';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { DataTable, type DataTableColumn } from '../../components/data-table';
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

/** The amount: signed, with an arrow and a word for credits and debits (never colour alone). */
function AmountCell({ row }: { row: Transaction }) {
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
      {row.held_delta ? (
        <Box component="span" sx={{ display: 'block', fontSize: '0.75rem', color: 'text.secondary' }}>
          {row.held_delta > 0 ? 'Reserved' : 'Released'} {formatPounds(Math.abs(row.held_delta))}
        </Box>
      ) : null}
    </Box>
  );
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
    key: 'user',
    label: 'User',
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
  { key: 'description', label: 'Description', render: (t) => t.description || '—' },
  {
    key: 'service_uuid',
    label: 'Service id',
    render: (t) => (
      <Box component="span" sx={{ overflowWrap: 'anywhere', fontSize: '0.8rem' }}>
        {t.service_uuid || '—'}
      </Box>
    ),
  },
  {
    key: 'reference',
    label: 'Reference',
    render: (t) => (
      <Box component="span" sx={{ overflowWrap: 'anywhere', fontSize: '0.8rem' }}>
        {t.reference || '—'}
      </Box>
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

/** The company's ledger, newest first (the server's order), with the shared table's paging, filters and search. */
export function TransactionsTable() {
  return (
    <DataTable<Transaction>
      title={FINANCE_TEXT.transactions}
      queryKey={financeKeys.transactions}
      fetcher={fetchTransactions}
      columns={COLUMNS}
      rowKey={(t) => t.id}
      rowActions={(t) => <ReceiptLink row={t} />}
    />
  );
}
