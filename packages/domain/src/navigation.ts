import { hasAny, type Permission } from './permissions.js';

/** A navigation entry of the signed-in shell and the permissions that reveal it (any of them). */
export interface NavEntry {
  key: string;
  label: string;
  path: string;
  anyOf: readonly Permission[];
  /** Disabled while the account is suspended for plan_payment_insufficient_funds. */
  disabledWhenSuspended: boolean;
  inMoreMenu: boolean;
}

/** The signed-in navigation of part 1 section 2 with the gating of section 6. */
export const NAV_ENTRIES: readonly NavEntry[] = [
  {
    key: 'letters',
    label: 'Letters',
    path: '/letters',
    anyOf: ['see_letters', 'approve'],
    disabledWhenSuspended: true,
    inMoreMenu: false,
  },
  {
    key: 'parcels',
    label: 'Parcels',
    path: '/parcels',
    anyOf: ['see_parcels', 'approve'],
    disabledWhenSuspended: true,
    inMoreMenu: false,
  },
  {
    key: 'storage',
    label: 'Storage',
    path: '/storage',
    anyOf: ['access_storage'],
    disabledWhenSuspended: true,
    inMoreMenu: false,
  },
  {
    key: 'finances',
    label: 'Finances',
    path: '/finances',
    anyOf: ['see_finances'],
    disabledWhenSuspended: false,
    inMoreMenu: true,
  },
  {
    key: 'plans',
    label: 'Plans',
    path: '/plans',
    anyOf: [],
    disabledWhenSuspended: false,
    inMoreMenu: true,
  },
  {
    key: 'users',
    label: 'Users & Departments',
    path: '/users',
    anyOf: ['see_users', 'approve'],
    disabledWhenSuspended: false,
    inMoreMenu: true,
  },
  {
    key: 'company',
    label: 'Company Profile',
    path: '/company',
    anyOf: [],
    disabledWhenSuspended: false,
    inMoreMenu: true,
  },
  {
    key: 'letterheads',
    label: 'Letterheads',
    path: '/letterheads',
    anyOf: ['manage_letterheads'],
    disabledWhenSuspended: true,
    inMoreMenu: true,
  },
  {
    key: 'customers',
    label: 'Customers list',
    path: '/customers',
    anyOf: ['see_recipients'],
    disabledWhenSuspended: false,
    inMoreMenu: true,
  },
  {
    key: 'integrations',
    label: 'Integrations',
    path: '/integrations',
    anyOf: ['manage_integrations'],
    disabledWhenSuspended: false,
    inMoreMenu: true,
  },
];

/**
 * The navigation entry whose screen `pathname` shows, when the user may not open it (none of its
 * permissions): the shell then shows one clear no-access state instead of the screen. Null when the
 * path is not such a screen or the user may open it.
 */
export function deniedScreen(pathname: string, abilities: readonly string[]): NavEntry | null {
  const entry = NAV_ENTRIES.find((e) => pathname === e.path || pathname.startsWith(`${e.path}/`));
  if (!entry || entry.anyOf.length === 0 || hasAny(abilities, entry.anyOf)) return null;
  return entry;
}

export interface NavItemState extends NavEntry {
  disabled: boolean;
}

/** The entries a user sees, with their disabled state, given abilities and account health. */
export function visibleNavEntries(
  abilities: readonly string[],
  health: { status: string; reason?: string | null },
): NavItemState[] {
  const suspendedForFunds = isSuspendedForFunds(health);
  return NAV_ENTRIES.filter((e) => hasAny(abilities, e.anyOf)).map((e) => ({
    ...e,
    disabled: suspendedForFunds && e.disabledWhenSuspended,
  }));
}

/** The reason for which letters, parcels, storage and letterheads are switched off. */
export const SUSPENSION_REASON_FUNDS = 'plan_payment_insufficient_funds';

/** True when the account is suspended because its plan could not be paid. */
export function isSuspendedForFunds(health: { status: string; reason?: string | null }): boolean {
  return health.status === 'suspended' && health.reason === SUSPENSION_REASON_FUNDS;
}

/** Dashboard tiles are usable only while the account is active. */
export function tilesEnabled(health: { status: string }): boolean {
  return health.status === 'active';
}

/** Routes reachable without a session; everything else sends an unauthenticated user to the root. */
export const PUBLIC_PATHS: readonly string[] = ['/', '/signIn', '/signUp'];

/** Paths that are part of the signed-out flows and also reachable without a session. */
export function isPublicPath(pathname: string): boolean {
  if (PUBLIC_PATHS.includes(pathname)) return true;
  // Links that arrive by email must work before signing in.
  return pathname === '/resetPassword' || pathname.startsWith('/invited/signUp/');
}
