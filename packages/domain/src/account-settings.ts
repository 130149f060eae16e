import { z } from 'zod';
import { MESSAGES } from './messages.js';
import { fullNameField, jobTitleField, passwordField, ukPhoneField } from './validation.js';

/** The texts of /accountSettings and its routes' answers, defined once for the server and the web. */
export const ACCOUNT_SETTINGS_TEXT = {
  profileHeading: 'Your profile',
  profileIntro: 'Your name, job title and phone number as your colleagues see them.',
  name: 'Full name',
  email: 'Email',
  emailHint: 'Your email is how you sign in; it cannot be changed here.',
  jobTitle: 'Job title',
  phone: 'Phone number',
  phoneHint: 'A UK number, for example 07700 900123 or +44 117 496 0123.',
  saveProfile: 'Save profile',
  profileSaved: 'Your profile was saved.',
  passwordHeading: 'Password',
  passwordIntro: 'After the change, you stay signed in here and every other device is signed out.',
  currentPassword: 'Current password',
  newPassword: 'New password',
  newPasswordHint: 'At least 8 characters',
  changePassword: 'Change password',
  passwordChanged: 'Your password was changed. Your other sessions were signed out.',
  wrongCurrentPassword: 'The current password is not correct.',
  samePassword: 'The new password must be different from the current one.',
  sessionsHeading: 'Sessions',
  sessionsIntro: 'Sign out of LetterPost on every device and browser, this one included.',
  signOutEverywhere: 'Sign out everywhere',
  signOutEverywhereConfirm:
    'You will be signed out on every device and browser, this one included, and will need to sign in again.',
  listsHeading: 'List preferences',
  listsIntro: 'Choose which tabs you see in the letters list. All and Trash are always shown.',
  listsLegend: 'Letters list tabs',
  saveLists: 'Save list preferences',
  listsSaved: 'Your list preferences were saved.',
  companyHeading: 'Company settings',
  balanceHeading: 'Balance',
  loadFailed: 'Your settings could not be loaded.',
} as const;

/** The signed-in user's own profile as GET /api/me/profile answers it. */
export const profileAnswerSchema = z.object({
  user_name: z.string(),
  email_address: z.string(),
  job_title: z.string(),
  phone_number: z.string(),
});
export type Profile = z.infer<typeof profileAnswerSchema>;

/** PUT /api/me/profile: the fields a user edits about themselves (the email is the sign-in and stays). */
export const profileUpdateSchema = z.strictObject({
  user_name: fullNameField,
  job_title: jobTitleField.default(''),
  phone_number: ukPhoneField.default(''),
});
export type ProfileUpdate = z.input<typeof profileUpdateSchema>;

/** POST /api/me/password: the current password (checked, never its length) and a new one under the product's rules. */
export const changePasswordSchema = z
  .strictObject({
    current_password: z.string({ error: MESSAGES.required }).min(1, { error: MESSAGES.required }).max(128),
    new_password: passwordField,
  })
  .refine((v) => v.current_password !== v.new_password, {
    path: ['new_password'],
    error: ACCOUNT_SETTINGS_TEXT.samePassword,
  });
export type ChangePasswordInput = z.input<typeof changePasswordSchema>;

/**
 * The per-user list preferences of the spec (part 2 section 2): which of the letters list's tabs the
 * user sees, keyed by the spec's names, each tied to the tab it shows.
 */
export const LIST_PREFERENCES = [
  { key: 'showUploaded', tab: 'new', label: 'New (uploaded letters)' },
  { key: 'showScheduled', tab: 'scheduled', label: 'Scheduled' },
  { key: 'showSent', tab: 'sent', label: 'Sent' },
  { key: 'showFailed', tab: 'failed', label: 'Failed' },
] as const;
export type ListPreferenceKey = (typeof LIST_PREFERENCES)[number]['key'];
export type ListPreferences = Record<ListPreferenceKey, boolean>;

/** Every tab shown until the user chooses otherwise. */
export const DEFAULT_LIST_PREFERENCES: ListPreferences = {
  showUploaded: true,
  showScheduled: true,
  showSent: true,
  showFailed: true,
};

/** The answer of GET and PUT /api/me/list-preferences: every key present. */
export const listPreferencesSchema = z.object({
  showUploaded: z.boolean(),
  showScheduled: z.boolean(),
  showSent: z.boolean(),
  showFailed: z.boolean(),
});

/** PUT /api/me/list-preferences: any of the catalogue's keys, booleans only; an unknown key is refused. */
export const listPreferencesUpdateSchema = z.strictObject({
  showUploaded: z.boolean().optional(),
  showScheduled: z.boolean().optional(),
  showSent: z.boolean().optional(),
  showFailed: z.boolean().optional(),
});
export type ListPreferencesUpdate = z.infer<typeof listPreferencesUpdateSchema>;

/** The stored jsonb read leniently: what is not a boolean of the catalogue is its default. */
export function readListPreferences(stored: unknown): ListPreferences {
  const out = { ...DEFAULT_LIST_PREFERENCES };
  if (!stored || typeof stored !== 'object' || Array.isArray(stored)) return out;
  for (const { key } of LIST_PREFERENCES) {
    const value = (stored as Record<string, unknown>)[key];
    if (typeof value === 'boolean') out[key] = value;
  }
  return out;
}

/** True when the letters list shows this tab under these preferences (tabs outside the catalogue always show). */
export function isLetterTabShown(tab: string, preferences: ListPreferences): boolean {
  const entry = LIST_PREFERENCES.find((p) => p.tab === tab);
  return entry ? preferences[entry.key] : true;
}
