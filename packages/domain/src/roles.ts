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
    if (s.role === 'Supervisor') {
      for (const p of supervisorGrant(s.checked, s.departments ?? []).permissions) out.add(p);
      continue;
    }
    const preset = ROLE_PRESETS[s.role];
    const allowed = new Set<Permission>(preset.permissions);
    const checked = s.checked.filter((p) => allowed.has(p));
    for (const p of checked.length > 0 ? checked : preset.defaultsWhenEmpty) out.add(p);
  }
  return withImpliedPermissions([...out]);
}

/** The Supervisor's first permission, "Supervise company" (part 1 section 6). */
export const SUPERVISOR_FIRST_PERMISSION = 'approve' as const satisfies Permission;

/**
 * What a ticked Supervisor grants and supervises (part 1 section 6). With no department chosen only
 * the first permission counts (the whole company); if the first permission is checked only it
 * counts (the whole company, departments ignored); otherwise the checked departments are supervised
 * and the role's checked permissions count with them. Supervising always grants the first permission.
 */
export function supervisorGrant(
  checked: readonly Permission[],
  departments: readonly string[],
): { permissions: Permission[]; departments: string[] } {
  const first = SUPERVISOR_FIRST_PERMISSION;
  const chosen = [...new Set(departments)];
  if (checked.includes(first) || chosen.length === 0) return { permissions: [first], departments: [] };
  const allowed = new Set<Permission>(ROLE_PRESETS.Supervisor.permissions);
  const rest = checked.filter((p) => p !== first && allowed.has(p));
  return { permissions: withImpliedPermissions([first, ...rest]), departments: chosen };
}

/** The departments a set of ticked roles supervises: the Supervisor's, after supervisorGrant (none without it). */
export function supervisedFromRoles(selections: readonly RoleSelection[]): string[] {
  const s = selections.find((r) => r.role === 'Supervisor');
  return s ? supervisorGrant(s.checked, s.departments ?? []).departments : [];
}

/**
 * The Supervisor rule applied to a users body as the server receives it (roles, permissions by kind
 * and supervised departments): departments count only under a ticked Supervisor, and a Supervisor
 * always holds its first permission (they supervise the chosen departments or the whole company).
 */
export function applySupervisorRule<B extends { roles: readonly string[]; supervised_departments: readonly string[] }>(
  body: B,
  permissions: readonly Permission[],
): { permissions: Permission[]; supervised_departments: string[] } {
  const isSupervisor = body.roles.includes('Supervisor');
  return {
    permissions: isSupervisor
      ? withImpliedPermissions([...permissions, SUPERVISOR_FIRST_PERMISSION])
      : [...permissions],
    supervised_departments: isSupervisor ? [...new Set(body.supervised_departments)] : [],
  };
}

/** Roles are shown sorted in the users table. */
export function sortRoles(roles: readonly string[]): string[] {
  return [...roles].sort((a, b) => a.localeCompare(b));
}
