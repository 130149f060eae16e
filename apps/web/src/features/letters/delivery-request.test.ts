import {
  DELIVERY_MESSAGES,
  DELIVERY_TIME_DEFAULT,
  deliverRequestSchema,
  MESSAGES,
  SCHEDULE_MAX_AHEAD_MS,
  scheduledRunAt,
} from '@lp/domain';
import { describe, expect, it } from 'vitest';
import { toDateTimeLocal } from '../../lib/dates';
import { bulkSummary, toBulkRequest } from './bulk-deliver-dialog';
import {
  DELIVERY_TEXT,
  type DeliveryValues,
  defaultDeliveryValues,
  deliveryProblems,
  quotableRequest,
  toDeliverRequest,
} from './delivery-request';

const NOW = new Date('2026-11-21T10:00:00Z').getTime();

function values(over: Partial<DeliveryValues> = {}): DeliveryValues {
  return { ...defaultDeliveryValues(false, NOW), ...over };
}

const problems = (v: DeliveryValues) => Object.fromEntries(deliveryProblems(v, NOW).map((p) => [p.field, p.message]));

describe('the delivery form → POST /api/letters/deliver body', () => {
  it('defaults to mail now, leaving postage and colour to the company preferences', () => {
    const body = toDeliverRequest(values(), 'l1');
    expect(body).toEqual({ uuid: 'l1', preference_overrides: ['mail'] });
    expect(deliverRequestSchema.safeParse(body).success).toBe(true);
    expect(defaultDeliveryValues(true, NOW).channels).toEqual([]);
  });

  it('defaults to the time "now" with delay 0 (part 1 section 9), which the server reads as now', () => {
    expect(DELIVERY_TIME_DEFAULT).toEqual({ when: 'now', delaySeconds: 0 });
    expect(values().when).toBe('now');
    const body = deliverRequestSchema.parse(toDeliverRequest(values(), 'l1'));
    expect(body.scheduled_delivery_date_time ?? null).toBeNull();
    expect(body.schedule_time_delay ?? DELIVERY_TIME_DEFAULT.delaySeconds).toBe(0);
    expect(scheduledRunAt(body, NOW)).toEqual({ at: null, problem: null });
    // The spec's own default request (scheduled time now in seconds, delay 0) means now too.
    expect(
      scheduledRunAt({ scheduled_delivery_date_time: Math.floor(NOW / 1000), schedule_time_delay: 0 }, NOW),
    ).toEqual({ at: null, problem: null });
  });

  it('sends every channel in the domain order with only its own options', () => {
    const body = toDeliverRequest(
      values({
        channels: ['cloud_link', 'sms', 'email', 'mail'],
        postage: 'standard',
        colour: 'black_and_white',
        email_link: true,
        recipient_email: ' ada@example.com ',
        subject: 'Your invoice',
        message_to_recipient: 'Please find it here.',
        recipient_phone_number: '07700 900123',
        sms_text: 'Your letter is ready',
        cloud_link_expiry_days: '7',
      }),
      'l1',
    );
    expect(body).toEqual({
      uuid: 'l1',
      preference_overrides: ['mail', 'email', 'sms', 'cloud_link'],
      is_premium: false,
      is_colour: false,
      is_cloud_link: true,
      recipient_email: 'ada@example.com',
      subject: 'Your invoice',
      message_to_recipient: 'Please find it here.',
      recipient_phone_number: '07700 900123',
      sms_text: 'Your letter is ready',
      cloud_link_expiry_days: 7,
    });
    expect(deliverRequestSchema.safeParse(body).success).toBe(true);
    // Options of channels not chosen are left out.
    expect(
      toDeliverRequest(
        values({ channels: ['email'], postage: 'premium', recipient_email: 'a@b.co', sms_text: 'x' }),
        'l1',
      ),
    ).toEqual({ uuid: 'l1', preference_overrides: ['email'], recipient_email: 'a@b.co' });
  });

  it('a scheduled delivery carries its time in epoch seconds (not in the quote)', () => {
    const at = new Date(NOW + 2 * 60 * 60 * 1000);
    const v = values({ when: 'scheduled', scheduled_at: toDateTimeLocal(at) });
    expect(toDeliverRequest(v, 'l1').scheduled_delivery_date_time).toBe(Math.floor(at.getTime() / 1000));
    expect(toDeliverRequest(v, 'l1', { forQuote: true })).not.toHaveProperty('scheduled_delivery_date_time');
    expect(toDeliverRequest(values(), 'l1')).not.toHaveProperty('scheduled_delivery_date_time');
  });
});

describe('the delivery form checks (part 1 section 5)', () => {
  it('needs a channel', () => {
    expect(problems(values({ channels: [] }))).toEqual({ channels: DELIVERY_MESSAGES.noChannel });
    expect(problems(values())).toEqual({});
  });

  it("email needs the recipient's valid address", () => {
    expect(problems(values({ channels: ['email'] }))).toEqual({
      recipient_email: DELIVERY_MESSAGES.recipientEmailRequired,
    });
    expect(problems(values({ channels: ['email'], recipient_email: 'nope' }))).toEqual({
      recipient_email: DELIVERY_MESSAGES.recipientEmailInvalid,
    });
    expect(problems(values({ channels: ['email'], recipient_email: 'a@b.co', subject: 'x'.repeat(201) }))).toEqual({
      subject: MESSAGES.maxLength(200),
    });
  });

  it('a text message needs a UK mobile and its text', () => {
    expect(problems(values({ channels: ['sms'] }))).toEqual({
      recipient_phone_number: DELIVERY_MESSAGES.phoneRequired,
      sms_text: DELIVERY_MESSAGES.smsTextRequired,
    });
    expect(problems(values({ channels: ['sms'], recipient_phone_number: '12345', sms_text: 'Hi' }))).toEqual({
      recipient_phone_number: DELIVERY_MESSAGES.phoneInvalid,
    });
    expect(problems(values({ channels: ['sms'], recipient_phone_number: '020 7946 0000', sms_text: 'Hi' }))).toEqual({
      recipient_phone_number: DELIVERY_MESSAGES.phoneNotMobile,
    });
    expect(problems(values({ channels: ['sms'], recipient_phone_number: '+44 7700 900123', sms_text: 'Hi' }))).toEqual(
      {},
    );
  });

  it('a cloud link lasts 1 to 90 days', () => {
    for (const days of ['0', '91', '2.5', '', 'x'])
      expect(problems(values({ channels: ['cloud_link'], cloud_link_expiry_days: days }))).toEqual({
        cloud_link_expiry_days: DELIVERY_TEXT.cloudLinkDaysInvalid,
      });
    expect(problems(values({ channels: ['cloud_link'], cloud_link_expiry_days: '90' }))).toEqual({});
  });

  it('a scheduled time is not in the past, at least 1 minute and at most 30 days ahead', () => {
    const at = (ms: number) => values({ when: 'scheduled', scheduled_at: toDateTimeLocal(new Date(NOW + ms)) });
    expect(problems(at(-60 * 60 * 1000))).toEqual({ scheduled_at: DELIVERY_MESSAGES.scheduleInPast });
    expect(problems(at(0))).toEqual({ scheduled_at: DELIVERY_MESSAGES.scheduleTooSoon });
    expect(problems(at(30_000))).toEqual({ scheduled_at: DELIVERY_MESSAGES.scheduleTooSoon });
    expect(problems(at(2 * 60_000))).toEqual({});
    expect(problems(at(SCHEDULE_MAX_AHEAD_MS + 60_000))).toEqual({ scheduled_at: DELIVERY_MESSAGES.scheduleTooLate });
    expect(problems(values({ when: 'scheduled', scheduled_at: '' }))).toEqual({ scheduled_at: MESSAGES.required });
  });

  it('is priced only once complete (the time does not matter)', () => {
    expect(quotableRequest(values({ channels: [] }), 'l1')).toBeNull();
    expect(quotableRequest(values({ channels: ['email'] }), 'l1')).toBeNull();
    expect(quotableRequest(values({ when: 'scheduled', scheduled_at: '' }), 'l1')).toEqual({
      uuid: 'l1',
      preference_overrides: ['mail'],
    });
  });
});

describe('bulk deliver', () => {
  const bulk = { mail: true, cloudLink: false, premium: true, colour: true, when: 'now' as const, scheduledAt: '' };

  it('maps the choices to POST /api/letters/deliver/bulk', () => {
    expect(toBulkRequest(['a', 'b'], bulk)).toEqual({
      uuids: ['a', 'b'],
      preference_overrides: ['mail'],
      is_premium: true,
      is_colour: true,
    });
    const at = new Date(NOW + 60 * 60 * 1000);
    expect(
      toBulkRequest(['a'], {
        ...bulk,
        mail: false,
        cloudLink: true,
        when: 'scheduled',
        scheduledAt: toDateTimeLocal(at),
      }),
    ).toEqual({
      uuids: ['a'],
      preference_overrides: ['cloud_link'],
      scheduled_delivery_date_time: Math.floor(at.getTime() / 1000),
    });
  });

  it('sums up the answers with the first refusal', () => {
    expect(
      bulkSummary(
        [
          { uuid: 'a', ok: true, status: 'Delivering', message: 'OK' },
          { uuid: 'b', ok: false, status: null, message: DELIVERY_MESSAGES.alreadySent },
          { uuid: 'c', ok: false, status: null, message: DELIVERY_MESSAGES.notDeliverable },
        ],
        false,
      ),
    ).toBe(`1 delivered, 2 refused: ${DELIVERY_MESSAGES.alreadySent}`);
    expect(bulkSummary([{ uuid: 'a', ok: true, status: 'x', message: 'OK' }], true)).toBe('1 scheduled, 0 refused');
  });
});

describe('letterhead', () => {
  it('sends the chosen letterhead and where it goes, not for the quote', async () => {
    const { defaultDeliveryValues, toDeliverRequest } = await import('./delivery-request');
    const values = {
      ...defaultDeliveryValues(false),
      letterhead: 'primary' as const,
      letterhead_placement: 'every_page' as const,
    };
    expect(toDeliverRequest(values, 'l1')).toMatchObject({ letterhead: 'primary', letterhead_placement: 'every_page' });
    expect(toDeliverRequest(values, 'l1', { forQuote: true })).not.toHaveProperty('letterhead');
    expect(toDeliverRequest(defaultDeliveryValues(false), 'l1')).not.toHaveProperty('letterhead');
  });
});
