import { describe, expect, it } from 'vitest';
import {
  ADDRESS_WINDOWS,
  canDeleteLetter,
  canDeliverLetter,
  canSplitLetter,
  DISPLAY_STATUSES,
  displayLetterStatus,
  findPostcode,
  isClearZoneEmpty,
  isMailDisabled,
  isUkPostcodeFormat,
  LETTER_STATUS,
  MAPPED_RAW_STATUSES,
  normalisePostcode,
  panelBadgeColour,
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
    expect(readAddress(page, window)).toEqual({
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
    expect(readAddress(page, window)).toEqual({
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
    expect(reading).toEqual({ ok: true, name: 'Jane Doe', lines: ['Somewhere'], postcode: null });
  });
  it('checks the barcode clear zone is empty', () => {
    expect(isClearZoneEmpty([t('Jane Doe', 22, 56)])).toBe(true);
    expect(isClearZoneEmpty([t('PRIVATE & CONFIDENTIAL', 22, 46)])).toBe(false);
  });
});

describe('rawStatusesFor', () => {
  it('inverts the display mapping: every mapped raw status shows the label it is listed under', () => {
    for (const label of DISPLAY_STATUSES) {
      const { raw } = rawStatusesFor(label);
      for (const r of raw) expect(displayLetterStatus(r)).toBe(label);
    }
    expect(rawStatusesFor('Encountered Issues').raw.sort()).toEqual(['Barcode area not empty', 'Invalid Postcode']);
    expect(rawStatusesFor('Scheduled')).toEqual({ raw: [], scheduled: true, otherwise: false });
    expect(rawStatusesFor('Failed')).toEqual({ raw: [], scheduled: false, otherwise: true });
    // Corrupted and Failed to Analyse are not mapped, so they fall under Failed.
    expect(MAPPED_RAW_STATUSES).not.toContain('Corrupted');
    expect(MAPPED_RAW_STATUSES).not.toContain('Failed to Analyse');
  });
});
