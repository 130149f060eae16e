import { isPublicPath } from '@lp/domain';

/** Pages that only make sense signed out; a signed-in user is sent to the dashboard instead. */
const SIGNED_OUT_ONLY = new Set(['/signIn', '/signUp']);

/**
 * Pages for anyone, with or without a session: /cloud is opened by a letter's recipient from an
 * email or a text message (the token is in the URL's fragment), who usually has no account.
 */
const OPEN_TO_ALL = new Set(['/cloud']);

/** Pages shown without the shell: no header, no help button, no global upload (part 1 section 2). */
const BARE = new Set(['/cloud']);

/**
 * Where a visit to `pathname` must be redirected, or null to stay. Unauthenticated users may only
 * see the public paths (root, sign-in, sign-up and the e-mailed reset and invitation links) and
 * the pages open to all (/cloud).
 */
export function guardRedirect(pathname: string, signedIn: boolean, firstTime = false): string | null {
  pathname = normalisePath(pathname);
  if (OPEN_TO_ALL.has(pathname)) return null;
  if (!signedIn) return isPublicPath(pathname) ? null : '/';
  // A company that has just signed up looks itself up in the company register next (decision 0022).
  if (pathname === '/signUp' && firstTime) return AFTER_SIGN_UP;
  if (SIGNED_OUT_ONLY.has(pathname)) return '/main';
  return null;
}

/** Where a new company goes once signed up; it may skip the lookup for now. */
export const AFTER_SIGN_UP = '/registrationInfo';

/** True for the pages drawn without the app's shell, signed in or out. */
export function isBarePath(pathname: string): boolean {
  return BARE.has(normalisePath(pathname));
}

/** "/signIn/" and "/signIn" are the same page to the router; compare without the trailing slash. */
function normalisePath(pathname: string): string {
  return pathname.length > 1 && pathname.endsWith('/') ? pathname.replace(/\/+$/, '') || '/' : pathname;
}
