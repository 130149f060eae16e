import { describe, expect, it } from 'vitest';
import {
  ADMIN_MESSAGES,
  ALL_PERMISSIONS,
  applySupervisorRule,
  capMonth,
  capPenceField,
  capPoundsField,
  departmentNameField,
  effectiveCap,
  IMPLIED_PERMISSIONS,
  inviteEmailField,
  inviteNameField,
  inviteUserSchema,
  MESSAGES,
  type Permission,
  permissionsFromRoles,
  ROLE_NAMES,
  ROLE_PRESETS,
  roleNameField,
  roundPoundsToPence,
  SUPERVISOR_FIRST_PERMISSION,
  sortRoles,
  spendingMode,
  supervisedFromRoles,
  visibleNavEntries,
  withImpliedPermissions,
} from './index.js';

const issue = (r: { success: boolean; error?: { issues: { message: string }[] } }) => r.error?.issues[0]?.message;

describe('roles', () => {
  it('lists the presets sorted', () => {
    expect(ROLE_NAMES).toEqual(['Admin', 'Contributor', 'Editor', 'Supervisor']);
    expect(sortRoles(['Supervisor', 'Admin', 'Editor'])).toEqual(['Admin', 'Editor', 'Supervisor']);
  });
  it('grants the defaults of a role ticked with nothing selected', () => {
    // Decision 0012: "Create and send letters and parcels" and "See letters & parcels".
    expect(permissionsFromRoles([{ role: 'Contributor', checked: [] }])).toEqual([
      'create_letter',
      'create_parcel',
      'send_letter',
      'delete_letter',
      'see_letters',
      'see_parcels',
    ]);
    expect(permissionsFromRoles([{ role: 'Editor', checked: [] }])).toEqual(['manage_letterheads']);
    const admin = permissionsFromRoles([{ role: 'Admin', checked: [] }]);
    expect(admin).toContain('manage_users');
    expect(admin).not.toContain('manage_account');
  });
  it('counts only checked permissions that belong to the role, merged across roles', () => {
    expect(permissionsFromRoles([{ role: 'Editor', checked: ['create_letter', 'manage_users'] }])).toEqual([
      'create_letter',
      'see_letters',
    ]);
    expect(
      permissionsFromRoles([
        { role: 'Editor', checked: ['manage_letterheads'] },
        { role: 'Supervisor', checked: ['approve', 'see_users'] },
      ]),
    ).toEqual(['manage_letterheads', 'approve']);
  });
});

describe('the Supervisor rule (part 1 section 6)', () => {
  const both = (checked: Permission[], departments: string[]) => ({
    permissions: permissionsFromRoles([{ role: 'Supervisor', checked, departments }]),
    supervised: supervisedFromRoles([{ role: 'Supervisor', checked, departments }]),
  });

  it('the first permission is "Supervise company"', () => {
    expect(SUPERVISOR_FIRST_PERMISSION).toBe('approve');
    expect(ROLE_PRESETS.Supervisor.permissions[0]).toBe(SUPERVISOR_FIRST_PERMISSION);
  });

  it('with no department chosen only the first permission counts (the whole company)', () => {
    expect(both([], [])).toEqual({ permissions: ['approve'], supervised: [] });
    expect(both(['see_users', 'see_finances'], [])).toEqual({ permissions: ['approve'], supervised: [] });
  });

  it('with the first permission checked only it counts, whatever departments are ticked', () => {
    expect(both(['approve', 'see_users'], ['Ventes & Marketing', 'Sales_North'])).toEqual({
      permissions: ['approve'],
      supervised: [],
    });
  });

  it('otherwise the checked departments are supervised and the checked permissions count with them', () => {
    expect(both(['see_users', 'see_history'], ['Sales_North', 'Comptabilité', 'Sales_North'])).toEqual({
      permissions: ['see_history', 'see_users', 'approve'],
      supervised: ['Sales_North', 'Comptabilité'],
    });
    expect(both([], ['Comptabilité'])).toEqual({ permissions: ['approve'], supervised: ['Comptabilité'] });
    // A task outside the Supervisor's list never counts under it.
    expect(both(['manage_users' as Permission], ['Sales']).permissions).toEqual(['approve']);
  });

  it('supervises nothing without the Supervisor role', () => {
    expect(supervisedFromRoles([{ role: 'Admin', checked: [] }])).toEqual([]);
  });

  it('on a users body: departments only under a Supervisor, who always holds the first permission', () => {
    expect(
      applySupervisorRule({ roles: ['Editor'], supervised_departments: ['Sales'] }, ['manage_letterheads']),
    ).toEqual({ permissions: ['manage_letterheads'], supervised_departments: [] });
    expect(
      applySupervisorRule({ roles: ['Supervisor'], supervised_departments: ['Sales', 'Sales'] }, ['see_users']),
    ).toEqual({ permissions: ['see_users', 'approve'], supervised_departments: ['Sales'] });
  });
});

describe('no preset gives a task whose results cannot be seen', () => {
  const closed = (ps: readonly Permission[]) => withImpliedPermissions(ps).every((p) => ps.includes(p));

  it('implies what each task is seen through, and adding it twice changes nothing', () => {
    expect(withImpliedPermissions(['create_letter'])).toEqual(['create_letter', 'see_letters']);
    expect(withImpliedPermissions(['create_parcel'])).toEqual(['create_parcel', 'see_parcels']);
    expect(withImpliedPermissions(['manage_recipients'])).toEqual(['see_recipients', 'manage_recipients']);
    expect(withImpliedPermissions(['top_up'])).toEqual(['see_finances', 'top_up']);
    expect(withImpliedPermissions(['manage_users'])).toEqual(['see_users', 'manage_users']);
    expect(withImpliedPermissions(['manage_storage'])).toEqual(['access_storage', 'manage_storage']);
    // "Manage company" carries manage_users as well as manage_company (part 1 section 6).
    expect(withImpliedPermissions(['manage_company'])).toEqual(['see_users', 'manage_users', 'manage_company']);
    expect(closed(withImpliedPermissions(ALL_PERMISSIONS))).toBe(true);
    for (const p of ALL_PERMISSIONS) expect(closed(withImpliedPermissions([p])), p).toBe(true);
  });

  it.each(ROLE_NAMES)('%s: its catalogue and its defaults hold what their tasks imply', (role) => {
    const preset = ROLE_PRESETS[role];
    expect(closed(preset.permissions), `${role} permissions`).toBe(true);
    expect(closed(preset.defaultsWhenEmpty), `${role} defaults`).toBe(true);
    expect(closed(permissionsFromRoles([{ role, checked: [] }]))).toBe(true);
    // Whatever single task is checked under the role, what it implies comes with it and belongs to the role.
    for (const p of preset.permissions) {
      const granted = permissionsFromRoles([{ role, checked: [p] }]);
      expect(closed(granted), `${role} with ${p}`).toBe(true);
      for (const g of granted) expect(preset.permissions as readonly Permission[], `${role} with ${p}`).toContain(g);
    }
  });

  it('a task with an implication names a see or access permission, but for the spec\'s "Manage company" bundle', () => {
    for (const [task, implied] of Object.entries(IMPLIED_PERMISSIONS)) {
      for (const p of implied ?? []) {
        if (task === 'manage_company' && p === 'manage_users') continue; // part 1 section 6
        expect(p, task).toMatch(/^(see_|access_)/);
      }
    }
  });

  it('opens Letters and Parcels to a Contributor ticked with nothing selected, and Letters to a Supervisor', () => {
    const keys = (ps: readonly string[]) => visibleNavEntries(ps, { status: 'active' }).map((e) => e.key);
    const contributor = permissionsFromRoles([{ role: 'Contributor', checked: [] }]);
    expect(keys(contributor)).toEqual(['letters', 'parcels', 'plans', 'company']);
    const supervisor = permissionsFromRoles([{ role: 'Supervisor', checked: [] }]);
    expect(keys(supervisor)).toContain('letters');
  });
});

describe('role names', () => {
  it('takes the four presets only, refusing the owner and anything else with a clear message', () => {
    for (const r of ROLE_NAMES) expect(roleNameField.parse(r)).toBe(r);
    expect(issue(roleNameField.safeParse('owner'))).toBe(ADMIN_MESSAGES.roleOwner);
    expect(issue(roleNameField.safeParse(' Owner '))).toBe(ADMIN_MESSAGES.roleOwner);
    expect(issue(roleNameField.safeParse('<img src=x onerror=alert(1)>'))).toBe(ADMIN_MESSAGES.roleUnknown);
    expect(issue(roleNameField.safeParse('admin'))).toBe(ADMIN_MESSAGES.roleUnknown);
    expect(ADMIN_MESSAGES.roleUnknown).toBe('This role does not exist: choose Admin, Contributor, Editor, Supervisor');
  });
  it('checks the roles of an invitation and drops repeats', () => {
    const base = { user_name: 'Ann', email_address: 'ann@example.com', permissions: {} };
    const bad = inviteUserSchema.safeParse({ ...base, roles: ['Editor', 'owner'] });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]).toMatchObject({ path: ['roles', 1], message: ADMIN_MESSAGES.roleOwner });
    expect(inviteUserSchema.parse({ ...base, roles: ['Editor', 'Editor'] }).roles).toEqual(['Editor']);
  });
});

describe('invite rules', () => {
  it('checks names: letters, hyphen and space', () => {
    expect(inviteNameField.safeParse('Anne-Marie O').success).toBe(true);
    expect(inviteNameField.safeParse('Zoë Šimić').success).toBe(true);
    expect(issue(inviteNameField.safeParse('R2-D2'))).toBe(ADMIN_MESSAGES.inviteNameInvalid);
    expect(issue(inviteNameField.safeParse(''))).toBe(ADMIN_MESSAGES.inviteNameRequired);
  });
  it('checks emails with the invite messages', () => {
    expect(issue(inviteEmailField.safeParse(''))).toBe(ADMIN_MESSAGES.inviteEmailRequired);
    expect(issue(inviteEmailField.safeParse('x@'))).toBe(ADMIN_MESSAGES.inviteEmailInvalid);
  });
  it('refuses permissions that do not exist and unknown fields', () => {
    const base = { user_name: 'Ann', email_address: 'ann@example.com' };
    expect(issue(inviteUserSchema.safeParse({ ...base, permissions: { operational: ['fly'] } }))).toBe(
      ADMIN_MESSAGES.permissionUnknown,
    );
    expect(inviteUserSchema.safeParse({ ...base, permissions: { magic: [] } }).success).toBe(false);
    expect(inviteUserSchema.safeParse({ ...base, permissions: {}, admin: true }).success).toBe(false);
  });
});

describe('department names', () => {
  it('allows letters, digits, space, underscore and hyphen only', () => {
    for (const ok of ['Sales', 'sales_team', 'UK-North 2'])
      expect(departmentNameField.safeParse(ok).success).toBe(true);
    expect(issue(departmentNameField.safeParse('Sales & Marketing'))).toBe(
      'Only letters, digits, "_" and "-" are allowed!',
    );
    expect(issue(departmentNameField.safeParse(' '))).toBe(MESSAGES.required);
  });
});

describe('spending caps', () => {
  it('parses pounds into pence rounded to 2 decimals, never negative', () => {
    expect(capPoundsField.parse('12.5')).toBe(1250);
    expect(capPoundsField.parse(0)).toBe(0);
    // Part 1 section 5: "values are rounded to at most 2 decimals".
    expect(capPoundsField.parse('1.234')).toBe(123);
    expect(capPoundsField.parse('12.345')).toBe(1235);
    expect(capPoundsField.parse(1.005)).toBe(101);
    // Above zero but under half a penny: never rounded to 0, which means Unlimited.
    expect(issue(capPoundsField.safeParse('0.004'))).toBe('Must be at least 0.01');
    expect(capPoundsField.parse('0.005')).toBe(1);
    expect(capPoundsField.parse('0.00')).toBe(0);
    expect(capPoundsField.parse('9.999')).toBe(1000);
    expect(issue(capPoundsField.safeParse('-1'))).toBe(ADMIN_MESSAGES.capNegative);
    expect(issue(capPoundsField.safeParse('ten'))).toBe(MESSAGES.number);
    expect(issue(capPoundsField.safeParse('100000000.01'))).toBe(ADMIN_MESSAGES.capTooLarge);
  });
  it('rounds pounds on the decimal text, half up', () => {
    expect(roundPoundsToPence('0.125')).toBe(13);
    expect(roundPoundsToPence('0.1249')).toBe(12);
    expect(roundPoundsToPence('7')).toBe(700);
    expect(roundPoundsToPence('1.')).toBeNull();
    expect(roundPoundsToPence('.5')).toBeNull();
    expect(roundPoundsToPence('1e3')).toBeNull();
  });
  it('rounds pence on the wire to whole pence, never negative', () => {
    expect(capPenceField.parse(1050.4)).toBe(1050);
    expect(capPenceField.parse(1050.5)).toBe(1051);
    // 0.4 pence would round to 0, Unlimited: refused; 0 itself is Unlimited on purpose.
    expect(issue(capPenceField.safeParse(0.4))).toBe('Must be at least 0.01');
    expect(capPenceField.parse(0)).toBe(0);
    expect(issue(capPenceField.safeParse(-0.5))).toBe(ADMIN_MESSAGES.capNegative);
    expect(issue(capPenceField.safeParse(100_000_000_01))).toBe(ADMIN_MESSAGES.capTooLarge);
  });
  it('lets a non-zero override take precedence; 0 means Unlimited', () => {
    expect(effectiveCap({ cap: 0, override_cap: 0 })).toBeNull();
    expect(effectiveCap({ cap: 500, override_cap: 0 })).toBe(500);
    expect(effectiveCap({ cap: 500, override_cap: 900 })).toBe(900);
    expect(spendingMode({ cap: 0, override_cap: 0 })).toBe('no_limit');
    expect(spendingMode({ cap: 500, override_cap: 0 })).toBe('standard');
    expect(spendingMode({ cap: 500, override_cap: 900 })).toBe('override');
  });
  it('counts spend per calendar month (UTC)', () => {
    expect(capMonth(new Date('2026-11-30T23:59:59Z'))).toBe('2026-11-01');
    expect(capMonth(new Date('2026-12-01T00:00:00Z'))).toBe('2026-12-01');
  });
});
