import { describe, expect, it } from 'vitest';
import {
  ENGLAND_AND_WALES_BANK_HOLIDAYS,
  expectedDelivery,
  expectedDeliveryText,
  isUkWorkingDay,
  ukDay,
} from './post-days.js';

describe('expectedDelivery', () => {
  it('1st class: the next working day', () => {
    // Posted on Tuesday 10 March 2026 at 16:00: Wednesday.
    expect(expectedDelivery(new Date('2026-03-10T16:00:00Z'), 'premium')).toBe('2026-03-11');
    // Posted on a Friday: Monday.
    expect(expectedDelivery(new Date('2026-03-13T10:00:00Z'), 'premium')).toBe('2026-03-16');
    // Posted on a Saturday: Monday.
    expect(expectedDelivery(new Date('2026-03-14T10:00:00Z'), 'premium')).toBe('2026-03-16');
  });

  it('2nd class: within three working days', () => {
    // Tuesday 10 March 2026: Friday 13.
    expect(expectedDelivery(new Date('2026-03-10T09:00:00Z'), 'standard')).toBe('2026-03-13');
    // Thursday 12 March: Tuesday 17 (the weekend does not count).
    expect(expectedDelivery(new Date('2026-03-12T09:00:00Z'), 'standard')).toBe('2026-03-17');
  });

  it('skips bank holidays in England and Wales', () => {
    // Thursday 2 April 2026 (Easter): Good Friday and Easter Monday are not working days.
    expect(expectedDelivery(new Date('2026-04-02T12:00:00+01:00'), 'premium')).toBe('2026-04-07');
    expect(expectedDelivery(new Date('2026-04-02T12:00:00+01:00'), 'standard')).toBe('2026-04-09');
    // Christmas 2027: Friday 24 December, then the substitute days Monday 27 and Tuesday 28.
    expect(expectedDelivery(new Date('2027-12-24T10:00:00Z'), 'premium')).toBe('2027-12-29');
    // New Year 2028 falls on a Saturday: Monday 3 January is the holiday.
    expect(expectedDelivery(new Date('2027-12-31T10:00:00Z'), 'premium')).toBe('2028-01-04');
    expect(isUkWorkingDay('2026-08-31')).toBe(false);
    expect(isUkWorkingDay('2026-09-01')).toBe(true);
  });

  it('counts the day in UK time, not UTC', () => {
    // 23:30 on Friday 12 June 2026 in UTC is 00:30 on Saturday 13 in London (BST): Monday 15.
    expect(ukDay(new Date('2026-06-12T23:30:00Z'))).toBe('2026-06-13');
    expect(expectedDelivery(new Date('2026-06-12T23:30:00Z'), 'premium')).toBe('2026-06-15');
    // 23:30 UTC on Friday 13 February 2026 is still Friday in London (GMT): Monday 16.
    expect(expectedDelivery(new Date('2026-02-13T23:30:00Z'), 'premium')).toBe('2026-02-16');
  });

  it('has the eight holidays of each year, 2026 to 2028, all on weekdays', () => {
    for (const year of ['2026', '2027', '2028'])
      expect(ENGLAND_AND_WALES_BANK_HOLIDAYS.filter((d) => d.startsWith(year))).toHaveLength(8);
    for (const day of ENGLAND_AND_WALES_BANK_HOLIDAYS) {
      const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
      expect(weekday, day).not.toBe(0);
      expect(weekday, day).not.toBe(6);
    }
  });

  it('says it as people read it', () => {
    expect(expectedDeliveryText(new Date('2026-03-10T16:00:00Z'), 'premium')).toBe(
      'Expected on Wednesday 11 March 2026',
    );
    expect(expectedDeliveryText(new Date('2026-03-12T09:00:00Z'), 'standard')).toBe(
      'Expected by Tuesday 17 March 2026',
    );
  });
});
