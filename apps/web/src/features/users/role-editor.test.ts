import { type PermissionsByKind, ROLE_PRESETS } from '@lp/domain';
import { describe, expect, it } from 'vitest';
import {
  chooseDepartment,
  coveringRoles,
  emptyRoleEditor,
  grantsAnything,
  labelsByKind,
  permissionItems,
  roleEditorBody,
  roleEditorFrom,
  supervisedNow,
  supervisorItems,
  toggleApproval,
  togglePermissionItem,
  toggleRole,
  toggleSupervised,
} from './role-editor';

const none = { operational: [], observable: [], administrative: [] };

describe('role editor', () => {
  it('groups permissions that share a label into one line', () => {
    const items = permissionItems(ROLE_PRESETS.Contributor.permissions);
    expect(items.map((i) => [i.label, i.permissions])).toEqual([
      ['Create and send letters and parcels', ['create_letter', 'create_parcel', 'send_letter', 'delete_letter']],
      ['See letters & parcels', ['see_letters', 'see_parcels']],
      ['See recipients', ['see_recipients']],
      ['Manage recipients', ['manage_recipients']],
    ]);
  });

  it('grants nothing until a role is ticked, then its defaults', () => {
    let state = emptyRoleEditor();
    expect(grantsAnything(state)).toBe(false);
    state = toggleRole(state, 'Editor', true);
    expect(grantsAnything(state)).toBe(true);
    expect(roleEditorBody(state)).toEqual({
      roles: ['Editor'],
      permissions: { operational: ['manage_letterheads'], observable: [], administrative: [] },
      approvals: none,
      department: null,
      supervised_departments: [],
    });
  });

  it('counts only what is checked under a role, with approvals on granted tasks only', () => {
    let state = emptyRoleEditor();
    const [create] = permissionItems(ROLE_PRESETS.Contributor.permissions);
    const manageRecipients = permissionItems(['manage_recipients'])[0]!;
    state = togglePermissionItem(state, 'Contributor', create!, true);
    state = toggleApproval(state, create!, true);
    state = toggleApproval(state, manageRecipients, true); // not granted: ignored
    const body = roleEditorBody(state);
    expect(body.roles).toEqual(['Contributor']);
    expect(body.permissions.operational).toEqual(['create_letter', 'create_parcel', 'send_letter', 'delete_letter']);
    expect(body.approvals).toEqual({
      operational: ['create_letter', 'create_parcel', 'send_letter', 'delete_letter'],
      observable: [],
      administrative: [],
    });
    state = toggleRole(state, 'Contributor', false);
    expect(grantsAnything(state)).toBe(false);
  });

  it('"Manage company" carries "Add and edit users" (part 1 section 6); unchecking that unchecks it', () => {
    const manageCompany = permissionItems(['manage_company'])[0]!;
    const manageUsers = permissionItems(['manage_users'])[0]!;
    expect(manageCompany.label).toBe('Manage company');
    let state = togglePermissionItem(emptyRoleEditor(), 'Admin', manageCompany, true);
    expect(roleEditorBody(state).permissions.administrative).toEqual(['manage_users', 'manage_company']);
    state = togglePermissionItem(state, 'Admin', manageUsers, false);
    expect(roleEditorBody(state).permissions.administrative).toEqual([]);
  });

  it('checks what a task is seen through with it, and unchecking that unchecks the task (decision 0012)', () => {
    const [create, see] = permissionItems(ROLE_PRESETS.Contributor.permissions);
    expect(see!.label).toBe('See letters & parcels');
    let state = togglePermissionItem(emptyRoleEditor(), 'Contributor', create!, true);
    expect([...state.checked.Contributor].sort()).toEqual(
      ['create_letter', 'create_parcel', 'delete_letter', 'see_letters', 'see_parcels', 'send_letter'].sort(),
    );
    expect(roleEditorBody(state).permissions.observable).toEqual(['see_letters', 'see_parcels']);
    const recipients = permissionItems(['manage_recipients'])[0]!;
    state = togglePermissionItem(state, 'Contributor', recipients, true);
    expect(state.checked.Contributor.has('see_recipients')).toBe(true);
    state = togglePermissionItem(state, 'Contributor', see!, false);
    expect([...state.checked.Contributor].sort()).toEqual(['manage_recipients', 'see_recipients']);
    // An Editor holds no parcels: only what the role holds is checked.
    const editor = togglePermissionItem(emptyRoleEditor(), 'Editor', permissionItems(['create_letter'])[0]!, true);
    expect([...editor.checked.Editor].sort()).toEqual(['create_letter', 'see_letters']);
  });

  it('sends the Supervisor departments only while Supervisor is ticked', () => {
    let state = toggleSupervised(emptyRoleEditor(), 'Sales', true);
    expect(roleEditorBody(state)).toMatchObject({ roles: ['Supervisor'], supervised_departments: ['Sales'] });
    state = toggleRole(state, 'Supervisor', false);
    expect(roleEditorBody(state).supervised_departments).toEqual([]);
  });

  it('applies the Supervisor rule: the first permission or no department means the whole company', () => {
    expect(supervisorItems()[0]!.label).toBe('Supervise company');
    const [superviseCompany, ...rest] = supervisorItems();
    const seeUsers = rest.find((i) => i.label === 'See users')!;
    // Departments ticked, "See users" checked: those departments, with "See users".
    let state = toggleSupervised(emptyRoleEditor(), 'Comptabilité', true);
    state = toggleSupervised(state, 'Sales_North', true);
    state = togglePermissionItem(state, 'Supervisor', seeUsers, true);
    expect(roleEditorBody(state)).toMatchObject({
      permissions: { observable: ['see_users'], administrative: ['approve'] },
      supervised_departments: ['Comptabilité', 'Sales_North'],
    });
    expect(supervisedNow(state)).toEqual(['Comptabilité', 'Sales_North']);
    // "Supervise company" checked: only it counts, the departments do not.
    const whole = togglePermissionItem(state, 'Supervisor', superviseCompany!, true);
    expect(roleEditorBody(whole)).toMatchObject({
      permissions: { observable: [], administrative: ['approve'] },
      supervised_departments: [],
    });
    // No department: only the first permission counts.
    let none = toggleSupervised(state, 'Comptabilité', false);
    none = toggleSupervised(none, 'Sales_North', false);
    expect(roleEditorBody(none)).toMatchObject({
      permissions: { observable: [], administrative: ['approve'] },
      supervised_departments: [],
    });
    // A supervisor of departments rebuilt from the server saves back the same supervision.
    const rebuilt = roleEditorFrom({
      roles: ['Supervisor'],
      permissions: { observable: ['see_users'], administrative: ['approve'] },
      supervised: ['Sales_North'],
    });
    expect(rebuilt.checked.Supervisor.has('approve')).toBe(false);
    expect(roleEditorBody(rebuilt)).toMatchObject({
      permissions: { observable: ['see_users'], administrative: ['approve'] },
      supervised_departments: ['Sales_North'],
    });
  });

  it('shows permissions as the fewest roles that hold them', () => {
    expect(coveringRoles(['create_letter', 'send_letter'])).toEqual(['Contributor']);
    expect(coveringRoles(['approve', 'see_users'])).toEqual(['Supervisor']);
    expect(coveringRoles(['manage_users', 'create_letter'])).toEqual(['Admin']);
    expect(coveringRoles(['manage_letterheads', 'manage_recipients'])).toEqual(['Contributor', 'Editor']);
    expect(coveringRoles(['manage_account'])).toEqual([]);
  });

  it("applies a department's permissions and approvals when it is chosen", () => {
    const sales: { name: string; permissions: PermissionsByKind; approvals: PermissionsByKind } = {
      name: 'Sales',
      permissions: { operational: ['create_letter', 'send_letter'], observable: ['see_letters'], administrative: [] },
      approvals: { operational: ['send_letter'], observable: [], administrative: [] },
    };
    const state = chooseDepartment(emptyRoleEditor(), sales);
    const body = roleEditorBody(state);
    expect(body.department).toBe('Sales');
    expect(body.roles).toEqual(['Contributor']);
    expect(body.permissions).toEqual({
      operational: ['create_letter', 'send_letter'],
      observable: ['see_letters'],
      administrative: [],
    });
    expect(body.approvals.operational).toEqual(['send_letter']);
    expect(roleEditorBody(chooseDepartment(state, null)).department).toBeNull();
  });

  it("rebuilds a member's editor from their roles and permissions", () => {
    const state = roleEditorFrom({
      roles: ['Editor'],
      permissions: { operational: ['manage_letterheads'], observable: ['see_users'], administrative: ['approve'] },
      approvals: { operational: [], observable: [], administrative: ['approve'] },
      department: 'Ops',
      supervised: ['Ops'],
    });
    expect([...state.ticked].sort()).toEqual(['Editor', 'Supervisor']);
    expect(roleEditorBody(state)).toEqual({
      roles: ['Editor', 'Supervisor'],
      permissions: { operational: ['manage_letterheads'], observable: ['see_users'], administrative: ['approve'] },
      approvals: { operational: [], observable: [], administrative: ['approve'] },
      department: 'Ops',
      supervised_departments: ['Ops'],
    });
  });

  it('lists labels by kind for the details panel', () => {
    expect(
      labelsByKind({ operational: ['create_letter', 'send_letter'], administrative: ['top_up', 'set_spending_cap'] }),
    ).toEqual([
      ['operational', ['Create and send letters and parcels']],
      ['administrative', ['Manage finances & payment limitations']],
    ]);
  });
});
