// Letters made from LibreOffice's own business-letter templates (fixtures/template-letters, made by
// make.py: filled with UK recipients, converted to PDF and DOCX by LibreOffice, and measured with
// poppler alone). Through the real upload route and analysis, the product's verdict matches the
// measurement for every one: New only when every line of the address lies inside the envelope
// window and nothing else is in it; otherwise the named problem, and the recipient is the block the
// window frames (never the sender's lines or the return-address line above it).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { displayLetterStatus, LETTER_STATUS } from '@lp/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Agent, createTestContext, signUpCompany, type TestContext } from '../../test/harness.js';

const DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../test/fixtures/template-letters');

interface Measured {
  /** False when the recipient's lines are listed by pdftotext but hidden on paper (behind a frame, white). */
  visible: boolean;
  /** Words laid over other words round the window (a frame over the body after a Word round trip). */
  text_over_text?: [string, string][];
  address: { x0: number; y0: number; x1: number; y1: number };
  outside: Partial<Record<'top' | 'bottom' | 'left' | 'right', number>>;
  fits: boolean;
  other_text_in_window: { text: string; x: number; y: number }[];
  graphic_cells_in_window: number;
}
interface Entry {
  name: string;
  recipient: { name: string; lines: string[] };
  measured: { pdf: Measured; docx: Measured };
}
const MANIFEST = JSON.parse(readFileSync(path.join(DIR, 'manifest.json'), 'utf8')) as Entry[];

/** The verdict the poppler measurement calls for (window problems first, as the product reports them). */
function expectedStatus(m: Measured): string {
  if (!m.visible) return LETTER_STATUS.failedToAnalyse;
  // Text over text in the window shows a jumble: never New, whatever else is read there.
  if (m.text_over_text?.length) return LETTER_STATUS.windowNotClear;
  if (!m.fits) return LETTER_STATUS.addressOutsideWindow;
  if (m.other_text_in_window.length > 0 || m.graphic_cells_in_window > 0) return LETTER_STATUS.windowNotClear;
  return LETTER_STATUS.analysisComplete;
}

let t: TestContext;
let owner: Agent;

beforeAll(async () => {
  t = await createTestContext();
  ({ agent: owner } = await signUpCompany(t.app, { companyName: 'Template Letters Ltd' }));
});

afterAll(async () => {
  await t.close();
});

interface LetterBody {
  status: string;
  display_status: string;
  status_reason: string | null;
  recipient_name_snapshot: string | null;
  recipient_address_snapshot: string[] | null;
  postcode: string | null;
  layout: { outside?: { side: string; by: number }[]; intrusions: { kind: string; text?: string }[] } | null;
}

describe('letters made from LibreOffice templates', () => {
  it('has every template Debian installs, with short and long addresses', () => {
    expect(MANIFEST.length).toBeGreaterThanOrEqual(16);
    expect(MANIFEST.map((m) => m.recipient.lines.length + 1).sort()).toContain(7);
  });

  it('judges every letter, PDF and Word, as poppler measured it, and reads the recipient exactly', async () => {
    const uploads: { file: string; id: string; entry: Entry; kind: 'pdf' | 'docx' }[] = [];
    for (const entry of MANIFEST)
      for (const kind of ['pdf', 'docx'] as const) {
        const file = `${entry.name}.${kind}`;
        const res = await owner.upload('/api/letters/files?type=regular', file, readFileSync(path.join(DIR, file)));
        expect(res.statusCode, `${file}: ${res.body}`).toBe(201);
        uploads.push({ file, id: (res.json() as { uuid: string }).uuid, entry, kind });
      }
    await t.runJobs();
    const got = [];
    const want = [];
    for (const u of uploads) {
      const body = (await owner.get(`/api/letters/${u.id}`)).json() as LetterBody;
      const m = u.entry.measured[u.kind];
      const status = expectedStatus(m);
      const recipient = { name: body.recipient_name_snapshot, lines: body.recipient_address_snapshot };
      // Of an address outside the window: the edge it runs furthest past and by how much (within a
      // millimetre of poppler's measure).
      const first = body.layout?.outside?.[0];
      const measuredOut = Object.entries(m.text_over_text?.length ? {} : (m.outside ?? {})).sort(
        (a, b) => b[1] - a[1],
      )[0];
      const outside = first && !m.text_over_text?.length ? { side: first.side, by: first.by } : null;
      const wantOutside = measuredOut
        ? { side: measuredOut[0], by: first && Math.abs(first.by - measuredOut[1]) <= 1 ? first.by : measuredOut[1] }
        : null;
      got.push({ file: u.file, status: body.status, ...recipient, outside, reason: body.status_reason });
      // The recipient is the block the window frames, read exactly, whatever the verdict.
      // Where text lies over text no reading is exact (the verdict alone is checked).
      const read = !m.visible ? { name: null, lines: null } : m.text_over_text?.length ? recipient : u.entry.recipient;
      want.push({ file: u.file, status, ...read, outside: wantOutside, reason: body.status_reason });
      if (body.status === status && status === LETTER_STATUS.windowNotClear)
        expect(body.layout?.intrusions.length, u.file).toBeGreaterThan(0);
      if (body.status === status) expect(body.display_status).toBe(displayLetterStatus(status));
    }
    expect(got).toEqual(want);
  }, 300_000);
});
