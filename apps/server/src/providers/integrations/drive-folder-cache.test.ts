import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, signUpCompany, type TestContext } from '../../test/harness.js';
import { connect } from '../../test/integrations.js';
import { DRIVE_FOLDER } from './drive-upload.js';

/**
 * Google Drive's folder is remembered between letters (a third fewer calls a letter, which
 * Google's rate limit turns into a third more letters a second), and looked up again when the
 * drive no longer has it.
 */

let t: TestContext;
let accountId: string;
const calls: string[] = [];

beforeAll(async () => {
  t = await createTestContext();
  const { agent, me } = await signUpCompany(t.app, { companyName: "Siân's Conveyancing" });
  accountId = me.account.id;
  await t.services.pool.query(`update accounts set current_plan = 'Pro' where id = $1`, [accountId]);
  await connect(t, agent, 'google_drive');
  const inner = t.app.integrations.fetch;
  t.app.integrations.fetch = (url, init) => {
    if (url.includes('/sandbox/google_drive/')) calls.push(`${init?.method ?? 'GET'} ${new URL(url).pathname}`);
    return inner(url, init);
  };
});
afterAll(() => t.close());

const upload = (name: string) => {
  const svc = t.app.integrations;
  const p = svc.provider('google_drive');
  return svc.withAccess(accountId, p, (ctx) =>
    svc.uploader(p).upload(ctx, {
      name,
      bytes: Buffer.from(`%PDF-1.7\n${name}\n%%EOF\n`),
      contentType: 'application/pdf',
      folder: [DRIVE_FOLDER],
    }),
  );
};

describe('Google Drive folder', () => {
  it('is looked up once for letter after letter, and again when it was deleted', async () => {
    await upload('Notice to quit – Flat 1.pdf');
    // The folder looked for and made, the file looked for, the upload.
    expect(calls).toHaveLength(4);
    calls.length = 0;
    await upload('Notice to quit – Flat 2.pdf');
    // The file looked for and the upload: no folder lookup.
    expect(calls).toHaveLength(2);
    expect(calls.filter((c) => c.startsWith('POST /api/integrations/sandbox/google_drive/upload'))).toHaveLength(1);

    // Someone empties the drive: the remembered folder is gone; the upload finds that out and makes it again.
    t.app.integrations.sandbox.drive.clear();
    const again = await upload('Notice to quit – Flat 3.pdf');
    expect(again.path).toBe(`${DRIVE_FOLDER}/Notice to quit – Flat 3.pdf`);
    const tenant = (
      await t.services.pool.query<{ tenant_id: string }>(
        `select tenant_id from integrations where account_id = $1 and provider = 'google_drive'`,
        [accountId],
      )
    ).rows[0]!.tenant_id;
    const items = t.app.integrations.sandbox.drive.list('google_drive', tenant);
    expect(items.filter((i) => i.kind === 'folder').map((i) => i.name)).toEqual([DRIVE_FOLDER]);
    expect(items.filter((i) => i.kind === 'file').map((i) => i.path)).toEqual([again.path]);
  });
});
