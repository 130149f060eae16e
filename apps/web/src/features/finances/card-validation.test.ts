import { describe, expect, it } from 'vitest';
import {
  CARD_MESSAGES,
  cardFieldOfParam,
  formatCardNumber,
  formatExpiry,
  luhnValid,
  toSandboxCard,
  validateCard,
} from './card-validation';

const NOW = new Date(2026, 10, 21);
const GOOD = { number: '4242 4242 4242 4242', expiry: '12/30', cvc: '123' };

describe('card validation', () => {
  it('accepts a complete card', () => {
    expect(validateCard(GOOD, NOW)).toEqual({});
    expect(toSandboxCard(GOOD)).toEqual({ number: '4242424242424242', exp_month: 12, exp_year: 2030, cvc: '123' });
  });

  it('checks the number with Luhn', () => {
    expect(luhnValid('4242424242424242')).toBe(true);
    expect(luhnValid('4000000000009995')).toBe(true);
    expect(luhnValid('4242424242424241')).toBe(false);
    expect(validateCard({ ...GOOD, number: '4242 4242 4242 4241' }, NOW).number).toBe(CARD_MESSAGES.numberInvalid);
    expect(validateCard({ ...GOOD, number: '4242 4242' }, NOW).number).toBe(CARD_MESSAGES.numberIncomplete);
    expect(validateCard({ ...GOOD, number: '' }, NOW).number).toBe(CARD_MESSAGES.numberIncomplete);
  });

  it('wants an expiry month that is not over', () => {
    expect(validateCard({ ...GOOD, expiry: '11/26' }, NOW)).toEqual({});
    expect(validateCard({ ...GOOD, expiry: '10/26' }, NOW).expiry).toBe(CARD_MESSAGES.expiryPast);
    expect(validateCard({ ...GOOD, expiry: '13/30' }, NOW).expiry).toBe(CARD_MESSAGES.expiryInvalid);
    expect(validateCard({ ...GOOD, expiry: '1/3' }, NOW).expiry).toBe(CARD_MESSAGES.expiryIncomplete);
  });

  it('wants a 3 or 4 digit security code', () => {
    expect(validateCard({ ...GOOD, cvc: '1234' }, NOW)).toEqual({});
    expect(validateCard({ ...GOOD, cvc: '12' }, NOW).cvc).toBe(CARD_MESSAGES.cvcIncomplete);
    expect(validateCard({ ...GOOD, cvc: '12a' }, NOW).cvc).toBe(CARD_MESSAGES.cvcIncomplete);
  });

  it('formats as typed and maps the provider params to fields', () => {
    expect(formatCardNumber('4242424242424242')).toBe('4242 4242 4242 4242');
    expect(formatExpiry('1230')).toBe('12/30');
    expect(formatExpiry('1')).toBe('1');
    expect(cardFieldOfParam('exp_year')).toBe('expiry');
    expect(cardFieldOfParam('cvc')).toBe('cvc');
    expect(cardFieldOfParam(undefined)).toBeNull();
  });
});
