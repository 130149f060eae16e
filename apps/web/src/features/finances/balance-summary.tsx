import { formatPounds, MONEY_MESSAGES } from '@lp/domain';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { type ReactNode, useId } from 'react';
import { Loading } from '../../components/loading';
import { MessageBanner } from '../../components/message-banner';
import { isApiError } from '../../lib/api';
import type { Me } from '../../lib/session';
import { AddFundsButton } from './add-funds-button';
import { useBalance } from './api';
import { balanceVisible, CREDITING_TEXT } from './balance-widget';
import { FINANCE_TEXT } from './messages';
import { RestrictBalanceSwitch } from './restrict-balance-switch';

/** The finances screen's balance: posted, reserved and available, Add Funds, and the owner's visibility switch. */
export function BalanceSummary({ me }: { me: Me }) {
  const headingId = useId();
  const visible = balanceVisible(me);
  const balance = useBalance(visible);
  const canTopUp = me.abilities.includes('top_up');
  const isOwner = me.user.roles.includes('owner');

  let content: ReactNode;
  if (!visible || (balance.isError && isApiError(balance.error, 403))) {
    content = <MessageBanner kind="info">{MONEY_MESSAGES.balanceHidden}</MessageBanner>;
  } else if (balance.isPending) {
    content = <Loading minHeight={80} />;
  } else if (balance.isError) {
    content = <MessageBanner kind="error">Cannot fetch the balance</MessageBanner>;
  } else {
    const figures: [string, number, string][] = [
      [FINANCE_TEXT.balance, balance.data.balance, 'balance'],
      [FINANCE_TEXT.held, balance.data.held, 'held'],
      [FINANCE_TEXT.available, balance.data.available, 'available'],
    ];
    content = (
      <>
        <Box
          component="dl"
          sx={{
            display: 'grid',
            gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, minmax(0, 1fr))' },
            gap: 2,
            m: 0,
          }}
        >
          {figures.map(([label, pence, key]) => (
            <Box key={key}>
              <Typography component="dt" variant="body2" color="text.secondary">
                {label}
              </Typography>
              <Typography
                component="dd"
                data-testid={`balance-${key}`}
                sx={{ m: 0, fontSize: key === 'available' ? '1.6rem' : '1.25rem', fontWeight: 700 }}
              >
                {formatPounds(pence)}
              </Typography>
            </Box>
          ))}
        </Box>
        {balance.data.crediting ? (
          <Typography variant="body2" role="status" sx={{ mt: 1 }}>
            {CREDITING_TEXT}
          </Typography>
        ) : null}
      </>
    );
  }

  return (
    <Paper component="section" aria-labelledby={headingId} variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2, mb: 2 }}>
        <Typography id={headingId} component="h2" variant="h6" sx={{ flex: 1 }}>
          {FINANCE_TEXT.balance}
        </Typography>
        {canTopUp ? <AddFundsButton /> : null}
      </Box>
      {content}
      {isOwner ? <RestrictBalanceSwitch checked={me.account.restrictBalance} /> : null}
    </Paper>
  );
}
