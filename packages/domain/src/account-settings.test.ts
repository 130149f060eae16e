import { describe, expect, it } from 'vitest';
import {
  ACCOUNT_SETTINGS_TEXT,
  changePasswordSchema,
  DEFAULT_LIST_PREFERENCES,
  isLetterTabShown,
  listPreferencesUpdateSchema,
  profileUpdateSchema,
  readListPreferences,
} from './account-settings.js';
import { MESSAGES } from './messages.js';

const firstError = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  r.error ? [r.error.issues[0]!.path.join('.'), r.error.issues[0]!.message] : null;

describe('profile', () => {
  it('trims the name, keeps accents and apostrophes, and stores a UK phone without spaces', () => {
    expect(
      profileUpdateSchema.parse({ user_name: "  Siân O'Neill ", job_title: ' Clerk ', phone_number: '0117 496 0123' }),
    ).toEqual({ user_name: "Siân O'Neill", job_title: 'Clerk', phone_number: '01174960123' });
    expect(profileUpdateSchema.parse({ user_name: 'Zoë' })).toEqual({
      user_name: 'Zoë',
      job_title: '',
      phone_number: '',
    });
  });

  it("refuses what the spec's rules refuse, with its messages", () => {
    expect(firstError(profileUpdateSchema.safeParse({ user_name: ' ' }))).toEqual(['user_name', MESSAGES.required]);
    expect(firstError(profileUpdateSchema.safeParse({ user_name: 'A', phone_number: '+33 1 23 45 67 89' }))).toEqual([
      'phone_number',
      MESSAGES.ukPhone,
    ]);
    expect(firstError(profileUpdateSchema.safeParse({ user_name: 'A', job_title: 'j'.repeat(101) }))).toEqual([
      'job_title',
      MESSAGES.maxLength(100),
    ]);
    expect(profileUpdateSchema.safeParse({ user_name: 'A', email_address: 'x@example.com' }).success).toBe(false);
  });
});

describe('password change', () => {
  it('needs the current password and a new one of at least 8 characters that differs from it', () => {
    const ok = { current_password: 'old secret', new_password: 'new secret' };
    expect(changePasswordSchema.safeParse(ok).success).toBe(true);
    expect(firstError(changePasswordSchema.safeParse({ ...ok, new_password: 'short' }))).toEqual([
      'new_password',
      MESSAGES.passwordMin,
    ]);
    expect(firstError(changePasswordSchema.safeParse({ ...ok, new_password: 'old secret' }))).toEqual([
      'new_password',
      ACCOUNT_SETTINGS_TEXT.samePassword,
    ]);
    // The current password's length is never judged: only that one was given.
    expect(changePasswordSchema.safeParse({ ...ok, current_password: 'x' }).success).toBe(true);
    expect(firstError(changePasswordSchema.safeParse({ ...ok, current_password: '' }))).toEqual([
      'current_password',
      MESSAGES.required,
    ]);
  });
});

describe('list preferences', () => {
  it('reads the stored map leniently and maps each key to its letters tab', () => {
    expect(readListPreferences(null)).toEqual(DEFAULT_LIST_PREFERENCES);
    expect(readListPreferences([false])).toEqual(DEFAULT_LIST_PREFERENCES);
    expect(readListPreferences({ showSent: false, showFailed: 'no', other: false })).toEqual({
      ...DEFAULT_LIST_PREFERENCES,
      showSent: false,
    });
    const prefs = { ...DEFAULT_LIST_PREFERENCES, showUploaded: false, showSent: false };
    expect(['all', 'new', 'scheduled', 'sent', 'failed', 'trash'].filter((t) => isLetterTabShown(t, prefs))).toEqual([
      'all',
      'scheduled',
      'failed',
      'trash',
    ]);
  });

  it('takes only booleans of the catalogue', () => {
    expect(listPreferencesUpdateSchema.safeParse({ showSent: false }).success).toBe(true);
    expect(listPreferencesUpdateSchema.safeParse({ showTrash: false }).success).toBe(false);
    expect(listPreferencesUpdateSchema.safeParse({ showSent: 'false' }).success).toBe(false);
  });
});
