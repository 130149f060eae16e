import { describe, expect, it } from 'vitest';
import {
  addressWithTown,
  customerFieldsSchema,
  customerMatchKey,
  foldName,
  formatCustomerAddress,
  normalisePreferences,
  parseCustomerAddress,
  splitTown,
} from './customers.js';

describe('communication preferences', () => {
  it('defaults to Mail when none is ticked and adds Mail when only SMS is', () => {
    expect(normalisePreferences([])).toEqual(['Mail']);
    expect(normalisePreferences(['SMS'])).toEqual(['Mail', 'SMS']);
    expect(normalisePreferences(['Email'])).toEqual(['Email']);
    expect(normalisePreferences(['SMS', 'Email', 'SMS'])).toEqual(['Email', 'SMS']);
    expect(normalisePreferences(['Fax'])).toEqual(['Mail']);
  });
});

describe('customer address', () => {
  it('is one string with the postcode last, and reads back', () => {
    expect(formatCustomerAddress(['Flat 2', "St Mary's Court", 'York'], 'YO1 7HH')).toBe(
      "Flat 2, St Mary's Court, York, YO1 7HH",
    );
    expect(parseCustomerAddress("Flat 2, St Mary's Court, York, yo17hh")).toEqual({
      lines: ['Flat 2', "St Mary's Court", 'York'],
      postcode: 'YO1 7HH',
    });
    expect(parseCustomerAddress('Somewhere, Abroad')).toEqual({ lines: ['Somewhere', 'Abroad'], postcode: null });
  });
});

describe('customer fields', () => {
  it('checks the name, email, UK phone and postcode as people type them', () => {
    expect(
      customerFieldsSchema.safeParse({
        name: "Siobhán O'Neill-Brontë",
        email: "siobhan.o'neill@example.co.uk",
        phone: '07700 900123',
        postcode: 'bs8 2qt',
      }).success,
    ).toBe(true);
    const bad = customerFieldsSchema.safeParse({ name: ' ', email: 'nope', phone: '12345', postcode: 'BS8' });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues.map((i) => i.message).sort()).toEqual(
      [
        'Invalid Postcode',
        'Must be a valid UK phone number',
        'Must be a valid email address',
        'This field is required',
      ].sort(),
    );
  });

  it('matches letters by name and postcode, loosely', () => {
    expect(customerMatchKey("Dr Siobhan O'Neill", 'bs82qt')).toBe(customerMatchKey('DR SIOBHAN O NEILL', 'BS8 2QT'));
  });

  it('ignores accents and case: a name typed without its accents is the same customer', () => {
    expect(customerMatchKey('Áine Ní Bhriain', 'BS8 2QT')).toBe('aine ni bhriain|BS8 2QT');
    expect(customerMatchKey('Siobhán', null)).toBe(customerMatchKey('SIOBHAN', null));
    expect(customerMatchKey('Zoë Brontë', null)).toBe('zoe bronte|');
    expect(customerMatchKey('Lars Ødegaard', null)).toBe('lars odegaard|');
    expect(customerMatchKey('Straße Æsir Þór Łukasz', null)).toBe('strasse aesir thor lukasz|');
    // The accents once dropped whole letters ("Áine" became "ine"): no longer.
    expect(customerMatchKey('Áine', null)).not.toBe(customerMatchKey('ine', null));
  });
});

describe('foldName', () => {
  it('folds case, accents and the letters a decomposition keeps whole', () => {
    expect(foldName('Áine')).toBe('aine');
    expect(foldName("Ó Briain O'Brien")).toBe("o briain o'brien");
    expect(foldName('ØDEGAARD')).toBe('odegaard');
    expect(foldName('ﬁnn')).toBe('finn');
  });
});

describe('the town', () => {
  it('is stored as the last line and read back from it', () => {
    const stored = addressWithTown(['12 Acacia Avenue', ' Clifton ', ''], ' Bristol ');
    expect(stored).toEqual(['12 Acacia Avenue', 'Clifton', 'Bristol']);
    expect(splitTown(stored)).toEqual({ lines: ['12 Acacia Avenue', 'Clifton'], town: 'Bristol' });
    expect(addressWithTown(['1 Park Row'], '')).toEqual(['1 Park Row']);
    // One line is an address line, not a town.
    expect(splitTown(['1 Park Row'])).toEqual({ lines: ['1 Park Row'], town: '' });
  });
});
