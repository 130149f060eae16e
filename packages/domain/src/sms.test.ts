import { describe, expect, it } from 'vitest';
import { smsParts } from './prices.js';
import { isFinalSmsStatus, isSmsStatus, isUkMobile, smsStatusAdvances, toE164UK } from './sms.js';

describe('toE164UK', () => {
  it('reads UK mobiles as people type them', () => {
    for (const typed of [
      '07700 900123',
      '07700900123',
      '+44 7700 900123',
      '+447700900123',
      '0044 7700 900123',
      '00447700900123',
      '+44 (0)7700 900123',
      '(07700) 900-123',
      '07700-900-123',
      ' 07700.900.123 ',
      '+44 (0) 7700 900123',
    ])
      expect(toE164UK(typed), typed).toBe('+447700900123');
    expect(toE164UK('07624 123456')).toBe('+447624123456');
  });

  it('refuses landlines, pagers, personal numbers and numbers outside the UK rule', () => {
    for (const bad of [
      '020 7946 0000', // landline
      '0161 496 0000',
      '07700 90012', // too short for a mobile (passes the spec's rule, not a mobile)
      '077009001234', // too long
      '+4407700900123', // +44 then 0 fails the spec's rule
      '070 1234 5678', // personal numbering
      '07612 345678', // pager
      '+33 6 12 34 56 78',
      '7700900123',
      '',
      'phone me',
      '07700 9001ab',
      '+44 7700 900123 ext 2',
    ])
      expect(toE164UK(bad), bad).toBeNull();
    expect(isUkMobile('07700 900123')).toBe(true);
    expect(isUkMobile('020 7946 0000')).toBe(false);
  });
});

describe('statuses', () => {
  it('knows Twilio statuses and which are final', () => {
    expect(isSmsStatus('delivered')).toBe(true);
    expect(isSmsStatus('read')).toBe(false);
    expect(isFinalSmsStatus('sent')).toBe(false);
    expect(isFinalSmsStatus('undelivered')).toBe(true);
  });
  it('moves a status only forward, and never away from a final one', () => {
    expect(smsStatusAdvances('queued', 'sent')).toBe(true);
    expect(smsStatusAdvances('sent', 'delivered')).toBe(true);
    expect(smsStatusAdvances('sent', 'failed')).toBe(true);
    expect(smsStatusAdvances('sent', 'sent')).toBe(false);
    expect(smsStatusAdvances('sent', 'queued')).toBe(false);
    expect(smsStatusAdvances('delivered', 'sent')).toBe(false);
    expect(smsStatusAdvances('failed', 'delivered')).toBe(false);
  });
});

describe('segments (smsParts in prices.ts)', () => {
  it('counts GSM parts: 160 in one, 153 each when concatenated', () => {
    expect(smsParts('')).toBe(1);
    expect(smsParts('a'.repeat(160))).toBe(1);
    expect(smsParts('a'.repeat(161))).toBe(2);
    expect(smsParts('a'.repeat(459))).toBe(3);
    expect(smsParts('a'.repeat(460))).toBe(4);
  });
});
