import { createServer } from 'node:net';
import { expect } from 'vitest';

/** A port nobody listens on now (for a server process a test starts). */
export async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

/** The cookies a response sets, as a Cookie header. */
export const cookiesOf = (res: Response) =>
  res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');

/** Signs a company up over HTTP like a browser: the CSRF token, then the session cookie and a token for it. */
export async function signUpOverHttp(
  base: string,
  body: { companyName: string; fullName: string; email: string; password: string },
) {
  const csrf = await fetch(`${base}/api/csrf`);
  const { token } = (await csrf.json()) as { token: string };
  const first = cookiesOf(csrf);
  const signup = await fetch(`${base}/api/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-csrf-token': token, cookie: first },
    body: JSON.stringify(body),
  });
  expect(signup.status).toBe(201);
  // The token is bound to the session: the signed-in browser fetches a new one.
  const cookie = `${first}; ${cookiesOf(signup)}`;
  const renewed = await fetch(`${base}/api/csrf`, { headers: { cookie } });
  return { token: ((await renewed.json()) as { token: string }).token, cookie };
}
