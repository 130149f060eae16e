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
}

/** The plan catalogue; Basic is the default plan of a new account. */
export const PLANS: readonly Plan[] = [
  { name: 'Basic', price: 0, features: [] },
  { name: 'Business', price: 2900, features: ['department_management_and_reports', 'cloud_storage_integrations'] },
  {
    name: 'Pro',
    price: 7900,
    features: ['department_management_and_reports', 'accounting_integrations', 'cloud_storage_integrations'],
  },
  {
    name: 'Enterprise',
    price: 'Call',
    features: ['department_management_and_reports', 'accounting_integrations', 'cloud_storage_integrations'],
  },
];

export const DEFAULT_PLAN = 'Basic';

/** Finds a plan by name. */
export function findPlan(name: string): Plan | undefined {
  return PLANS.find((p) => p.name === name);
}

/** True when the named plan includes the feature. */
export function planHasFeature(planName: string, feature: PlanFeature): boolean {
  return findPlan(planName)?.features.includes(feature) ?? false;
}

/** The price label of a plan card: pounds per month, Free for 0, Call as is. */
export function planPriceLabel(price: number | 'Call'): string {
  if (price === 'Call') return 'Call';
  if (price === 0) return 'Free';
  return `£${(price / 100).toFixed(2)} / month`;
}
