import { isPublicPath } from '@lp/domain';

/** Pages that only make sense signed out; a signed-in user is sent to the dashboard instead. */
const SIGNED_OUT_ONLY = new Set(['/signIn', '/signUp']);

/**
 * Where a visit to `pathname` must be redirected, or null to stay. Unauthenticated users may only
 * see the public paths (root, sign-in, sign-up and the e-mailed reset and invitation links).
 */
export function guardRedirect(pathname: string, signedIn: boolean): string | null {
  pathname = normalisePath(pathname);
  if (!signedIn) return isPublicPath(pathname) ? null : '/';
  if (SIGNED_OUT_ONLY.has(pathname)) return '/main';
  return null;
}

/** "/signIn/" and "/signIn" are the same page to the router; compare without the trailing slash. */
function normalisePath(pathname: string): string {
  return pathname.length > 1 && pathname.endsWith('/') ? pathname.replace(/\/+$/, '') || '/' : pathname;
}
