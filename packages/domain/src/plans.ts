/** Plan features that gate capabilities with a 426 answer. */
export const PLAN_FEATURES = [
  'department_management_and_reports',
  'accounting_integrations',
  'cloud_storage_integrations',
] as const;
export type PlanFeature = (typeof PLAN_FEATURES)[number];

export interface Plan {
  name: string;
  /** Monthly price in pence, or 'Call' for plans priced on request. */
  price: number | 'Call';
  features: readonly PlanFeature[];
  /** Document storage the plan includes, in bytes (decision 0020). */
  storageBytes: number;
}

const GiB = 1024 ** 3;

export const PLAN_NAMES = ['Basic', 'Business', 'Pro', 'Enterprise'] as const;
export type PlanName = (typeof PLAN_NAMES)[number];

/** The plan catalogue; Basic is the default plan of a new account. */
export const PLANS: readonly Plan[] = [
  { name: 'Basic', price: 0, features: [], storageBytes: 2 * GiB },
  {
    name: 'Business',
    price: 2900,
    features: ['department_management_and_reports', 'cloud_storage_integrations'],
    storageBytes: 100 * GiB,
  },
  {
    name: 'Pro',
    price: 7900,
    features: ['department_management_and_reports', 'accounting_integrations', 'cloud_storage_integrations'],
    storageBytes: 500 * GiB,
  },
  {
    name: 'Enterprise',
    price: 'Call',
    features: ['department_management_and_reports', 'accounting_integrations', 'cloud_storage_integrations'],
    storageBytes: 2048 * GiB,
  },
];

export const DEFAULT_PLAN = 'Basic';
/** The plan that lifts a suspension for unpaid plan fees when chosen. */
export const FREE_PLAN = 'Basic';
/** The plan chosen by talking to us: selecting it changes nothing. */
export const CALL_PLAN = 'Enterprise';

/** Finds a plan by name. */
export function findPlan(name: string): Plan | undefined {
  return PLANS.find((p) => p.name === name);
}

/** True when the named plan includes the feature. */
export function planHasFeature(planName: string, feature: PlanFeature): boolean {
  return findPlan(planName)?.features.includes(feature) ?? false;
}

/** The document storage a plan includes, in bytes (an unknown plan gets Basic's). */
export function planStorageBytes(planName: string): number {
  return (findPlan(planName) ?? findPlan(DEFAULT_PLAN)!).storageBytes;
}

/** The monthly fee charged from the balance (0 for free plans and plans priced on request). */
export function planFee(plan: Plan): number {
  return typeof plan.price === 'number' ? plan.price : 0;
}

/** The price label of a plan card: pounds per month, Free for 0, Call as is. */
export function planPriceLabel(price: number | 'Call'): string {
  if (price === 'Call') return 'Call';
  if (price === 0) return 'Free';
  return `£${(price / 100).toFixed(2)} / month`;
}

export interface Perk {
  description: string;
  included: boolean;
}

/** What every plan card lists, each perk with its included flag (the same list on every card). */
const PERKS: ReadonlyArray<{ description: string; includedIn: (plan: Plan) => boolean }> = [
  { description: 'Letters by post, email, text message and cloud link', includedIn: () => true },
  { description: 'Parcels with UK carriers', includedIn: () => true },
  { description: 'Users, roles, supervisor approvals and spending limits', includedIn: () => true },
  {
    description: 'Departments and spending reports',
    includedIn: (p) => p.features.includes('department_management_and_reports'),
  },
  {
    description: 'Google Drive, Dropbox and OneDrive sync',
    includedIn: (p) => p.features.includes('cloud_storage_integrations'),
  },
  {
    description: 'Xero, QuickBooks and Sage invoices and contacts',
    includedIn: (p) => p.features.includes('accounting_integrations'),
  },
  { description: 'A named account manager and invoiced billing', includedIn: (p) => p.price === 'Call' },
];

export function planPerks(plan: Plan): Perk[] {
  return PERKS.map((perk) => ({ description: perk.description, included: perk.includedIn(plan) }));
}

/** The plan texts (part 2 sections 4 and 8 give their occasions; the words are ours). */
export const PLAN_MESSAGES = {
  changed: (plan: string) => `You are now on the ${plan} plan.`,
  changedAndCharged: (plan: string, fee: string) =>
    `You are now on the ${plan} plan. ${fee} was taken from your balance for its first month.`,
  downgraded: 'You are now on the Basic plan.',
  enterprise:
    'Enterprise is set up with our team: we have let them know, and they will call you to agree your plan. Your current plan stays as it is until then.',
  alreadyOnPlan: (plan: string) => `You are already on the ${plan} plan.`,
  unknownPlan: (plan: string) => `There is no plan called "${plan}".`,
  suspendedOnlyBasic: 'Your account is suspended for an unpaid plan fee: top up to pay it, or choose the Basic plan.',
  /** `available` is null for a member who may not see the balance (canSeeBalance): the same words without the figure. */
  insufficientFunds: (plan: string, fee: string, available: string | null) =>
    available === null
      ? `The ${plan} plan costs ${fee} a month, taken from your balance, and the available balance is not enough. Ask the owner or an authorised member to top up, then choose the plan again.`
      : `The ${plan} plan costs ${fee} a month, taken from your balance, and the available balance is ${available}. Top up, then choose the plan again.`,
} as const;
