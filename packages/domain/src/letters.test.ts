import { describe, expect, it } from 'vitest';
import {
  ADDRESS_WINDOWS,
  analyseLayout,
  BARCODE_AREAS,
  BARCODE_SPACE,
  barcodeBlockedReason,
  canDeleteLetter,
  canDeliverLetter,
  canSplitLetter,
  DISPLAY_STATUSES,
  displayLetterStatus,
  findPostcode,
  isMailDisabled,
  isUkPostcodeFormat,
  LETTER_STATUS,
  MAPPED_RAW_STATUSES,
  normalisePostcode,
  panelBadgeColour,
  placeBarcode,
  rawStatusesFor,
  readAddress,
  SCHEDULED_PREFIX,
  shellBadgeColour,
  showsCancelDelivery,
  type TextItem,
} from './index.js';

describe('letter status mapping', () => {
  it.each([
    ['Analysing', 'Processing'],
    ['Analysis Complete', 'New'],
    ['Delivering', 'Sending'],
    ['Sending as Email Attachment', 'Sending'],
    ['Delivered', 'Sent'],
    ['Sent as Email Attachment', 'Sent'],
    ['Posted', 'Sent'],
    ['In Review', 'In Review'],
    ['Denied by Supervisor', 'Denied by Supervisor'],
    ['Invalid Postcode', 'Encountered Issues'],
    [`${SCHEDULED_PREFIX}21.11.26 | 10:00 AM`, 'Scheduled'],
    ['Something unheard of', 'Failed'],
    ['Failed to Analyse', 'Failed'],
    ['Corrupted', 'Failed'],
    ['Barcode area not empty', 'Encountered Issues'],
    ['Posting', 'Sending'],
  ])('shows %s as %s', (raw, shown) => {
    expect(displayLetterStatus(raw)).toBe(shown);
  });
  it('shows Failed whenever the failed flag is set', () => {
    expect(displayLetterStatus('Analysis Complete', true)).toBe('Failed');
  });
  it('colours badges as the shell and the panel read them', () => {
    const shell = Object.fromEntries(DISPLAY_STATUSES.map((s) => [s, shellBadgeColour(s)]));
    expect(shell).toEqual({
      Processing: 'orange',
      New: 'purple',
      Sending: 'orange',
      Sent: 'green',
      Scheduled: 'orange',
      'In Review': 'orange',
      'Denied by Supervisor': 'red',
      'Encountered Issues': 'orange',
      Failed: 'red',
    });
    const panel = Object.fromEntries(DISPLAY_STATUSES.map((s) => [s, panelBadgeColour(s)]));
    expect(panel).toEqual({
      ...shell,
      Processing: 'blue',
      Sending: 'yellow',
      Scheduled: 'yellow',
      'In Review': 'yellow',
      'Encountered Issues': 'yellow',
    });
  });
});

describe('letter panel rules', () => {
  it('disables Delete while analysing, delivering, posted, emailing or scheduled', () => {
    for (const raw of [
      'Analysing',
      'Delivering',
      'Delivered',
      'Posting',
      'Posted',
      'Sending as Email Attachment',
      'Sent as Email Attachment',
      `${SCHEDULED_PREFIX}x`,
    ]) {
      expect(canDeleteLetter(raw), raw).toBe(false);
    }
    for (const raw of [
      'Analysis Complete',
      'Invalid Postcode',
      'Corrupted',
      'Failed to Analyse',
      'Denied by Supervisor',
    ])
      expect(canDeleteLetter(raw), raw).toBe(true);
  });
  it('offers Cancel Delivery instead of Delete on a scheduled letter', () => {
    expect(showsCancelDelivery(`${SCHEDULED_PREFIX}tomorrow`)).toBe(true);
    expect(showsCancelDelivery('Analysis Complete')).toBe(false);
  });
  it('disables Deliver while processing, sending, in review, on failed analysis or corruption, or without send_letter', () => {
    const can = ['send_letter'];
    expect(canDeliverLetter('Analysis Complete', can)).toBe(true);
    expect(canDeliverLetter('Invalid Postcode', can)).toBe(true);
    expect(canDeliverLetter('Analysis Complete', [])).toBe(false);
    for (const raw of ['Analysing', 'Delivering', 'Posting', 'In Review', 'Failed to Analyse', 'Corrupted'])
      expect(canDeliverLetter(raw, can), raw).toBe(false);
  });
  it('offers Split on merged letters only, not while analysing or without create_letter', () => {
    expect(canSplitLetter('Analysis Complete', 'merged', ['create_letter'])).toBe(true);
    expect(canSplitLetter('Analysing', 'merged', ['create_letter'])).toBe(false);
    expect(canSplitLetter('Analysis Complete', 'merged', [])).toBe(false);
    expect(canSplitLetter('Analysis Complete', 'regular', ['create_letter'])).toBe(false);
    expect(canSplitLetter('Analysis Complete', 'merged', ['create_letter'], 'splitting')).toBe(false);
    expect(canSplitLetter('Analysis Complete', 'merged', ['create_letter'], 'split')).toBe(false);
    expect(canSplitLetter('Analysis Complete', 'merged', ['create_letter'], 'failed')).toBe(true);
    expect(canSplitLetter('Analysis Complete', 'merged', ['create_letter'], 'proposing')).toBe(false);
    expect(canSplitLetter('Analysis Complete', 'merged', ['create_letter'], 'proposed')).toBe(true);
  });
  it('blocks mail above 50 pages, when the recipient omits mail, or with address problems', () => {
    expect(isMailDisabled(50, false, LETTER_STATUS.analysisComplete)).toBe(false);
    expect(isMailDisabled(51, false, LETTER_STATUS.analysisComplete)).toBe(true);
    expect(isMailDisabled(1, true, LETTER_STATUS.analysisComplete)).toBe(true);
    expect(isMailDisabled(1, false, LETTER_STATUS.invalidPostcode)).toBe(true);
    expect(isMailDisabled(1, false, LETTER_STATUS.barcodeAreaNotEmpty)).toBe(true);
  });
});

describe('UK postcodes', () => {
  it.each([
    'SW1A 1AA',
    'sw1a1aa',
    'M1 1AE',
    'B33 8TH',
    'CR2 6XH',
    'DN55 1PT',
    'EC1A 1BB',
    'W1A 0AX',
    'GIR 0AA',
    'BFPO 1',
    'BFPO 801',
    'bfpo57',
  ])('accepts %s', (p) => {
    expect(isUkPostcodeFormat(p)).toBe(true);
  });
  it.each(['', 'SW1', 'ABC', 'Q1 1AA', 'SW1A 1AAA', '12345', 'SW1A 1CI', 'BFPO', 'BFPO 12345'])('refuses %s', (p) => {
    expect(isUkPostcodeFormat(p)).toBe(false);
  });
  it('normalises spacing and case', () => {
    expect(normalisePostcode(' sw1a1aa ')).toBe('SW1A 1AA');
    expect(normalisePostcode('bfpo57')).toBe('BFPO 57');
  });
  it('finds a postcode at the end of an address line', () => {
    expect(findPostcode('London SW1A 1AA')).toBe('SW1A 1AA');
    expect(findPostcode('Manchester, m1 1ae')).toBe('M1 1AE');
    expect(findPostcode('10 Downing Street')).toBeNull();
  });
});

/** A line of text at (x, y) mm, 4 mm high, about 2 mm a character. */
const t = (text: string, x: number, y: number): TextItem => ({ text, x, y, width: text.length * 2, height: 4 });

describe('address reader', () => {
  const window = ADDRESS_WINDOWS.DL;
  it('reads name, lines and postcode inside the window and ignores the letterhead and body', () => {
    const page = [
      t('ACME WIDGETS LTD', 120, 15),
      t('1 Factory Lane, Leeds LS1 4AP', 120, 21),
      t('Mr John Smith', 22, 52),
      t('Flat 2', 22, 57),
      t('10 High Street', 22, 62),
      t('London', 22, 67),
      t('SW1A 1AA', 22, 72),
      t('Dear Mr Smith,', 22, 110),
    ];
    expect(readAddress(page, window)).toMatchObject({
      ok: true,
      name: 'Mr John Smith',
      lines: ['Flat 2', '10 High Street', 'London', 'SW1A 1AA'],
      postcode: 'SW1A 1AA',
    });
  });
  it('ignores a date line, a reference line and a confidentiality marking near the window; joins runs of one line', () => {
    const page = [
      t('PRIVATE & CONFIDENTIAL', 22, 46),
      t('Ms', 22, 52),
      t('Ada Lovelace', 29, 52.3),
      t('12 Analytical Road', 22, 57),
      t('Manchester M1 1AE', 22, 62),
      t('United Kingdom', 22, 67),
      t('21 November 2026', 22, 80),
      t('Our ref: AL/2026/11', 22, 86),
    ];
    expect(readAddress(page, window)).toMatchObject({
      ok: true,
      name: 'Ms Ada Lovelace',
      lines: ['12 Analytical Road', 'Manchester M1 1AE'],
      postcode: 'M1 1AE',
    });
  });
  it('ignores the usual handling marks above the address', () => {
    for (const mark of [
      'CONFIDENTIAL',
      'Private',
      'PERSONAL',
      'Urgent',
      'Personal and Confidential',
      'Strictly Private',
    ]) {
      const reading = readAddress([t(mark, 22, 48), t('Jane Doe', 22, 56), t('Leeds LS1 4AB', 22, 61)], window);
      expect(reading, mark).toMatchObject({ ok: true, name: 'Jane Doe', postcode: 'LS1 4AB' });
    }
  });
  it('reports a window with no text (an image-only page or a logo in the window)', () => {
    expect(readAddress([t('Logo text far away', 150, 10)], window)).toEqual({ ok: false, reason: 'no_text_in_window' });
    expect(readAddress([t('21/11/2026', 22, 60)], window)).toEqual({ ok: false, reason: 'no_address_lines' });
  });
  it('returns the lines without a postcode when none is found', () => {
    const reading = readAddress([t('Jane Doe', 22, 52), t('Somewhere', 22, 57)], window);
    expect(reading).toMatchObject({ ok: true, name: 'Jane Doe', lines: ['Somewhere'], postcode: null });
  });
  it('reads the address as a column: text beside it is not part of it, a sentence above it is never the name', () => {
    const page = [
      t('If you would rather visit us, our branch is at:', 22, 44),
      t('Mr Tom Baker', 22, 50),
      t('FREEPHONE 0800 123 456', 70, 50),
      t('10 Grove Road', 22, 55),
      t('Ref 7781', 80, 55),
      t('Bath BA1 2AB', 22, 60),
    ];
    expect(readAddress(page, window)).toMatchObject({
      ok: true,
      name: 'Mr Tom Baker',
      lines: ['10 Grove Road', 'Bath BA1 2AB'],
      postcode: 'BA1 2AB',
    });
  });
  it('gives the box of the address lines read, and skips a return address printed above them', () => {
    const reading = readAddress(
      [
        t('If undelivered please return to PO Box 4, Leeds LS98 1AA', 22, 44),
        t('Jane Doe', 22, 50),
        t('Leeds LS1 4AB', 22, 55),
      ],
      window,
    );
    expect(reading).toEqual({
      ok: true,
      name: 'Jane Doe',
      lines: ['Leeds LS1 4AB'],
      postcode: 'LS1 4AB',
      box: { x: 22, y: 50, width: 26, height: 9 },
    });
  });
});

describe('barcode placement', () => {
  const area = BARCODE_AREAS.DL;
  const box = (x: number, y: number, width: number, height: number) => ({ x, y, width, height });
  it('never overlaps an address placed anywhere in the window, 3 to 7 lines starting 40 to 55 mm down', () => {
    for (let top = 40; top <= 55; top += 1)
      for (let lines = 3; lines <= 7; lines += 1)
        for (const width of [30, 55, 70]) {
          const address = box(25, top, width, lines * 4.6);
          const placed = placeBarcode(address, [], area);
          expect(placed, `${top} ${lines} ${width}`).not.toBeNull();
          const b = placed!;
          const apart =
            b.y >= address.y + address.height || b.y + b.height <= address.y || b.x >= address.x + address.width;
          expect(apart, `${top} ${lines} ${width}`).toBe(true);
          expect(b.x >= area.x && b.y >= area.y && b.x + b.width <= area.x + area.width).toBe(true);
          expect(b.y + b.height).toBeLessThanOrEqual(area.y + area.height + 1e-6);
        }
  });
  it('goes below the address first, beside it when below is taken, and nowhere when the window is full', () => {
    const address = box(25, 45, 40, 18);
    expect(placeBarcode(address, [], area)).toEqual(box(25, 64, BARCODE_SPACE.width, BARCODE_SPACE.height));
    const below = box(20, 64, 90, 26);
    expect(placeBarcode(address, [below], area)).toEqual(box(66, 45, BARCODE_SPACE.width, BARCODE_SPACE.height));
    const right = box(66, 39.5, 44, 30);
    expect(placeBarcode(address, [below, right], area)).toBeNull();
  });
  it('tells text from graphics in the window and names them in the reason', () => {
    const words = [t('Jane', 25, 50), t('Doe', 35, 50), t('Leeds LS1 4AB', 25, 55), t('SAVE 20% TODAY', 25, 70)];
    // Ink of the words, plus a logo of 20 x 30 mm at the right of the window.
    const ink = [];
    for (const w of words)
      for (let x = Math.floor(w.x); x < w.x + w.width; x += 1)
        for (let y = Math.floor(w.y); y < w.y + w.height; y += 1) ink.push(box(x, y, 1, 1));
    for (let x = 85; x < 105; x += 1) for (let y = 45; y < 75; y += 1) ink.push(box(x, y, 1, 1));
    const reading = readAddress(words, ADDRESS_WINDOWS.DL);
    if (!reading.ok) throw new Error('not read');
    const layout = analyseLayout(words, ink, reading.box, area);
    expect(layout.intrusions).toEqual([
      { kind: 'graphic', box: box(85, 45, 20, 30) },
      { kind: 'text', text: 'SAVE 20% TODAY', box: box(25, 70, 28, 4) },
    ]);
    expect(layout.barcode).toEqual(box(25, 60, BARCODE_SPACE.width, BARCODE_SPACE.height));
    expect(barcodeBlockedReason(layout.intrusions)).toBe(
      'No clear space is left in the address window of page 1 for the postal barcode (26 x 10 mm beside the address): in the way: a graphic at 85 mm from the left, 45 mm from the top; text "SAVE 20% TODAY" at 25 mm from the left, 70 mm from the top. Add an address sheet to post the letter as it is.',
    );
  });
});

describe('rawStatusesFor', () => {
  it('inverts the display mapping: every mapped raw status shows the label it is listed under', () => {
    for (const label of DISPLAY_STATUSES) {
      const { raw } = rawStatusesFor(label);
      for (const r of raw) expect(displayLetterStatus(r)).toBe(label);
    }
    expect(rawStatusesFor('Encountered Issues').raw.sort()).toEqual([
      'Address outside window',
      'Address to confirm',
      'Barcode area not empty',
      'Invalid Postcode',
      'Window not clear',
    ]);
    expect(rawStatusesFor('Scheduled')).toEqual({ raw: [], scheduled: true, otherwise: false });
    expect(rawStatusesFor('Failed')).toEqual({ raw: [], scheduled: false, otherwise: true });
    // Corrupted and Failed to Analyse are not mapped, so they fall under Failed.
    expect(MAPPED_RAW_STATUSES).not.toContain('Corrupted');
    expect(MAPPED_RAW_STATUSES).not.toContain('Failed to Analyse');
  });
});
