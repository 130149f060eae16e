import { MESSAGES } from '@lp/domain';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { MessageBanner } from '../../components/message-banner';
import { Page } from '../../components/page';
import { useMe } from '../../lib/session';
import { SCREEN_HELP } from '../guide/screen-help';
import { BalanceSummary } from './balance-summary';
import { FINANCE_TEXT } from './messages';
import { SpendingLimits } from './spending-limits';
import { TransactionsTable } from './transactions-table';

/** /finances: the balance and Add Funds, the transactions, and each member's monthly spending limit. */
export function FinancesPage() {
  const me = useMe().data;
  const transactionsId = useId();
  if (!me) return null;
  const abilities = new Set(me.abilities);
  const seeFinances = abilities.has('see_finances');
  const setCaps = abilities.has('set_spending_cap');
  return (
    <Page title="Finances" help={SCREEN_HELP.finances}>
      <BalanceSummary me={me} />
      {seeFinances ? (
        <Box component="section" aria-labelledby={transactionsId} sx={{ mt: 4 }}>
          <Typography id={transactionsId} component="h2" variant="h6">
            {FINANCE_TEXT.transactions}
          </Typography>
          <TransactionsTable />
        </Box>
      ) : null}
      {seeFinances || setCaps ? <SpendingLimits canEdit={setCaps} /> : null}
      {!seeFinances && !setCaps ? (
        <Box sx={{ mt: 3 }}>
          <MessageBanner kind="info">{MESSAGES.permissionDenied}</MessageBanner>
        </Box>
      ) : null}
    </Page>
  );
}

export default FinancesPage;
