import { describe, expect, it } from 'vitest';
import {
  COMPANY_MESSAGES,
  companyDetailsBodySchema,
  normaliseVatNumber,
  postalAddressLines,
  postalAddressSchema,
  vatNumberProblem,
} from './company.js';

describe('UK VAT numbers', () => {
  it.each([
    ['GB999999973', 'GB999999973'],
    ['gb 999 9999 73', 'GB999999973'],
    ['999 9999 73', 'GB999999973'],
    // The 9755 variant of the check (numbers issued from 2010).
    ['GB 100 0000 34', 'GB100000034'],
    ['GB999999973001', 'GB999999973001'],
    ['GBGD001', 'GBGD001'],
    ['GBHA599', 'GBHA599'],
  ])('reads %j as %s', (typed, vat) => {
    expect(normaliseVatNumber(typed)).toBe(vat);
  });

  it.each(['GB123456789', 'GB99999997', 'GBGD599', 'GBHA001', 'FR12345678901', 'GB 999 9999 7A', ''])(
    'refuses %j',
    (typed) => {
      expect(normaliseVatNumber(typed)).toBeNull();
    },
  );
});

describe('the VAT number message', () => {
  it.each([
    ['GB 123 4567 89', COMPANY_MESSAGES.vatCheckDigits],
    ['123456789012', COMPANY_MESSAGES.vatCheckDigits],
    ['GB 123 4567', COMPANY_MESSAGES.vatInvalid],
    ['FR12345678901', COMPANY_MESSAGES.vatInvalid],
  ])('%j is refused with %j', (typed, message) => {
    const r = companyDetailsBodySchema.safeParse({ postal_address: null, vat_number: typed });
    expect(r.error?.issues[0]?.message).toBe(message);
    // The web form says the same (vatNumberProblem is the one rule).
    expect(vatNumberProblem(typed)).toBe(message);
  });
});

describe('postal address', () => {
  it('normalises the postcode and lists the non-empty lines', () => {
    const a = postalAddressSchema.parse({ addressLine1: "1 St David's Road", town: 'Cardiff', postcode: 'cf101aa' });
    expect(a.postcode).toBe('CF10 1AA');
    expect(postalAddressLines(a)).toEqual(["1 St David's Road", 'Cardiff', 'CF10 1AA']);
  });

  it('refuses a postcode without the UK shape with the spec message', () => {
    const r = companyDetailsBodySchema.safeParse({
      postal_address: { addressLine1: '1 High St', town: 'Bath', postcode: 'BA1' },
      vat_number: null,
    });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toBe('Invalid Postcode');
  });
});
