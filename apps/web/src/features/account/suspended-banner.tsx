import { formatPounds, MESSAGES } from '@lp/domain';
import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import { Link as RouterLink } from 'react-router';
import type { Me } from '../../lib/session';

/** The advice under the suspension notice, tailored to what the user may do about it. */
export function suspensionAdvice(me: Me): string {
  const owed = formatPounds(typeof me.account.planPrice === 'number' ? me.account.planPrice : 0);
  const canAct = me.abilities.includes('top_up') || me.abilities.includes('manage_account');
  return canAct
    ? `To restore it, top up ${owed} to pay the owed amount, or downgrade to the Basic plan.`
    : `Please ask the account owner or an authorised member to top up ${owed} to pay the owed amount, or to downgrade to the Basic plan.`;
}

/** The suspended-account banner, fixed at the bottom by the shell and dismissible. */
export function SuspendedBanner({ me, onDismiss }: { me: Me; onDismiss: () => void }) {
  const canTopUp = me.abilities.includes('top_up') && me.abilities.includes('see_finances');
  const canChoosePlan = me.abilities.includes('manage_account');
  return (
    <Alert
      severity="error"
      variant="standard"
      role="alert"
      data-testid="suspended-banner"
      onClose={onDismiss}
      slotProps={{ closeButton: { 'aria-label': 'Dismiss' } }}
      sx={{ borderRadius: 0, boxShadow: 6, alignItems: 'center' }}
    >
      {MESSAGES.suspended(me.account.currentPlan)} {suspensionAdvice(me)}
      {canTopUp ? (
        <>
          {' '}
          <Link component={RouterLink} to="/finances" color="inherit" sx={{ fontWeight: 600 }}>
            Go to Finances
          </Link>
        </>
      ) : null}
      {canChoosePlan ? (
        <>
          {' '}
          <Link component={RouterLink} to="/plans" color="inherit" sx={{ fontWeight: 600 }}>
            Choose a plan
          </Link>
        </>
      ) : null}
    </Alert>
  );
}
