import ContentCopy from '@mui/icons-material/ContentCopy';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { notify } from '../../lib/notify';
import type { TopUpConfig } from './api';
import { FINANCE_TEXT } from './messages';

async function copy(text: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
    notify(FINANCE_TEXT.referenceCopied, { variant: 'success' });
  } catch {
    notify(FINANCE_TEXT.copyFailed, { variant: 'error' });
  }
}

/** The company's bank transfer details; the reference is the account id people see, its account reference (part 2 section 9, decision 0031). */
export function BankDetails({ bank }: { bank: TopUpConfig['bank'] }) {
  const rows: [string, string][] = [
    ['Account name', bank.account_name],
    ['Sort code', bank.sort_code],
    ['Account number', bank.account_number],
  ];
  return (
    <Box>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {FINANCE_TEXT.bankHint}
      </Typography>
      <Box
        component="dl"
        sx={{ display: 'grid', gridTemplateColumns: 'max-content minmax(0, 1fr)', columnGap: 2, rowGap: 0.5, m: 0 }}
      >
        {rows.map(([label, value]) => (
          <Box key={label} sx={{ display: 'contents' }}>
            <Typography component="dt" variant="body2" color="text.secondary">
              {label}
            </Typography>
            <Typography component="dd" variant="body2" sx={{ m: 0, fontWeight: 600, overflowWrap: 'anywhere' }}>
              {value}
            </Typography>
          </Box>
        ))}
        <Typography component="dt" variant="body2" color="text.secondary" sx={{ alignSelf: 'center' }}>
          Reference
        </Typography>
        <Box component="dd" sx={{ m: 0, display: 'flex', alignItems: 'center', gap: 0.5, minWidth: 0 }}>
          <Typography
            variant="body2"
            data-testid="bank-reference"
            sx={{ fontWeight: 600, fontFamily: 'monospace', overflowWrap: 'anywhere' }}
          >
            {bank.reference}
          </Typography>
          <Tooltip title="Copy reference">
            <IconButton size="small" aria-label="Copy reference" onClick={() => void copy(bank.reference)}>
              <ContentCopy fontSize="small" />
            </IconButton>
          </Tooltip>
        </Box>
      </Box>
    </Box>
  );
}
