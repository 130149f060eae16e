import { formatPounds } from '@lp/domain';

/** The plans screen's own words. */
export const PLANS_TEXT = {
  title: 'Plans',
  select: 'Select Plan',
  current: 'Current plan',
  included: 'Included',
  notIncluded: 'Not included',
  needsManageAccount:
    'Only members who may manage the account can change the plan. Please ask the account owner or an authorised member.',
  renews: (date: string) => `Renews on ${date}`,
  owed: (pence: number) => `Owed: ${formatPounds(pence)}`,
  confirmTitle: (plan: string) => `Select the ${plan} plan?`,
  confirmPaid: (plan: string, fee: string) =>
    `The ${plan} plan costs ${fee} a month, taken from your balance: ${fee} is taken now for its first month, then ${fee} each month.`,
  confirmFree: (plan: string) => `The ${plan} plan is free: nothing is taken from your balance.`,
  confirmCall: (plan: string) =>
    `The ${plan} plan is priced with our team: we will call you to agree it. Nothing is taken from your balance now.`,
} as const;
