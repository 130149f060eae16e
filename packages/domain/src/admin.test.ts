import { describe, expect, it } from 'vitest';
import {
  ADMIN_MESSAGES,
  capMonth,
  capPoundsField,
  departmentNameField,
  effectiveCap,
  inviteEmailField,
  inviteNameField,
  inviteUserSchema,
  MESSAGES,
  permissionsFromRoles,
  ROLE_NAMES,
  sortRoles,
  spendingMode,
} from './index.js';

const issue = (r: { success: boolean; error?: { issues: { message: string }[] } }) => r.error?.issues[0]?.message;

describe('roles', () => {
  it('lists the presets sorted', () => {
    expect(ROLE_NAMES).toEqual(['Admin', 'Contributor', 'Editor', 'Supervisor']);
    expect(sortRoles(['Supervisor', 'Admin', 'Editor'])).toEqual(['Admin', 'Editor', 'Supervisor']);
  });
  it('grants the defaults of a role ticked with nothing selected', () => {
    expect(permissionsFromRoles([{ role: 'Contributor', checked: [] }])).toEqual(['create_letter', 'send_letter']);
    expect(permissionsFromRoles([{ role: 'Editor', checked: [] }])).toEqual(['manage_letterheads']);
    const admin = permissionsFromRoles([{ role: 'Admin', checked: [] }]);
    expect(admin).toContain('manage_users');
    expect(admin).not.toContain('manage_account');
  });
  it('counts only checked permissions that belong to the role, merged across roles', () => {
    expect(permissionsFromRoles([{ role: 'Editor', checked: ['create_letter', 'manage_users'] }])).toEqual([
      'create_letter',
    ]);
    expect(
      permissionsFromRoles([
        { role: 'Editor', checked: ['manage_letterheads'] },
        { role: 'Supervisor', checked: ['approve', 'see_users'] },
      ]),
    ).toEqual(['manage_letterheads', 'see_users', 'approve']);
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
  it('parses pounds into pence with at most 2 decimals, never negative', () => {
    expect(capPoundsField.parse('12.5')).toBe(1250);
    expect(capPoundsField.parse(0)).toBe(0);
    expect(issue(capPoundsField.safeParse('1.234'))).toBe(ADMIN_MESSAGES.capDecimals);
    expect(issue(capPoundsField.safeParse('-1'))).toBe(ADMIN_MESSAGES.capNegative);
    expect(issue(capPoundsField.safeParse('ten'))).toBe(MESSAGES.number);
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
