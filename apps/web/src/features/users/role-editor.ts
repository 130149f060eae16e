import {
  ALL_PERMISSIONS,
  flattenPermissions,
  groupByKind,
  IMPLIED_PERMISSIONS,
  PERMISSION_CATALOGUE,
  type Permission,
  type PermissionKind,
  type PermissionsByKind,
  permissionsFromRoles,
  ROLE_NAMES,
  ROLE_PRESETS,
  type RoleName,
  type RoleSelection,
  SUPERVISOR_FIRST_PERMISSION,
  sortRoles,
  supervisedFromRoles,
  withImpliedPermissions,
} from '@lp/domain';

/**
 * One line of a permission list: the catalogue's label with every task that carries it
 * (create_letter, create_parcel, send_letter and delete_letter are all "Create and send letters and parcels").
 */
export interface PermissionItem {
  label: string;
  kind: PermissionKind;
  permissions: Permission[];
}

/** Groups permissions by their label, in catalogue order. */
export function permissionItems(permissions: readonly Permission[]): PermissionItem[] {
  const wanted = new Set(permissions);
  const items: PermissionItem[] = [];
  for (const name of ALL_PERMISSIONS) {
    if (!wanted.has(name)) continue;
    const { label, kind } = PERMISSION_CATALOGUE[name];
    const item = items.find((i) => i.label === label && i.kind === kind);
    if (item) item.permissions.push(name);
    else items.push({ label, kind, permissions: [name] });
  }
  return items;
}

/** A role as people read it: the stored "owner" is shown "Owner"; presets keep their names. */
export function roleLabel(role: string): string {
  return role === 'owner' ? 'Owner' : role;
}

/** What a department may grant: the catalogue without manage_account (the owner's own). */
export const DEPARTMENT_PERMISSIONS = ALL_PERMISSIONS.filter((p) => p !== 'manage_account');

/** "operational" -> "Operational". */
export function kindLabel(kind: PermissionKind): string {
  return kind.charAt(0).toUpperCase() + kind.slice(1);
}

/** The labels of a set of permissions, grouped by kind (the details panel's "Permissions"). */
export function labelsByKind(byKind: Partial<Record<string, readonly string[]>>): [PermissionKind, string[]][] {
  const items = permissionItems(flattenPermissions(byKind));
  const out: [PermissionKind, string[]][] = [];
  for (const item of items) {
    const entry = out.find(([k]) => k === item.kind);
    if (entry) entry[1].push(item.label);
    else out.push([item.kind, [item.label]]);
  }
  return out;
}

/** The invite panel's permissions step: ticked roles, their checked tasks, approvals and departments. */
export interface RoleEditorState {
  ticked: ReadonlySet<RoleName>;
  /** Per role, the tasks checked under it (only a ticked role's count). */
  checked: Readonly<Record<RoleName, ReadonlySet<Permission>>>;
  /** Tasks flagged "Requires supervisor approval" (they count when granted). */
  approvals: ReadonlySet<Permission>;
  /** The Supervisor's extras: the departments it supervises. */
  supervised: readonly string[];
  /** The member's department (its name), or null. */
  department: string | null;
}

function emptyChecked(): Record<RoleName, ReadonlySet<Permission>> {
  return { Admin: new Set(), Contributor: new Set(), Editor: new Set(), Supervisor: new Set() };
}

export function emptyRoleEditor(): RoleEditorState {
  return { ticked: new Set(), checked: emptyChecked(), approvals: new Set(), supervised: [], department: null };
}

function isRole(name: string): name is RoleName {
  return (ROLE_NAMES as readonly string[]).includes(name);
}

/**
 * The narrowest preset roles (fewest tasks in all, then fewest roles) that hold every given
 * permission, so a department's or a member's permissions can be shown as roles: Admin only when
 * nothing narrower will do. Tasks no role holds (manage_account) are left out.
 */
export function coveringRoles(permissions: readonly Permission[]): RoleName[] {
  const need = permissions.filter((p) =>
    ROLE_NAMES.some((r) => (ROLE_PRESETS[r].permissions as readonly Permission[]).includes(p)),
  );
  if (need.length === 0) return [];
  let best: { roles: RoleName[]; size: number } | null = null;
  for (let mask = 1; mask < 1 << ROLE_NAMES.length; mask += 1) {
    const roles = ROLE_NAMES.filter((_, i) => mask & (1 << i));
    const held = new Set<Permission>(roles.flatMap((r) => ROLE_PRESETS[r].permissions));
    if (!need.every((p) => held.has(p))) continue;
    const size = held.size;
    if (!best || size < best.size || (size === best.size && roles.length < best.roles.length)) {
      best = { roles, size };
    }
  }
  return best?.roles ?? [];
}

/**
 * The editor's state for existing permissions (a member being edited, or the department chosen in
 * the invite panel): the given roles (or the fewest that hold the permissions) ticked, each with the
 * permissions it holds checked.
 */
export function roleEditorFrom(input: {
  permissions: Partial<Record<string, readonly string[]>>;
  approvals?: Partial<Record<string, readonly string[]>>;
  roles?: readonly string[];
  department?: string | null;
  supervised?: readonly string[];
}): RoleEditorState {
  const granted = flattenPermissions(input.permissions);
  const given = (input.roles ?? []).filter(isRole);
  const heldByGiven = new Set<Permission>(given.flatMap((r) => ROLE_PRESETS[r].permissions));
  const extra = coveringRoles(granted.filter((p) => !heldByGiven.has(p)));
  const ticked = new Set<RoleName>([...given, ...extra]);
  const checked = emptyChecked();
  for (const role of ticked) {
    const allowed = new Set<Permission>(ROLE_PRESETS[role].permissions);
    checked[role] = new Set(granted.filter((p) => allowed.has(p)));
  }
  // A Supervisor of chosen departments has its first permission unchecked: checked, it would mean
  // the whole company and the departments would not count (the Supervisor rule, supervisorGrant).
  if ((input.supervised ?? []).length > 0) {
    const supervisor = new Set(checked.Supervisor);
    supervisor.delete(SUPERVISOR_FIRST_PERMISSION);
    checked.Supervisor = supervisor;
  }
  const grantedSet = new Set(granted);
  return {
    ticked,
    checked,
    approvals: new Set(flattenPermissions(input.approvals ?? {}).filter((p) => grantedSet.has(p))),
    supervised: [...(input.supervised ?? [])],
    department: input.department ?? null,
  };
}

/** The ticked roles as the domain's selections. */
export function roleSelections(state: RoleEditorState): RoleSelection[] {
  return ROLE_NAMES.filter((r) => state.ticked.has(r)).map((role) => ({
    role,
    checked: [...state.checked[role]],
    ...(role === 'Supervisor' ? { departments: state.supervised } : {}),
  }));
}

/** The permissions the editor grants (permissionsFromRoles: a ticked role with nothing checked gives its defaults). */
export function grantedPermissions(state: RoleEditorState): Permission[] {
  return permissionsFromRoles(roleSelections(state));
}

/** True when the editor grants something: the invite's Confirm needs it. */
export function grantsAnything(state: RoleEditorState): boolean {
  return grantedPermissions(state).length > 0;
}

/** The roles, permissions, approvals, department and supervised departments of POST and PUT /api/users. */
export function roleEditorBody(state: RoleEditorState): {
  roles: string[];
  permissions: PermissionsByKind;
  approvals: PermissionsByKind;
  department: string | null;
  supervised_departments: string[];
} {
  const granted = grantedPermissions(state);
  return {
    roles: sortRoles(ROLE_NAMES.filter((r) => state.ticked.has(r))),
    permissions: groupByKind(granted),
    approvals: groupByKind(granted.filter((p) => state.approvals.has(p))),
    department: state.department,
    supervised_departments: supervisedFromRoles(roleSelections(state)),
  };
}

/** The Supervisor's permission lines, its first permission ("Supervise company") first. */
export function supervisorItems(): PermissionItem[] {
  const items = permissionItems(ROLE_PRESETS.Supervisor.permissions);
  const first = items.filter((i) => i.permissions.includes(SUPERVISOR_FIRST_PERMISSION));
  return [...first, ...items.filter((i) => !first.includes(i))];
}

/** What a ticked Supervisor supervises under the rule: the departments counted, or [] for the whole company. */
export function supervisedNow(state: RoleEditorState): string[] {
  return state.ticked.has('Supervisor') ? supervisedFromRoles(roleSelections(state)) : [];
}

// Changes (each returns a new state).

export function toggleRole(state: RoleEditorState, role: RoleName, on: boolean): RoleEditorState {
  const ticked = new Set(state.ticked);
  const checked = { ...state.checked };
  if (on) ticked.add(role);
  else {
    ticked.delete(role);
    checked[role] = new Set();
  }
  return { ...state, ticked, checked };
}

/**
 * Checks or unchecks a line of a role's list; checking ticks the role. The boxes show what is
 * granted (decision 0012): checking a task checks what it is seen through ("Create and send
 * letters and parcels" checks "See letters & parcels"), and unchecking that unchecks the task.
 */
export function togglePermissionItem(
  state: RoleEditorState,
  role: RoleName,
  item: PermissionItem,
  on: boolean,
): RoleEditorState {
  const set = new Set(state.checked[role]);
  const allowed = new Set<Permission>(ROLE_PRESETS[role].permissions);
  if (on) {
    for (const p of withImpliedPermissions(item.permissions)) if (allowed.has(p)) set.add(p);
  } else {
    for (const p of item.permissions) set.delete(p);
    for (const p of [...set]) if ((IMPLIED_PERMISSIONS[p] ?? []).some((needed) => !set.has(needed))) set.delete(p);
  }
  const ticked = new Set(state.ticked);
  if (on) ticked.add(role);
  return { ...state, ticked, checked: { ...state.checked, [role]: set } };
}

export function toggleApproval(state: RoleEditorState, item: PermissionItem, on: boolean): RoleEditorState {
  const approvals = new Set(state.approvals);
  for (const p of item.permissions) {
    if (on) approvals.add(p);
    else approvals.delete(p);
  }
  return { ...state, approvals };
}

export function toggleSupervised(state: RoleEditorState, department: string, on: boolean): RoleEditorState {
  const rest = state.supervised.filter((d) => d !== department);
  const ticked = new Set(state.ticked);
  if (on) ticked.add('Supervisor');
  return { ...state, ticked, supervised: on ? [...rest, department] : rest };
}

/**
 * Choosing a department applies its preset permissions and approvals (part 1 section 4); the user
 * may then change them. Choosing none keeps what is there.
 */
export function chooseDepartment(
  state: RoleEditorState,
  department: {
    name: string;
    permissions: Partial<Record<string, readonly string[]>>;
    approvals: Partial<Record<string, readonly string[]>>;
  } | null,
): RoleEditorState {
  if (!department) return { ...state, department: null };
  const applied = roleEditorFrom({
    permissions: department.permissions,
    approvals: department.approvals,
    department: department.name,
    supervised: state.supervised,
  });
  // Keep a Supervisor ticked for its chosen departments.
  if (state.ticked.has('Supervisor') && state.supervised.length > 0 && !applied.ticked.has('Supervisor')) {
    return toggleRole(applied, 'Supervisor', true);
  }
  return applied;
}
