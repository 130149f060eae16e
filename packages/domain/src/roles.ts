import { ALL_PERMISSIONS, type Permission, withImpliedPermissions } from './permissions.js';

/** The preset roles of the invite panel (part 1 section 6), listed sorted by label. */
export const ROLE_PRESETS = {
  Admin: {
    description: 'Almost full control, except transferring ownership or deleting the account.',
    permissions: ALL_PERMISSIONS.filter((p) => p !== 'manage_account'),
    defaultsWhenEmpty: ALL_PERMISSIONS.filter((p) => p !== 'manage_account'),
  },
  Contributor: {
    description: 'An office manager who handles mailing.',
    permissions: [
      'create_letter',
      'create_parcel',
      'send_letter',
      'delete_letter',
      'see_letters',
      'see_parcels',
      'see_recipients',
      'manage_recipients',
    ],
    // Decision 0012 (spec: "Contributor gets two specific permissions"): the two catalogue entries
    // "Create and send letters and parcels" and "See letters & parcels", six tasks in all.
    defaultsWhenEmpty: ['create_letter', 'create_parcel', 'send_letter', 'delete_letter', 'see_letters', 'see_parcels'],
  },
  Editor: {
    description: 'A designer or marketer.',
    permissions: ['manage_letterheads', 'create_letter', 'see_letters', 'access_storage', 'manage_storage'],
    // Decision (spec: "Editor gets one"): letterheads.
    defaultsWhenEmpty: ['manage_letterheads'],
  },
  Supervisor: {
    description: 'Sees the activity of the company or chosen departments and approves actions.',
    permissions: ['approve', 'see_letters', 'see_parcels', 'see_users', 'see_history', 'see_finances'],
    defaultsWhenEmpty: ['approve'],
  },
} as const satisfies Record<
  string,
  { description: string; permissions: readonly Permission[]; defaultsWhenEmpty: readonly Permission[] }
>;

export type RoleName = keyof typeof ROLE_PRESETS;
export const ROLE_NAMES = Object.keys(ROLE_PRESETS).sort() as RoleName[];

/** True when the name is a preset role. */
export function isRoleName(name: string): name is RoleName {
  return Object.hasOwn(ROLE_PRESETS, name);
}

/**
 * The role the company's creator holds. It is never granted or taken through the users routes,
 * the invitation or the CLI (decision 0012): only sign-up gives it.
 */
export const OWNER_ROLE = 'owner';

/** A role as ticked in the invite panel: the role and the permissions checked under it. */
export interface RoleSelection {
  role: RoleName;
  checked: readonly Permission[];
  /** Supervisor only: the departments it supervises (empty: the whole company). */
  departments?: readonly string[];
}

/**
 * The permissions a set of ticked roles grants (part 1 section 6): a role ticked with nothing
 * selected grants its defaults; otherwise only what is checked and belongs to the role counts.
 * What a granted task needs to be seen through comes with it (withImpliedPermissions; every
 * preset holds what its tasks imply).
 */
export function permissionsFromRoles(selections: readonly RoleSelection[]): Permission[] {
  const out = new Set<Permission>();
  for (const s of selections) {
    const preset = ROLE_PRESETS[s.role];
    const allowed = new Set<Permission>(preset.permissions);
    const checked = s.checked.filter((p) => allowed.has(p));
    for (const p of checked.length > 0 ? checked : preset.defaultsWhenEmpty) out.add(p);
  }
  return withImpliedPermissions([...out]);
}

/** Roles are shown sorted in the users table. */
export function sortRoles(roles: readonly string[]): string[] {
  return [...roles].sort((a, b) => a.localeCompare(b));
}
