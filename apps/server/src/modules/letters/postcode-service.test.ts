import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSandboxPostcodeService } from '../../providers/postcodes.js';
import { createTestContext, signUpCompany, type TestContext } from '../../test/harness.js';

const MM = 72 / 25.4;
const asked: string[] = [];
// A local service speaking the public API: GET /postcodes/{postcode}/validate -> { result }.
const service = createServer((req, res) => {
  const m = /^\/postcodes\/([^/]+)\/validate$/.exec(req.url ?? '');
  const postcode = decodeURIComponent(m?.[1] ?? '');
  asked.push(postcode);
  res.setHeader('content-type', 'application/json');
  res.end(JSON.stringify({ status: 200, result: postcode !== 'SW1A 9ZZ' }));
});

let t: TestContext;
beforeAll(async () => {
  service.listen(0, '127.0.0.1');
  await once(service, 'listening');
  t = await createTestContext({ POSTCODE_SERVICE_URL: `http://127.0.0.1:${(service.address() as AddressInfo).port}` });
});
afterAll(async () => {
  await t.close();
  service.close();
});

async function letter(postcode: string) {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const page = doc.addPage([210 * MM, 297 * MM]);
  ['Mrs Ann Example', '1 Example Street', `London ${postcode}`].forEach((text, i) => {
    page.drawText(text, { x: 22 * MM, y: (297 - 60 - i * 5) * MM, size: 10, font });
  });
  return Buffer.from(await doc.save());
}

async function analyse(postcode: string) {
  const { agent } = await signUpCompany(t.app);
  const bytes = await letter(postcode);
  const res = await agent.upload('/api/letters/files', 'l.pdf', bytes);
  await t.runJobs();
  return (await agent.get(`/api/letters/${res.json().uuid}`)).json();
}

describe('postcode service', () => {
  it("takes the configured service's answer: a well-formed postcode that does not exist is invalid", async () => {
    const missing = await analyse('SW1A 9ZZ');
    expect(missing).toMatchObject({
      status: 'Invalid Postcode',
      status_reason: 'The postcode SW1A 9ZZ does not exist.',
    });
    const real = await analyse('SW1A 1AA');
    expect(real.status).toBe('Analysis Complete');
    expect(asked).toEqual(['SW1A 9ZZ', 'SW1A 1AA']);
  });

  it('has a sandbox that behaves like the service', async () => {
    const sandbox = createSandboxPostcodeService(1);
    expect(await sandbox.validate('SW1A 1AA')).toBe(true);
    expect(await sandbox.validate('ZZ1 1ZZ')).toBe(false);
    // A well-formed postcode that does not exist, which the address forms can reach.
    expect(await sandbox.validate('LS11 9ZZ')).toBe(false);
    expect(await sandbox.validate('LS11 5PS')).toBe(true);
  });
});
