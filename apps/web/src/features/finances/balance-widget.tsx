import { formatPounds } from '@lp/domain';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { isApiError } from '../../lib/api';
import type { Me } from '../../lib/session';
import { AddFundsButton } from './add-funds-button';
import { useBalance } from './api';
import { creditingHintActive, useCreditingHint } from './crediting';
import { FINANCE_TEXT } from './messages';

export const WIDGET_LABEL = 'Balance';
export const CREDITING_TEXT = 'Top-up being credited';

/** False when the company shows the balance to finance admins only and this member cannot top up. */
export function balanceVisible(me: Pick<Me, 'account' | 'abilities'>): boolean {
  return !me.account.restrictBalance || me.abilities.includes('top_up');
}

/**
 * The floating balance widget of every signed-in page (the shell puts it at the bottom right): the
 * available balance, and "Add Funds" for members with top_up. Hidden when the balance is not theirs to see.
 */
export function BalanceWidget({ me }: { me: Me }) {
  const visible = balanceVisible(me);
  const balance = useBalance(visible);
  const hint = useCreditingHint();
  if (!visible || !balance.data || (balance.isError && isApiError(balance.error, 403))) return null;

  const amount = formatPounds(balance.data.available);
  const crediting = balance.data.crediting || (hint !== null && creditingHintActive());
  const amountText = (
    <>
      <Typography component="span" variant="caption" color="text.secondary" sx={{ display: 'block', lineHeight: 1.2 }}>
        {FINANCE_TEXT.availableBalance}
      </Typography>
      <Typography component="span" sx={{ display: 'block', fontWeight: 700 }} data-testid="widget-balance">
        {amount}
      </Typography>
    </>
  );
  return (
    <Paper
      component="section"
      aria-label={WIDGET_LABEL}
      elevation={6}
      data-testid="balance-widget"
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        justifyContent: 'flex-end',
        gap: 1.5,
        px: 2,
        py: 1,
        borderRadius: 6,
        maxWidth: '100%',
      }}
    >
      <Box sx={{ minWidth: 0 }}>
        {me.abilities.includes('see_finances') ? (
          <Link component={RouterLink} to="/finances" underline="hover" color="inherit" sx={{ display: 'block' }}>
            {amountText}
          </Link>
        ) : (
          amountText
        )}
        {crediting ? (
          <Typography component="span" variant="caption" role="status" sx={{ display: 'block' }}>
            {CREDITING_TEXT}
          </Typography>
        ) : null}
      </Box>
      {me.abilities.includes('top_up') ? <AddFundsButton size="small" /> : null}
    </Paper>
  );
}
