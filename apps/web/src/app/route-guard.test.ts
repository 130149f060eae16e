import { describe, expect, it } from 'vitest';
import { guardRedirect, isBarePath } from './route-guard';

describe('guardRedirect', () => {
  it('lets a signed-out visitor see only the public paths', () => {
    for (const path of ['/', '/signIn', '/signUp', '/resetPassword', '/invited/signUp/abc/acc-1']) {
      expect(guardRedirect(path, false), path).toBeNull();
    }
  });

  it('sends a signed-out visitor anywhere else to the root', () => {
    for (const path of [
      '/main',
      '/letters',
      '/parcels/order',
      '/guide',
      '/download/windows',
      '/nowhere',
      '/testComms',
    ]) {
      expect(guardRedirect(path, false), path).toBe('/');
    }
  });

  it('sends a company that has just signed up from /signUp to the registration lookup, others to /main', () => {
    expect(guardRedirect('/signUp', true, true)).toBe('/registrationInfo');
    expect(guardRedirect('/signUp', true, false)).toBe('/main');
    expect(guardRedirect('/signIn', true, true)).toBe('/main');
    expect(guardRedirect('/registrationInfo', true, true)).toBeNull();
  });

  it('lets anyone open /cloud, signed in or out (a recipient of a cloud link has no account)', () => {
    for (const path of ['/cloud', '/cloud/']) {
      expect(guardRedirect(path, false), path).toBeNull();
      expect(guardRedirect(path, true), path).toBeNull();
    }
    expect(guardRedirect('/cloud/x', false)).toBe('/');
    expect(guardRedirect('/cloudy', false)).toBe('/');
  });

  it('draws /cloud alone without the shell', () => {
    expect(isBarePath('/cloud')).toBe(true);
    expect(isBarePath('/cloud/')).toBe(true);
    for (const path of ['/', '/main', '/letters', '/testComms', '/storage']) expect(isBarePath(path), path).toBe(false);
  });

  it('treats a trailing slash like the path without it', () => {
    expect(guardRedirect('/signIn/', false)).toBeNull();
    expect(guardRedirect('/signIn/', true)).toBe('/main');
  });

  it('sends a signed-in user from sign-in and sign-up to the dashboard', () => {
    expect(guardRedirect('/signIn', true)).toBe('/main');
    expect(guardRedirect('/signUp', true)).toBe('/main');
  });

  it('leaves a signed-in user where they are otherwise', () => {
    for (const path of ['/', '/main', '/letters', '/resetPassword', '/nowhere']) {
      expect(guardRedirect(path, true), path).toBeNull();
    }
  });
});
