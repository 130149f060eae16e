/** The three kinds a permission belongs to (part 1 section 6). */
export const PERMISSION_KINDS = ['operational', 'observable', 'administrative'] as const;
export type PermissionKind = (typeof PERMISSION_KINDS)[number];

/** The permission catalogue: every task name, its kind and the label shown to people. */
export const PERMISSION_CATALOGUE = {
  create_letter: { kind: 'operational', label: 'Create and send letters and parcels' },
  create_parcel: { kind: 'operational', label: 'Create and send letters and parcels' },
  send_letter: { kind: 'operational', label: 'Create and send letters and parcels' },
  delete_letter: { kind: 'operational', label: 'Create and send letters and parcels' },
  manage_letterheads: { kind: 'operational', label: 'Manage letterheads' },
  see_letters: { kind: 'observable', label: 'See letters & parcels' },
  see_parcels: { kind: 'observable', label: 'See letters & parcels' },
  see_recipients: { kind: 'observable', label: 'See recipients' },
  see_finances: { kind: 'observable', label: 'See transactions & history logs' },
  see_history: { kind: 'observable', label: 'See transactions & history logs' },
  see_users: { kind: 'observable', label: 'See users' },
  access_storage: { kind: 'administrative', label: 'Access cloud storage' },
  manage_storage: { kind: 'administrative', label: 'Manage cloud storage' },
  manage_recipients: { kind: 'administrative', label: 'Manage recipients' },
  set_spending_cap: { kind: 'administrative', label: 'Manage finances & payment limitations' },
  top_up: { kind: 'administrative', label: 'Manage finances & payment limitations' },
  manage_users: { kind: 'administrative', label: 'Add and edit users' },
  manage_company: { kind: 'administrative', label: 'Manage company' },
  manage_integrations: { kind: 'administrative', label: 'Manage integrations' },
  approve: { kind: 'administrative', label: 'Supervise company' },
  edit_company_address: { kind: 'administrative', label: 'Edit company address' },
  manage_account: { kind: 'administrative', label: 'Manage account and plan' },
} as const satisfies Record<string, { kind: PermissionKind; label: string }>;

export type Permission = keyof typeof PERMISSION_CATALOGUE;
export const ALL_PERMISSIONS = Object.keys(PERMISSION_CATALOGUE) as Permission[];

/** Permissions grouped by kind, the shape stored on users and departments. */
export type PermissionsByKind = Record<PermissionKind, Permission[]>;

/** True when the name is a permission of the catalogue. */
export function isPermission(name: string): name is Permission {
  return Object.hasOwn(PERMISSION_CATALOGUE, name);
}

/** Groups a flat list of permissions by kind, in catalogue order, without duplicates. */
export function groupByKind(permissions: readonly Permission[]): PermissionsByKind {
  const wanted = new Set(permissions);
  const grouped: PermissionsByKind = { operational: [], observable: [], administrative: [] };
  for (const name of ALL_PERMISSIONS) {
    if (wanted.has(name)) grouped[PERMISSION_CATALOGUE[name].kind].push(name);
  }
  return grouped;
}

/** Flattens permissions grouped by kind, dropping names that are not in the catalogue. */
export function flattenPermissions(byKind: Partial<Record<string, readonly string[]>>): Permission[] {
  const out = new Set<Permission>();
  for (const list of Object.values(byKind)) {
    for (const name of list ?? []) if (isPermission(name)) out.add(name);
  }
  return ALL_PERMISSIONS.filter((p) => out.has(p));
}

/**
 * Stored permissions by kind as an answer gives them: only the catalogue's names, each under its own
 * kind (a name a release retired is left out rather than failing the answer).
 */
export function knownPermissionsByKind(stored: Partial<Record<string, readonly string[]>> | null): PermissionsByKind {
  return groupByKind(flattenPermissions(stored ?? {}));
}

/** The owner of a company holds every permission. */
export function ownerPermissions(): PermissionsByKind {
  return groupByKind(ALL_PERMISSIONS);
}

/** True when the abilities include at least one of the permissions (an empty list is always allowed). */
export function hasAny(abilities: ReadonlySet<string> | readonly string[], needed: readonly Permission[]): boolean {
  if (needed.length === 0) return true;
  const set = abilities instanceof Set ? abilities : new Set(abilities as readonly string[]);
  return needed.some((p) => set.has(p));
}

/**
 * What a task needs to be seen through (decision 0012): nobody is given a task whose results they
 * cannot see, so granting the key grants these too (letters created, sent or deleted are on the
 * letter list; caps are set from the users panel; departments live under Users & Departments).
 */
export const IMPLIED_PERMISSIONS: Partial<Record<Permission, readonly Permission[]>> = {
  create_letter: ['see_letters'],
  send_letter: ['see_letters'],
  delete_letter: ['see_letters'],
  create_parcel: ['see_parcels'],
  manage_recipients: ['see_recipients'],
  set_spending_cap: ['see_users', 'see_finances'],
  top_up: ['see_finances'],
  manage_users: ['see_users'],
  // Part 1 section 6: "manage_users and manage_company ("Manage company")": the company's
  // manager adds and edits users too.
  manage_company: ['see_users', 'manage_users'],
  manage_storage: ['access_storage'],
};

/** The permissions with every permission they imply added, in catalogue order. */
export function withImpliedPermissions(permissions: readonly Permission[]): Permission[] {
  const out = new Set<Permission>(permissions);
  for (const p of permissions) for (const implied of IMPLIED_PERMISSIONS[p] ?? []) out.add(implied);
  return ALL_PERMISSIONS.filter((p) => out.has(p));
}
