import { FREE_PLAN, formatPounds, isSuspendedForFunds, MESSAGES, PLAN_MESSAGES } from '@lp/domain';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { Loading } from '../../components/loading';
import { MessageBanner } from '../../components/message-banner';
import { Page } from '../../components/page';
import { isApiError } from '../../lib/api';
import { notify } from '../../lib/notify';
import { useMe } from '../../lib/session';
import { type PlanOffer, useChangePlan, useCurrentPlan, usePlans } from './api';
import { PLANS_TEXT } from './messages';
import { PlanCard } from './plan-card';

/** The confirmation, naming the monthly fee taken from the balance. */
export function confirmText(plan: PlanOffer): string {
  if (plan.price === 'Call') return PLANS_TEXT.confirmCall(plan.name);
  if (plan.price === 0) return PLANS_TEXT.confirmFree(plan.name);
  return PLANS_TEXT.confirmPaid(plan.name, formatPounds(plan.price));
}

const UK_DATE = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'Europe/London',
});

/** The renewal day as people read it in the UK, where plan months are counted ("1 December 2026"). */
export function renewalDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : UK_DATE.format(date);
}

/** A refused plan change: the server's own text (400, 402, 404, 426), "Permission denied" for 401/403. */
export function planChangeFailure(error: unknown): string {
  if (isApiError(error, 401) || isApiError(error, 403)) return MESSAGES.permissionDenied;
  if (isApiError(error) && error.status >= 400 && error.status < 500 && error.message) return error.message;
  return MESSAGES.genericError;
}

/** /plans: the plan cards, the current plan marked, and Select Plan (manage_account). */
export function PlansPage() {
  const me = useMe().data;
  const plans = usePlans();
  const current = useCurrentPlan();
  const change = useChangePlan();
  const [chosen, setChosen] = useState<PlanOffer | null>(null);
  const [confirming, setConfirming] = useState(false);
  if (!me) return null;

  const currentName = me.account.currentPlan;
  const canManage = me.abilities.includes('manage_account');
  const suspended = isSuspendedForFunds(me.account.health);

  const select = (plan: PlanOffer) => {
    change.mutate(plan.name, {
      onSuccess: (answer) => {
        notify(answer.message, { variant: answer.changed ? 'success' : 'info' });
        setConfirming(false);
      },
      onError: (error) => {
        notify(planChangeFailure(error), { variant: 'error' });
        setConfirming(false);
      },
    });
  };

  const currentDetails =
    current.data && current.data.plan === currentName ? (
      <Box>
        {current.data.renews_at ? (
          <Typography variant="body2" color="text.secondary">
            {PLANS_TEXT.renews(renewalDate(current.data.renews_at))}
          </Typography>
        ) : null}
        {current.data.owed > 0 ? (
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {PLANS_TEXT.owed(current.data.owed)}
          </Typography>
        ) : null}
      </Box>
    ) : null;

  return (
    <Page title={PLANS_TEXT.title}>
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1.5, mb: 2 }}>
        {suspended ? <MessageBanner kind="warning">{PLAN_MESSAGES.suspendedOnlyBasic}</MessageBanner> : null}
        {!canManage ? <MessageBanner kind="info">{PLANS_TEXT.needsManageAccount}</MessageBanner> : null}
      </Box>
      {plans.isPending ? (
        <Loading />
      ) : plans.isError ? (
        <MessageBanner kind="error">{MESSAGES.genericError}</MessageBanner>
      ) : (
        <Box
          sx={{
            display: 'grid',
            gap: 2,
            gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(4, minmax(0, 1fr))' },
          }}
        >
          {plans.data.map((plan) => {
            const isCurrent = plan.name === currentName;
            return (
              <PlanCard
                key={plan.name}
                plan={plan}
                current={isCurrent}
                disabled={isCurrent || !canManage || (suspended && plan.name !== FREE_PLAN) || change.isPending}
                details={isCurrent ? currentDetails : null}
                onSelect={() => {
                  setChosen(plan);
                  setConfirming(true);
                }}
              />
            );
          })}
        </Box>
      )}
      <ConfirmDialog
        open={confirming && !!chosen}
        title={chosen ? PLANS_TEXT.confirmTitle(chosen.name) : ''}
        message={chosen ? confirmText(chosen) : ''}
        busy={change.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={() => {
          if (chosen) select(chosen);
        }}
      />
    </Page>
  );
}

export default PlansPage;
