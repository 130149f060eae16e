import { describe, expect, it } from 'vitest';
import {
  CLOUD_LINK_TOKEN_LENGTH,
  cloudLinkPrefix,
  cloudLinkStandIn,
  isFinalSmsStatus,
  isSmsStatus,
  isUkMobile,
  nonGsmCharacters,
  smsBody,
  smsParts,
  smsStatusAdvances,
  toE164Phone,
  toE164UK,
} from './sms.js';

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

describe('smsParts', () => {
  it('counts GSM-7 texts: 160 in one part, 153 each when split', () => {
    expect(smsParts('')).toEqual({ encoding: 'GSM-7', characters: 0, parts: 0, perPart: 160 });
    expect(smsParts('a'.repeat(160))).toEqual({ encoding: 'GSM-7', characters: 160, parts: 1, perPart: 160 });
    expect(smsParts('a'.repeat(161))).toEqual({ encoding: 'GSM-7', characters: 161, parts: 2, perPart: 153 });
    expect(smsParts('a'.repeat(459)).parts).toBe(3);
    expect(smsParts('a'.repeat(460)).parts).toBe(4);
  });

  it('keeps the GSM letters (é è ù ì ò Ç Ø ø Å å Ä Ö Ñ Ü ß É £) in GSM-7', () => {
    expect(smsParts('Cher Señor Müller, Straße 5, Øresund, Ærø, £12.50 à payer. Élodie, très bien, Ç').encoding).toBe(
      'GSM-7',
    );
    // ë is not one of them.
    expect(smsParts('Chère Zoë').encoding).toBe('UCS-2');
  });

  it('counts the extension characters ^{}\\[~]|€ as two', () => {
    const r = smsParts('Balance due: €120 [ref ~42]');
    expect(r.encoding).toBe('GSM-7');
    expect(r.characters).toBe('Balance due: €120 [ref ~42]'.length + 4);
    // 159 plain and one € is 161 septets: two parts.
    expect(smsParts(`${'a'.repeat(159)}€`).parts).toBe(2);
    expect(smsParts(`${'a'.repeat(158)}€`).parts).toBe(1);
  });

  it('makes a text UCS-2 for a fada, a curly quote from Word or an en dash', () => {
    const irish = 'Dia duit Seán, your letter from Ó Briain & Co is ready';
    expect(smsParts(irish)).toMatchObject({ encoding: 'UCS-2', characters: irish.length, parts: 1, perPart: 70 });
    const word = 'We’ve posted your invoice – please pay by Friday.';
    expect(smsParts(word).encoding).toBe('UCS-2');
    expect(smsParts('Hi Aoife Ní Bhriain').encoding).toBe('UCS-2');
    expect(nonGsmCharacters('We’ve posted it – Seán’s copy, é')).toEqual(['’', '–', 'á']);
    // 71 UCS-2 characters: two parts of 67.
    const long = `“${'a'.repeat(70)}`;
    expect(smsParts(long)).toEqual({ encoding: 'UCS-2', characters: 71, parts: 2, perPart: 67 });
    expect(smsParts(`“${'a'.repeat(69)}`).parts).toBe(1);
    expect(smsParts(`“${'a'.repeat(133)}`).parts).toBe(2);
    expect(smsParts(`“${'a'.repeat(134)}`).parts).toBe(3);
  });

  it('counts an emoji as two UTF-16 units and never splits it between parts', () => {
    expect(smsParts('Thanks 👍')).toEqual({ encoding: 'UCS-2', characters: 9, parts: 1, perPart: 70 });
    // 66 units then an emoji: 68 units in all would fit one part of 70...
    expect(smsParts(`${'a'.repeat(66)}👍`).parts).toBe(1);
    // ...but with 5 more the emoji would straddle parts 1 and 2: it moves whole to part 2.
    const t = `${'a'.repeat(66)}👍${'b'.repeat(66)}`;
    expect(smsParts(t).characters).toBe(134);
    expect(smsParts(t).parts).toBe(3);
  });

  it('counts the body sent: the text, the reply line and the link', () => {
    const link = cloudLinkStandIn(cloudLinkPrefix('https://app.letterpost.co.uk/'));
    expect(link).toBe(`https://app.letterpost.co.uk/cloud#${'x'.repeat(CLOUD_LINK_TOKEN_LENGTH)}`);
    const text = 'Your letter from Acme Ltd is ready to read:';
    expect(smsBody(text, link)).toBe(`${text}\n${link}`);
    expect(smsBody(text, link, '+447700900123')).toBe(`${text}\nReply to +447700900123\n${link}`);
    // 96 characters typed read as one part, but with the 79-character link they are sent as two.
    const typed = 'a'.repeat(96);
    expect(smsParts(typed).parts).toBe(1);
    expect(smsParts(smsBody(typed, link)).parts).toBe(2);
  });
});

describe('toE164Phone (a number to reply to)', () => {
  it('reads UK mobiles and landlines and international numbers with their +', () => {
    expect(toE164Phone('07700 900123')).toBe('+447700900123');
    expect(toE164Phone('020 7946 0000')).toBe('+442079460000');
    expect(toE164Phone('+44 (0)161 496 0000')).toBe('+441614960000');
    expect(toE164Phone('+353 1 234 5678')).toBe('+35312345678');
    expect(toE164Phone('00353 87 123 4567')).toBe('+353871234567');
  });
  it('refuses what is not a number', () => {
    for (const bad of ['', 'call me', '12345', '+44 07700 900123', '+0 123 456 789', '07700 9001ab', 'x'.repeat(41)])
      expect(toE164Phone(bad), bad).toBeNull();
  });
});
