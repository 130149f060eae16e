import { describe, expect, it } from 'vitest';
import {
  canRevokeCloudLink,
  DELIVERY_MESSAGES,
  deliverRequestSchema,
  deliveryFieldProblems,
  formatUkDateTime,
  letterStatusForDelivery,
  SCHEDULE_MAX_AHEAD_MS,
  scheduledRunAt,
} from './delivery.js';

const parse = (b: object) => deliverRequestSchema.parse({ uuid: 'x', ...b });

describe('delivery request', () => {
  it('defaults to mail, now', () => {
    const r = parse({});
    expect(r.preference_overrides).toEqual(['mail']);
    expect(scheduledRunAt(r, Date.now())).toEqual({ at: null, problem: null });
  });

  it('refuses no channel and a channel twice', () => {
    expect(deliverRequestSchema.safeParse({ uuid: 'x', preference_overrides: [] }).success).toBe(false);
    expect(deliverRequestSchema.safeParse({ uuid: 'x', preference_overrides: ['mail', 'mail'] }).success).toBe(false);
    expect(deliverRequestSchema.safeParse({ uuid: 'x', preference_overrides: ['fax'] }).success).toBe(false);
  });

  it('checks the email and the mobile number as people type them', () => {
    expect(deliveryFieldProblems(parse({ preference_overrides: ['email'] }))[0]?.message).toBe(
      "You must enter the recipient's email address before delivering!",
    );
    expect(
      deliveryFieldProblems(parse({ preference_overrides: ['email'], recipient_email: 'siân@' }))[0]?.message,
    ).toBe('The email you entered is invalid! Please enter a valid email');
    expect(
      deliveryFieldProblems(parse({ preference_overrides: ['email'], recipient_email: "o'brien@example.co.uk" })),
    ).toEqual([]);
    expect(
      deliveryFieldProblems(
        parse({ preference_overrides: ['sms'], recipient_phone_number: '07700 900123', sms_text: 'Hi' }),
      ),
    ).toEqual([]);
    expect(
      deliveryFieldProblems(
        parse({ preference_overrides: ['sms'], recipient_phone_number: '020 7946 0000', sms_text: 'Hi' }),
      )[0]?.field,
    ).toBe('recipient_phone_number');
    expect(
      deliveryFieldProblems(parse({ preference_overrides: ['sms'], recipient_phone_number: '12345', sms_text: '' })),
    ).toHaveLength(2);
  });

  it('keeps the scheduling window: not past, 1 minute to 2,580,000,000 ms ahead', () => {
    const now = Date.UTC(2026, 10, 23, 12, 0, 0);
    const at = (ms: number) => ({ scheduled_delivery_date_time: Math.floor((now + ms) / 1000) });
    expect(scheduledRunAt(at(-60_000), now).problem).toBe('The delivery time is in the past.');
    expect(scheduledRunAt(at(30_000), now).problem).toBe('Choose a time at least 1 minute from now.');
    expect(scheduledRunAt(at(60_000), now)).toEqual({ at: now + 60_000, problem: null });
    expect(scheduledRunAt(at(SCHEDULE_MAX_AHEAD_MS), now).problem).toBeNull();
    expect(scheduledRunAt(at(SCHEDULE_MAX_AHEAD_MS + 1000), now).problem).toBe(
      'Choose a time at most 30 days from now.',
    );
    // The spec's default request: the time now (in seconds) and no delay means now.
    expect(
      scheduledRunAt({ scheduled_delivery_date_time: Math.floor(now / 1000), schedule_time_delay: 0 }, now),
    ).toEqual({ at: null, problem: null });
    expect(scheduledRunAt({ schedule_time_delay: 120 }, now)).toEqual({ at: now + 120_000, problem: null });
  });

  it('formats the scheduled time in UK time, dd.MM.yy | hh:mm a', () => {
    expect(formatUkDateTime(new Date(Date.UTC(2026, 10, 24, 9, 5)))).toBe('24.11.26 | 09:05 AM');
    // British Summer Time: 13:30 UTC is 14:30 in London.
    expect(formatUkDateTime(new Date(Date.UTC(2026, 6, 1, 13, 30)))).toBe('01.07.26 | 02:30 PM');
    expect(formatUkDateTime(new Date(Date.UTC(2026, 11, 31, 0, 15)))).toBe('31.12.26 | 12:15 AM');
  });
});

describe('letter status during a delivery', () => {
  it('follows the channels', () => {
    expect(letterStatusForDelivery([{ channel: 'email', state: 'queued' }], false)).toBe('Sending as Email Attachment');
    expect(
      letterStatusForDelivery(
        [
          { channel: 'mail', state: 'handed_over' },
          { channel: 'email', state: 'queued' },
        ],
        false,
      ),
    ).toBe('Delivering');
    expect(letterStatusForDelivery([{ channel: 'mail', state: 'handed_over' }], false)).toBe('Posting');
    expect(letterStatusForDelivery([{ channel: 'mail', state: 'succeeded' }], false)).toBe('Posted');
    expect(letterStatusForDelivery([{ channel: 'email', state: 'succeeded' }], false)).toBe('Sent as Email Attachment');
    expect(letterStatusForDelivery([{ channel: 'email', state: 'succeeded' }], true)).toBe('Delivered');
    expect(
      letterStatusForDelivery(
        [
          { channel: 'mail', state: 'failed' },
          { channel: 'sms', state: 'handed_over' },
        ],
        false,
      ),
    ).toBe('Delivered');
    expect(
      letterStatusForDelivery(
        [
          { channel: 'mail', state: 'failed' },
          { channel: 'sms', state: 'failed' },
        ],
        false,
      ),
    ).toBe('Failed to Deliver');
  });
});

describe('revoking a letter’s links (issue 24 item 12)', () => {
  it('is for whoever may send the letter', () => {
    expect(canRevokeCloudLink(['see_letters', 'send_letter'])).toBe(true);
    expect(canRevokeCloudLink(new Set(['send_letter']))).toBe(true);
    expect(canRevokeCloudLink(['see_letters', 'approve'])).toBe(false);
    expect(canRevokeCloudLink([])).toBe(false);
  });

  it('names who revoked it in the timeline', () => {
    expect(DELIVERY_MESSAGES.cloudLinkRevokedBy('Ada Lovelace')).toBe('Cloud link revoked by Ada Lovelace');
  });
});
