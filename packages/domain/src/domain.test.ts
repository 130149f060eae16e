import { describe, expect, it } from 'vitest';
import {
  ALL_PERMISSIONS,
  acceptInviteSchema,
  emailField,
  firstName,
  flattenPermissions,
  formatBadgeCount,
  formatPounds,
  groupByKind,
  hasAny,
  isPublicPath,
  isSuspendedForFunds,
  isUkPhone,
  MESSAGES,
  ownerPermissions,
  penceToPounds,
  planHasFeature,
  planPriceLabel,
  positiveAmountField,
  poundsToPence,
  requiredText,
  signInSchema,
  signUpSchema,
  tilesEnabled,
  visibleNavEntries,
} from './index.js';

const firstIssue = (r: { success: boolean; error?: { issues: { message: string }[] } }) => r.error?.issues[0]?.message;

describe('form rules', () => {
  it('requires fields with the spec message', () => {
    expect(firstIssue(requiredText().safeParse(''))).toBe(MESSAGES.required);
    expect(firstIssue(requiredText().safeParse('   '))).toBe(MESSAGES.required);
    expect(firstIssue(requiredText().safeParse(undefined))).toBe(MESSAGES.required);
  });
  it('states min and max lengths', () => {
    expect(firstIssue(requiredText({ min: 3 }).safeParse('ab'))).toBe('Must have at least 3 characters');
    expect(firstIssue(requiredText({ max: 4 }).safeParse('abcde'))).toBe('Must have at most 4 characters');
  });
  it('checks emails and lower-cases them', () => {
    expect(firstIssue(emailField.safeParse('not-an-email'))).toBe('Must be a valid email address');
    expect(emailField.parse(' Jane@Example.COM ')).toBe('jane@example.com');
  });
  it('requires passwords of at least 8 characters', () => {
    const r = signUpSchema.safeParse({ companyName: 'A', fullName: 'B', email: 'a@b.co', password: 'short' });
    expect(firstIssue(r)).toBe('Must be at least 8 characters long');
    expect(
      signUpSchema.safeParse({ companyName: 'A', fullName: 'B', email: 'a@b.co', password: '12345678' }).success,
    ).toBe(true);
  });
  it('rejects unknown fields', () => {
    const r = signInSchema.safeParse({ email: 'a@b.co', password: 'x', admin: true });
    expect(r.success).toBe(false);
  });
  it('accepts UK phone numbers only', () => {
    for (const ok of ['02079460000', '+447700900123', '07700 900123', '0161496000']) expect(isUkPhone(ok)).toBe(true);
    for (const bad of ['0012345678', '+4407700900123', '12345', '+33612345678', '0770090012345'])
      expect(isUkPhone(bad)).toBe(false);
    const r = acceptInviteSchema.safeParse({
      unique_id: 'u',
      account_id: 'a',
      user_name: 'Jo',
      phone_number: '123',
      password: '12345678',
    });
    expect(firstIssue(r)).toBe('Must be a valid UK phone number');
  });
  it('checks numbers are numbers of at least 0.01', () => {
    expect(firstIssue(positiveAmountField.safeParse('abc'))).toBe('Must be a number');
    expect(positiveAmountField.safeParse('0').success).toBe(false);
    expect(positiveAmountField.safeParse('0.01').success).toBe(true);
  });
  it('takes the first name from the full name', () => {
    expect(firstName('  Ada   Lovelace ')).toBe('Ada');
    expect(firstName('Cher')).toBe('Cher');
  });
});

describe('permissions and navigation', () => {
  it('groups and flattens permissions by kind, dropping unknown names', () => {
    const g = groupByKind(['see_users', 'create_letter', 'approve']);
    expect(g).toEqual({ operational: ['create_letter'], observable: ['see_users'], administrative: ['approve'] });
    expect(flattenPermissions({ operational: ['create_letter', 'fly'], observable: ['see_users'] })).toEqual([
      'create_letter',
      'see_users',
    ]);
  });
  it('gives the owner every permission', () => {
    expect(flattenPermissions(ownerPermissions())).toEqual(ALL_PERMISSIONS);
  });
  it('treats an empty requirement as allowed and otherwise needs any one', () => {
    expect(hasAny([], [])).toBe(true);
    expect(hasAny(['approve'], ['see_letters', 'approve'])).toBe(true);
    expect(hasAny(['see_users'], ['see_letters'])).toBe(false);
  });
  it('gates navigation entries as section 6 says', () => {
    const keys = (abilities: string[]) => visibleNavEntries(abilities, { status: 'active' }).map((e) => e.key);
    expect(keys([])).toEqual(['plans', 'company']);
    expect(keys(['approve'])).toEqual(['letters', 'parcels', 'plans', 'users', 'company']);
    expect(
      keys(['see_finances', 'manage_letterheads', 'see_recipients', 'manage_integrations', 'access_storage']),
    ).toEqual(['storage', 'finances', 'plans', 'company', 'letterheads', 'customers', 'integrations']);
  });
  it('disables letters, parcels, storage and letterheads while suspended for funds', () => {
    const health = { status: 'suspended', reason: 'plan_payment_insufficient_funds' };
    expect(isSuspendedForFunds(health)).toBe(true);
    const disabled = visibleNavEntries(ALL_PERMISSIONS, health)
      .filter((e) => e.disabled)
      .map((e) => e.key);
    expect(disabled).toEqual(['letters', 'parcels', 'storage', 'letterheads']);
    expect(visibleNavEntries(ALL_PERMISSIONS, { status: 'suspended', reason: 'other' }).some((e) => e.disabled)).toBe(
      false,
    );
  });
  it('enables tiles only for active accounts', () => {
    expect(tilesEnabled({ status: 'active' })).toBe(true);
    expect(tilesEnabled({ status: 'suspended' })).toBe(false);
  });
  it('lists the paths reachable without a session', () => {
    expect(isPublicPath('/')).toBe(true);
    expect(isPublicPath('/signIn')).toBe(true);
    expect(isPublicPath('/signUp')).toBe(true);
    expect(isPublicPath('/resetPassword')).toBe(true);
    expect(isPublicPath('/invited/signUp/abc/def')).toBe(true);
    expect(isPublicPath('/letters')).toBe(false);
    expect(isPublicPath('/main')).toBe(false);
  });
});

describe('money and plans', () => {
  it('formats pence as pounds', () => {
    expect(penceToPounds(0)).toBe('0.00');
    expect(penceToPounds(5)).toBe('0.05');
    expect(penceToPounds(123456)).toBe('1234.56');
    expect(formatPounds(-250)).toBe('-£2.50');
    expect(() => penceToPounds(1.5)).toThrow();
  });
  it('parses pounds with at most two decimals', () => {
    expect(poundsToPence('12.3')).toBe(1230);
    expect(poundsToPence('0.01')).toBe(1);
    expect(poundsToPence(7)).toBe(700);
    expect(poundsToPence('1.234')).toBeNull();
    expect(poundsToPence('abc')).toBeNull();
  });
  it('gates plan features and labels prices', () => {
    expect(planHasFeature('Basic', 'department_management_and_reports')).toBe(false);
    expect(planHasFeature('Business', 'department_management_and_reports')).toBe(true);
    expect(planHasFeature('Nope', 'department_management_and_reports')).toBe(false);
    expect(planPriceLabel(0)).toBe('Free');
    expect(planPriceLabel('Call')).toBe('Call');
    expect(planPriceLabel(2900)).toBe('£29.00 / month');
  });
  it('caps the badge at 99+', () => {
    expect(formatBadgeCount(0)).toBe('0');
    expect(formatBadgeCount(99)).toBe('99');
    expect(formatBadgeCount(100)).toBe('99+');
  });
});
