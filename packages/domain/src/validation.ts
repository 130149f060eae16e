import { z } from 'zod';
import { NUMERIC_MIN, PASSWORD_MIN_LENGTH } from './constants.js';
import { MESSAGES } from './messages.js';

/** UK phone: 0 or +44, then a digit 1-9, then 8 or 9 digits (spaces ignored). */
export const UK_PHONE_PATTERN = /^(?:0|\+44)[1-9]\d{8,9}$/;

/** True when the text is a UK phone number under the spec's rule. */
export function isUkPhone(text: string): boolean {
  return UK_PHONE_PATTERN.test(text.replace(/\s+/g, ''));
}

/** A required, trimmed text with the spec's required, min and max messages. */
export function requiredText(opts: { min?: number; max?: number } = {}) {
  let s = z.string({ error: MESSAGES.required }).trim().min(1, { error: MESSAGES.required });
  if (opts.min && opts.min > 1) s = s.min(opts.min, { error: MESSAGES.minLength(opts.min) });
  if (opts.max) s = s.max(opts.max, { error: MESSAGES.maxLength(opts.max) });
  return s;
}

/** A required email with the spec's message; stored lower-case. */
export const emailField = z
  .string({ error: MESSAGES.required })
  .trim()
  .min(1, { error: MESSAGES.required })
  .max(254, { error: MESSAGES.maxLength(254) })
  .pipe(z.email({ error: MESSAGES.email }))
  .transform((v) => v.toLowerCase());

/** A password of at least 8 characters (and at most 128, to bound hashing work). */
export const passwordField = z
  .string({ error: MESSAGES.required })
  .min(1, { error: MESSAGES.required })
  .min(PASSWORD_MIN_LENGTH, { error: MESSAGES.passwordMin })
  .max(128, { error: MESSAGES.maxLength(128) });

/** An optional UK phone number; empty means none. */
export const ukPhoneField = z
  .string()
  .trim()
  .refine((v) => v === '' || isUkPhone(v), { error: MESSAGES.ukPhone })
  .transform((v) => v.replace(/\s+/g, ''));

/** A number of at least 0.01 with the spec's messages. */
export const positiveAmountField = z.coerce
  .number({ error: MESSAGES.number })
  .refine((n) => Number.isFinite(n), { error: MESSAGES.number })
  .refine((n) => n >= NUMERIC_MIN, { error: `Must be at least ${NUMERIC_MIN}` });

export const fullNameField = requiredText({ max: 100 });
export const companyNameField = requiredText({ max: 120 });
/** An optional job title, trimmed, at most 100 characters. */
export const jobTitleField = z
  .string()
  .trim()
  .max(100, { error: MESSAGES.maxLength(100) });

/** Company sign-up form (/signUp). */
export const signUpSchema = z.strictObject({
  companyName: companyNameField,
  fullName: fullNameField,
  email: emailField,
  password: passwordField,
});
export type SignUpInput = z.input<typeof signUpSchema>;

/** Sign-in form (/signIn); the password's length is not revealed at sign-in. */
export const signInSchema = z.strictObject({
  email: emailField,
  password: z
    .string({ error: MESSAGES.required })
    .min(1, { error: MESSAGES.required })
    .max(128, { error: MESSAGES.maxLength(128) }),
});
export type SignInInput = z.input<typeof signInSchema>;

/** First step of a password reset: the email to send the link to. */
export const resetRequestSchema = z.strictObject({ email: emailField });

/** Second step of a password reset: the token from the link and the new password. */
export const resetPasswordSchema = z.strictObject({
  token: z.string().min(10).max(200),
  password: passwordField,
});

/** Invited-user sign-up (/invited/signUp/{uniqueId}/{accountId}). */
export const acceptInviteSchema = z.strictObject({
  unique_id: z.string().min(1).max(100),
  account_id: z.string().min(1).max(100),
  user_name: fullNameField,
  job_title: jobTitleField.default(''),
  phone_number: ukPhoneField.default(''),
  password: passwordField,
});
export type AcceptInviteInput = z.input<typeof acceptInviteSchema>;
