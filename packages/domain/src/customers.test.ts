import { describe, expect, it } from 'vitest';
import {
  customerFieldsSchema,
  customerMatchKey,
  formatCustomerAddress,
  normalisePreferences,
  parseCustomerAddress,
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
});
