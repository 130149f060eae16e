import { toNestErrors, validateFieldsNatively } from '@hookform/resolvers';
import { MESSAGES } from '@lp/domain';
import type { FieldError, Resolver, ResolverResult } from 'react-hook-form';

/** The sign-in form's values, as `signInSchema` (@lp/domain) accepts and outputs them. */
export interface SignInValues {
  email: string;
  password: string;
}

/** zod's email pattern (z.email(), zod 4), the one `signInSchema` checks with. */
const EMAIL = /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;

type Issue = Pick<FieldError, 'type' | 'message'>;

function emailIssue(email: string): Issue | null {
  if (email.length < 1) return { type: 'too_small', message: MESSAGES.required };
  if (email.length > 254) return { type: 'too_big', message: MESSAGES.maxLength(254) };
  if (!EMAIL.test(email)) return { type: 'invalid_format', message: MESSAGES.email };
  return null;
}

function passwordIssue(password: string): Issue | null {
  if (password.length < 1) return { type: 'too_small', message: MESSAGES.required };
  if (password.length > 128) return { type: 'too_big', message: MESSAGES.maxLength(128) };
  return null;
}

/**
 * The sign-in form's check: the same rules, messages and output (trimmed, lower-case email) as
 * `zodResolver(signInSchema)`, without loading zod (about 25 KB gzip) on /signIn
 * (docs/decisions/web-sign-in-bundle-budget.md). The server still checks with `signInSchema`, and
 * sign-in-resolver.test.ts compares the two.
 */
export const signInResolver: Resolver<SignInValues> = async (
  values,
  _context,
  options,
): Promise<ResolverResult<SignInValues>> => {
  const rawEmail: unknown = values.email;
  const rawPassword: unknown = values.password;
  const email = typeof rawEmail === 'string' ? rawEmail.trim() : null;
  const password = typeof rawPassword === 'string' ? rawPassword : null;
  const issues: Partial<Record<keyof SignInValues, Issue>> = {};
  const e = email === null ? { type: 'invalid_type', message: MESSAGES.required } : emailIssue(email);
  const p = password === null ? { type: 'invalid_type', message: MESSAGES.required } : passwordIssue(password);
  if (e) issues.email = e;
  if (p) issues.password = p;
  if (e || p) return { values: {}, errors: toNestErrors(issues, options) };
  if (options.shouldUseNativeValidation) validateFieldsNatively({}, options);
  return { values: { email: (email as string).toLowerCase(), password: password as string }, errors: {} };
};
