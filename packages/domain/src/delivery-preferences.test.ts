import { describe, expect, it } from 'vitest';
import {
  applyOmitRule,
  DEFAULT_DELIVERY_PREFERENCES,
  type DeliveryPreferences,
  deliveryPreferencesSchema,
  letterPreferencesOf,
  omitMailLocked,
  readDeliveryPreferences,
} from './delivery-preferences.js';

const custom: DeliveryPreferences = {
  autoSend: true,
  mail: { print: 'black_and_white', service: 'standard', omit: false },
  email: { kind: 'link', omit: true },
};

describe('delivery preferences', () => {
  it('defaults to no auto-delivery, colour, premium, attachment and both channels on', () => {
    expect(deliveryPreferencesSchema.parse({})).toEqual({
      autoSend: false,
      mail: { print: 'colour', service: 'premium', omit: false },
      email: { kind: 'attachment', omit: false },
    });
    expect(DEFAULT_DELIVERY_PREFERENCES).toEqual(deliveryPreferencesSchema.parse({}));
    expect(deliveryPreferencesSchema.parse({ mail: { service: 'standard' } }).mail).toEqual({
      print: 'colour',
      service: 'standard',
      omit: false,
    });
  });

  it('accepts a full set of preferences as given', () => {
    expect(deliveryPreferencesSchema.parse(custom)).toEqual(custom);
  });

  it('refuses unknown keys, unknown options, strings for flags and NUL characters, naming the field', () => {
    const path = (input: unknown) => {
      const r = deliveryPreferencesSchema.safeParse(input);
      expect(r.success).toBe(false);
      return r.error!.issues.map((i) => i.path.join('.'));
    };
    expect(path({ mail: { service: 'express' } })).toEqual(['mail.service']);
    expect(path({ mail: { print: 'sepia' } })).toEqual(['mail.print']);
    expect(path({ email: { kind: 'fax' } })).toEqual(['email.kind']);
    expect(path({ autoSend: 'true' })).toEqual(['autoSend']);
    expect(path({ email: { omit: 1 } })).toEqual(['email.omit']);
    expect(path({ mail: { service: 'premium\u0000' } })).toEqual(['mail.service']);
    expect(path({ extra: true })).toEqual(['']);
    expect(path({ mail: { colour: true } })).toEqual(['mail']);
    expect(path({ autoSend: null })).toEqual(['autoSend']);
    expect(deliveryPreferencesSchema.safeParse(null).success).toBe(false);
  });

  it('forces omit-mail off when both omit flags arrive on, and leaves the rest alone', () => {
    const both = { ...custom, mail: { ...custom.mail, omit: true } };
    expect(applyOmitRule(both)).toEqual({ ...custom, mail: { ...custom.mail, omit: false } });
    expect(applyOmitRule(both)).not.toBe(both);
    expect(both.mail.omit).toBe(true);
    const mailOnly = { ...custom, mail: { ...custom.mail, omit: true }, email: { ...custom.email, omit: false } };
    expect(applyOmitRule(mailOnly)).toEqual(mailOnly);
    expect(applyOmitRule(custom)).toEqual(custom);
  });

  it('locks the omit-mail switch while omit-email is on', () => {
    expect(omitMailLocked(custom)).toBe(true);
    expect(omitMailLocked(DEFAULT_DELIVERY_PREFERENCES)).toBe(false);
  });

  it('reads stored preferences: defaults when absent or broken, the omit rule applied', () => {
    expect(readDeliveryPreferences(undefined)).toEqual(DEFAULT_DELIVERY_PREFERENCES);
    expect(readDeliveryPreferences(null)).toEqual(DEFAULT_DELIVERY_PREFERENCES);
    expect(readDeliveryPreferences({ mail: { service: 'carrier pigeon' } })).toEqual(DEFAULT_DELIVERY_PREFERENCES);
    expect(readDeliveryPreferences(custom)).toEqual(custom);
    expect(readDeliveryPreferences({ mail: { omit: true }, email: { omit: true } }).mail.omit).toBe(false);
  });

  it('derives the second representation: the omit flags, premium and colour', () => {
    expect(letterPreferencesOf(DEFAULT_DELIVERY_PREFERENCES)).toEqual({
      letters: { delivery: { mail: { omit: false }, email: { omit: false } } },
      letter_postage_preferences: { premium: true, color: true },
    });
    expect(letterPreferencesOf(custom)).toEqual({
      letters: { delivery: { mail: { omit: false }, email: { omit: true } } },
      letter_postage_preferences: { premium: false, color: false },
    });
  });
});
