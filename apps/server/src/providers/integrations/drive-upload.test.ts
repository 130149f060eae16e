import type { AddressInfo } from 'node:net';
import type { IntegrationProviderId } from '@lp/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Integrations } from '../../modules/integrations/service.js';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { createDriveUploadClient, DRIVE_FOLDER, dropboxArg, safeDriveName, UPLOAD_LIMITS } from './drive-upload.js';
import { type Fetch, RateLimiter } from './http.js';
import { exchangeCode, pkcePair } from './oauth.js';
import { type ResolvedProvider, redirectUriFor } from './registry.js';
import type { CallContext, ClientDeps } from './types.js';

/**
 * The drives' upload clients against the built-in sandbox, which answers in each provider's
 * documented shapes: a small file in one request, a large one through the provider's upload
 * session in slices of its documented multiple, the folder found or made once, the same file
 * uploaded again replacing itself, names made safe, a 429 waited out and a 503 tried again.
 */

let t: TestContext;
let svc: Integrations;

beforeAll(async () => {
  // A short rate window, so that a Retry-After is a second, not a minute.
  t = await createTestContext({ INTEGRATIONS_SANDBOX_RATE_WINDOW_MS: '1500' });
  svc = t.app.integrations;
});
afterAll(() => t.close());

interface Seen {
  method: string;
  url: string;
  headers: Headers;
  size: number;
}

function deps(p: ResolvedProvider, seen: Seen[]): ClientDeps {
  const limiters = new Map<string, RateLimiter>();
  const counting: Fetch = (url, init = {}) => {
    const body = init.body;
    seen.push({
      method: init.method ?? 'GET',
      url,
      headers: new Headers(init.headers),
      size: typeof body === 'string' ? body.length : body instanceof Uint8Array ? body.byteLength : 0,
    });
    return svc.fetch(url, init);
  };
  return {
    provider: p,
    fetch: counting,
    limiterFor: (tenant) => {
      const key = tenant ?? '';
      if (!limiters.has(key)) limiters.set(key, new RateLimiter(p.rateLimit, 1500));
      return limiters.get(key)!;
    },
  };
}

async function authorise(p: ResolvedProvider, company: string): Promise<{ ctx: CallContext; tenant: string }> {
  const { verifier, challenge } = pkcePair();
  const tenant = svc.sandbox.tenantOf(p.id, company);
  const redirectUri = redirectUriFor(t.config.PUBLIC_URL, p.info);
  const code = svc.sandbox.issueCode(p, { tenant, clientId: p.clientId, redirectUri, challenge });
  const tokens = await exchangeCode(p, svc.fetch, { code, redirectUri, verifier });
  return { ctx: { accessToken: tokens.accessToken, tenantId: tenant }, tenant };
}

/** Bytes that differ everywhere, so a slice out of place shows. */
function pdfBytes(size: number, seed = 1): Uint8Array {
  const out = new Uint8Array(size);
  const head = Buffer.from('%PDF-1.7\n');
  out.set(head);
  let x = seed;
  for (let i = head.length; i < size; i++) {
    x = (x * 1103515245 + 12345) >>> 0;
    out[i] = x >>> 24;
  }
  return out;
}

const KiB = 1024;

describe('names and arguments', () => {
  it('makes names safe for every drive', () => {
    expect(safeDriveName('Invoice 12/2026: "final"?.pdf')).toBe('Invoice 12-2026- -final--.pdf');
    expect(safeDriveName('  trailing dots... ')).toBe('trailing dots');
    expect(safeDriveName('CON.pdf')).toBe('_CON.pdf');
    expect(safeDriveName('\u0000\u0007')).toBe('letter');
    expect(safeDriveName(`${'x'.repeat(300)}.pdf`)).toHaveLength(200);
    expect(safeDriveName(`${'x'.repeat(300)}.pdf`).endsWith('.pdf')).toBe(true);
    expect(safeDriveName('O’Neill – lease.pdf')).toBe('O’Neill – lease.pdf');
  });

  it('escapes Dropbox-API-Arg to ASCII', () => {
    const arg = dropboxArg({ path: '/LetterPost letters/O’Neill.pdf' });
    expect(arg).toBe('{"path":"/LetterPost letters/O\\u2019Neill.pdf"}');
    expect(JSON.parse(arg)).toEqual({ path: '/LetterPost letters/O’Neill.pdf' });
  });

  it('refuses a slice that is not the documented multiple', () => {
    const p = svc.providers.onedrive;
    expect(() => createDriveUploadClient('onedrive', deps(p, []), { chunkSize: 300 * KiB })).toThrow(/320 KiB/);
    expect(() =>
      createDriveUploadClient('google_drive', deps(svc.providers.google_drive, []), { chunkSize: 100 * KiB }),
    ).toThrow(/256 KiB/);
  });
});

describe.each(['google_drive', 'dropbox', 'onedrive'] as const)(
  '%s upload client against its sandbox',
  (id: IntegrationProviderId) => {
    const multiple = UPLOAD_LIMITS[id as keyof typeof UPLOAD_LIMITS].chunkMultiple;
    const slice = id === 'dropbox' ? 256 * KiB : multiple;
    let p: ResolvedProvider;
    let ctx: CallContext;
    let tenant: string;

    beforeAll(async () => {
      p = svc.providers[id];
      ({ ctx, tenant } = await authorise(p, `upload-${id}`));
    });

    const files = () => svc.sandbox.drive.list(id, tenant).filter((f) => f.kind === 'file');

    it('uploads a small file in one request into the folder it finds or makes', async () => {
      const seen: Seen[] = [];
      const client = createDriveUploadClient(id, deps(p, seen));
      const bytes = pdfBytes(40 * KiB);
      const up = await client.upload(ctx, {
        name: 'Lease renewal.pdf',
        bytes,
        contentType: 'application/pdf',
        folder: [DRIVE_FOLDER],
      });
      expect(up.path.replace(/^\//, '')).toBe(`${DRIVE_FOLDER}/Lease renewal.pdf`);
      const stored = svc.sandbox.drive.get(id, tenant, up.id);
      expect(stored).toMatchObject({
        kind: 'file',
        name: 'Lease renewal.pdf',
        path: `${DRIVE_FOLDER}/Lease renewal.pdf`,
        size: bytes.byteLength,
      });
      expect(Buffer.from(svc.sandbox.drive.read(id, tenant, up.id)!).equals(Buffer.from(bytes))).toBe(true);
      const uploads = seen.filter((s) => s.size >= bytes.byteLength);
      expect(uploads).toHaveLength(1);
      if (id === 'google_drive') expect(uploads[0]!.url).toContain('uploadType=multipart');
      if (id === 'dropbox') expect(uploads[0]!.url).toMatch(/\/2\/files\/upload$/);
      if (id === 'onedrive') expect(uploads[0]!.url).toContain(':/content');

      // A second letter goes into the same folder (found, or "already there" for Dropbox).
      const again = await client.upload(ctx, {
        name: 'Second.pdf',
        bytes: pdfBytes(1000, 2),
        contentType: 'application/pdf',
        folder: [DRIVE_FOLDER],
      });
      expect(svc.sandbox.drive.get(id, tenant, again.id)?.path).toBe(`${DRIVE_FOLDER}/Second.pdf`);
      expect(svc.sandbox.drive.list(id, tenant).filter((f) => f.kind === 'folder')).toHaveLength(1);
    });

    it('sends a large file through an upload session, in slices of the documented multiple', async () => {
      const seen: Seen[] = [];
      const client = createDriveUploadClient(id, deps(p, seen), { simpleMax: 64 * KiB, chunkSize: slice });
      const bytes = pdfBytes(2 * slice + 12_345, 3);
      const up = await client.upload(ctx, {
        name: 'Big bundle.pdf',
        bytes,
        contentType: 'application/pdf',
        folder: [DRIVE_FOLDER, 'Acme Ltd'],
      });
      const stored = svc.sandbox.drive.get(id, tenant, up.id)!;
      expect(stored.path).toBe(`${DRIVE_FOLDER}/Acme Ltd/Big bundle.pdf`);
      expect(Buffer.from(svc.sandbox.drive.read(id, tenant, up.id)!).equals(Buffer.from(bytes))).toBe(true);
      const slices = seen.filter(
        (s) => s.size > 0 && s.size <= slice && s.headers.get('content-type') !== 'application/json; charset=UTF-8',
      );
      expect(slices.map((s) => s.size)).toEqual([slice, slice, 12_345]);
      for (const s of slices.slice(0, -1)) expect(s.size % multiple).toBe(0);
      if (id === 'google_drive')
        expect(seen.some((s) => s.url.includes('uploadType=resumable') && s.method === 'POST')).toBe(true);
      if (id === 'dropbox')
        expect(slices.map((s) => s.url.replace(/^.*\/2\/files\//, ''))).toEqual([
          'upload_session/start',
          'upload_session/append_v2',
          'upload_session/finish',
        ]);
      if (id === 'onedrive') {
        expect(seen.some((s) => s.url.endsWith(':/createUploadSession'))).toBe(true);
        // The pre-authorised upload address gets no token.
        for (const s of slices) expect(s.headers.get('authorization')).toBeNull();
      }
    });

    it('replaces the file when the same letter is uploaded again with its remote id', async () => {
      const client = createDriveUploadClient(id, deps(p, []));
      const first = await client.upload(ctx, {
        name: 'Notice.pdf',
        bytes: pdfBytes(2000, 4),
        contentType: 'application/pdf',
        folder: [DRIVE_FOLDER],
      });
      const before = files().length;
      const second = await client.upload(ctx, {
        name: 'Notice.pdf',
        bytes: pdfBytes(3000, 5),
        contentType: 'application/pdf',
        folder: [DRIVE_FOLDER],
        remoteId: first.id,
      });
      expect(second.id).toBe(first.id);
      expect(files()).toHaveLength(before);
      expect(svc.sandbox.drive.get(id, tenant, first.id)).toMatchObject({ size: 3000, versions: 2 });
    });

    it('recognises the same file uploaded again without its id (same name in the folder)', async () => {
      const client = createDriveUploadClient(id, deps(p, []));
      const file = { name: 'Lost answer.pdf', contentType: 'application/pdf', folder: [DRIVE_FOLDER] };
      const first = await client.upload(ctx, { ...file, bytes: pdfBytes(700, 9) });
      const before = files().length;
      const second = await client.upload(ctx, { ...file, bytes: pdfBytes(900, 10) });
      expect(second.id).toBe(first.id);
      expect(files()).toHaveLength(before);
      expect(svc.sandbox.drive.get(id, tenant, first.id)).toMatchObject({ size: 900, versions: 2 });
    });

    it('makes an unsafe name safe', async () => {
      const client = createDriveUploadClient(id, deps(p, []));
      const up = await client.upload(ctx, {
        name: 'Rent: 12/2026 "arrears"?.pdf',
        bytes: pdfBytes(500, 6),
        contentType: 'application/pdf',
        folder: [DRIVE_FOLDER],
      });
      expect(svc.sandbox.drive.get(id, tenant, up.id)?.name).toBe('Rent- 12-2026 -arrears--.pdf');
    });

    it('waits out a 429 as Retry-After asks, then uploads', async () => {
      for (let i = 0; i < p.rateLimit.perMinute; i++) {
        const admitted = svc.sandbox.admit(p, tenant);
        if (admitted.ok) admitted.done();
      }
      const client = createDriveUploadClient(id, deps(p, []));
      const started = Date.now();
      const up = await client.upload(ctx, {
        name: 'After the limit.pdf',
        bytes: pdfBytes(800, 7),
        contentType: 'application/pdf',
        folder: [DRIVE_FOLDER],
      });
      expect(Date.now() - started).toBeGreaterThanOrEqual(500);
      expect(svc.sandbox.drive.get(id, tenant, up.id)?.name).toBe('After the limit.pdf');
    });

    it('uploads over a real socket with the global fetch, small and in a session', async () => {
      if (!t.app.server.listening) await t.app.listen({ port: 0, host: '127.0.0.1' });
      const base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
      // The sandbox names its session addresses by the public address: mapped to the test's port.
      const overSocket: Fetch = (url, init) => fetch(url.replace(t.config.PUBLIC_URL, base), init);
      const limiters = new Map<string, RateLimiter>();
      const client = createDriveUploadClient(
        id,
        {
          provider: p,
          fetch: overSocket,
          limiterFor: (k) => {
            if (!limiters.has(k ?? '')) limiters.set(k ?? '', new RateLimiter(p.rateLimit, 1500));
            return limiters.get(k ?? '')!;
          },
        },
        { simpleMax: 64 * KiB, chunkSize: slice },
      );
      for (const [name, size] of [
        ['Socket small.pdf', 5000],
        ['Socket large.pdf', slice + 777],
      ] as const) {
        const bytes = pdfBytes(size, size);
        const up = await client.upload(ctx, { name, bytes, contentType: 'application/pdf', folder: [DRIVE_FOLDER] });
        expect(Buffer.from(svc.sandbox.drive.read(id, tenant, up.id)!).equals(Buffer.from(bytes))).toBe(true);
      }
    });

    it('tries a 503 again and uploads', async () => {
      const seen: Seen[] = [];
      const client = createDriveUploadClient(id, deps(p, seen));
      svc.sandbox.failNext(id, 2);
      const up = await client.upload(ctx, {
        name: 'Flaky.pdf',
        bytes: pdfBytes(900, 8),
        contentType: 'application/pdf',
        folder: [DRIVE_FOLDER],
      });
      expect(svc.sandbox.drive.get(id, tenant, up.id)?.name).toBe('Flaky.pdf');
      expect(svc.sandbox.takeFailure(id)).toBe(false);
    });
  },
);
