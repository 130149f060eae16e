import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { ParcelParty } from '@lp/domain';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LabelInput, renderLabel } from './label.js';

const run = promisify(execFile);

const party = (name: string, over: Partial<ParcelParty> = {}): ParcelParty => ({
  name,
  phoneNumber: '+447700900123',
  email: '',
  addressLine1: '12 Ffordd y Môr',
  addressLine2: 'Flat 3',
  addressLine3: '',
  town: 'Aberystwyth',
  county: 'Ceredigion',
  postcode: 'SY23 1AA',
  ...over,
});

const input = (over: Partial<LabelInput> = {}): LabelInput => ({
  carrier: 'Royal Mail',
  serviceName: 'Tracked 48',
  trackingNumber: 'RM123456785GB',
  sender: party('Łukasz Nowak Ltd', { town: 'Leeds', county: 'West Yorkshire', postcode: 'LS1 1AA' }),
  recipient: party('Siobhán Ó Briain'),
  weight: 2,
  length: 45,
  width: 35,
  height: 16,
  collectionDate: '2026-06-02',
  deliveryNotes: 'Leave with neighbour at 14',
  reference: '0b7c6a1e-8f4e-4a44-9a53-6a0c8d1f2e3a',
  ...over,
});

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'label-'));
});
afterAll(async () => rm(dir, { recursive: true, force: true }));

async function pdfText(pdf: Buffer): Promise<string> {
  const file = join(dir, `${Math.random().toString(36).slice(2)}.pdf`);
  await writeFile(file, pdf);
  const { stdout } = await run('pdftotext', ['-layout', file, '-'], { timeout: 10_000 });
  return stdout;
}

describe('renderLabel', () => {
  it('makes a one-page A6 PDF by default', async () => {
    const pdf = await renderLabel(input());
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const doc = await PDFDocument.load(pdf);
    expect(doc.getPageCount()).toBe(1);
    const { width, height } = doc.getPage(0).getSize();
    expect([Math.round(width), Math.round(height)]).toEqual([298, 420]);
  });

  it('makes a 4 x 6 in label on request', async () => {
    const doc = await PDFDocument.load(await renderLabel(input({ size: '4x6' })));
    const { width, height } = doc.getPage(0).getSize();
    expect([Math.round(width), Math.round(height)]).toEqual([288, 432]);
  });

  it('prints names with accents, the tracking number, the parcel and the sender', async () => {
    const text = await pdfText(await renderLabel(input()));
    expect(text).toContain('Siobhán Ó Briain');
    expect(text).toContain('Łukasz Nowak Ltd');
    expect(text).toContain('Ffordd y Môr');
    expect(text).toContain('RM123456785GB');
    expect(text).toContain('Royal Mail');
    expect(text).toContain('Tracked 48');
    expect(text).toContain('SY23 1AA');
    expect(text).toMatch(/Weight 2 kg\s+Size 45 x 35 x 16 cm/);
    expect(text).toContain('Tue 2 June 2026');
    expect(text).toContain('Leave with neighbour at 14');
    expect(text).toContain('0b7c6a1e-8f4e-4a44-9a53-6a0c8d1f2e3a');
  });

  it('fits a long address by shrinking it, and an all-digit DPD number', async () => {
    const long = 'The Old Rectory, Llanfairpwllgwyngyllgogerychwyrndrobwllllantysiliogogogoch Road';
    const pdf = await renderLabel(
      input({
        carrier: 'DPD',
        serviceName: 'Next Day',
        trackingNumber: '15501234567890',
        recipient: party('A', { addressLine1: long }),
      }),
    );
    const text = await pdfText(pdf);
    expect(text).toContain('15501234567890');
    expect(text.replace(/\s+/g, ' ')).toContain('Llanfairpwllgwyngyll');
  });
});
