import { describe, expect, it } from 'vitest';
import {
  countryOfLine,
  countryZone,
  isRoyalMailTrackingNumber,
  isSignedService,
  isTrackedService,
  LETTER_SERVICES,
  POST_SERVICE_MESSAGES,
  readForeignAddress,
  returnReasonText,
  s10CheckDigit,
  serviceClass,
  serviceRefusal,
} from './post-services.js';
import { INSERT_MAX_SHEETS, insertSheets, PRICE_LIST, priceLetterPost } from './prices.js';

describe('prices of the Royal Mail services (decision 0037)', () => {
  it('prices each UK service from the one price list, a letter and a large letter', () => {
    for (const service of [
      'first_class',
      'second_class',
      'signed_for_first',
      'signed_for_second',
      'special_delivery',
    ] as const) {
      expect(priceLetterPost({ pages: 1, service, color: false }).total).toBe(PRICE_LIST.uk[service].letter);
      // 12 pages on both sides: 6 sheets, a large letter.
      const large = priceLetterPost({ pages: 12, service, color: false });
      expect(large.large).toBe(true);
      expect(large.total).toBe(PRICE_LIST.uk[service].large + 5 * PRICE_LIST.extraSheet.mono);
    }
    // The classes are the same prices as before issue 28.
    expect(priceLetterPost({ pages: 1, service: 'premium', color: false }).total).toBe(PRICE_LIST.letter.premium);
    expect(priceLetterPost({ pages: 1, service: 'second_class', color: false }).lines).toEqual([
      { label: '2nd class letter', pence: PRICE_LIST.letter.standard },
    ]);
    expect(priceLetterPost({ pages: 1, service: 'special_delivery', color: false }).lines[0]!.label).toBe(
      'Special Delivery Guaranteed by 1pm letter',
    );
  });

  it('prices the international services by zone, and needs the zone', () => {
    for (const zone of ['europe', 'world_1', 'world_2', 'world_3'] as const) {
      expect(priceLetterPost({ pages: 2, service: 'international_standard', color: false, zone }).total).toBe(
        PRICE_LIST.international.international_standard[zone],
      );
      expect(priceLetterPost({ pages: 2, service: 'international_tracked', color: false, zone }).total).toBe(
        PRICE_LIST.international.international_tracked[zone],
      );
    }
    expect(
      priceLetterPost({ pages: 1, service: 'international_tracked', color: false, zone: 'world_2' }).lines[0],
    ).toEqual({
      label: 'International Tracked letter, World Zone 2',
      pence: PRICE_LIST.international.international_tracked.world_2,
    });
    const large = priceLetterPost({ pages: 12, service: 'international_standard', color: false, zone: 'world_1' });
    expect(large.total).toBe(
      PRICE_LIST.international.international_standard.world_1 +
        PRICE_LIST.internationalLarge.world_1 +
        5 * PRICE_LIST.extraSheet.mono,
    );
    expect(() => priceLetterPost({ pages: 1, service: 'international_standard', color: false })).toThrow(RangeError);
  });

  it('counts a sheet a page when printed on one side', () => {
    const both = priceLetterPost({ pages: 3, service: 'second_class', color: true });
    const one = priceLetterPost({ pages: 3, service: 'second_class', color: true, duplex: false });
    expect(both.sheets).toBe(2);
    expect(one.sheets).toBe(3);
    expect(one.total - both.total).toBe(PRICE_LIST.extraSheet.color);
    expect(one.lines.at(-1)).toEqual({
      label: '2 more sheets (printed on one side)',
      pence: 2 * PRICE_LIST.extraSheet.color,
    });
    // Five pages on one side: 5 sheets, still a letter; six: a large letter.
    expect(priceLetterPost({ pages: 5, service: 'first_class', color: false, duplex: false }).large).toBe(false);
    expect(priceLetterPost({ pages: 6, service: 'first_class', color: false, duplex: false }).large).toBe(true);
  });

  it('prices an insert as its sheets, on its own line, and counts it towards a large letter', () => {
    const p = priceLetterPost({
      pages: 2,
      service: 'first_class',
      color: false,
      insert: { sheets: 2, name: 'Terms & conditions' },
    });
    expect(p.sheets).toBe(3);
    expect(p.lines).toEqual([
      { label: '1st class letter', pence: PRICE_LIST.letter.premium },
      { label: 'Insert: Terms & conditions (2 sheets)', pence: 2 * PRICE_LIST.extraSheet.mono },
    ]);
    expect(
      priceLetterPost({ pages: 8, service: 'first_class', color: false, insert: { sheets: 2, name: 'T' } }).large,
    ).toBe(true);
    expect(() =>
      priceLetterPost({ pages: 1, service: 'first_class', color: false, insert: { sheets: 3, name: 'T' } }),
    ).toThrow(RangeError);
    expect(insertSheets(3, true)).toBe(2);
    expect(insertSheets(3, false)).toBe(3);
    expect(insertSheets(4, true)).toBeLessThanOrEqual(INSERT_MAX_SHEETS);
  });
});

describe('countries and zones', () => {
  it('reads the country line, in English or its own language, and the UK’s nations as the UK', () => {
    expect(countryOfLine('France')).toBe('FR');
    expect(countryOfLine('  DEUTSCHLAND ')).toBe('DE');
    expect(countryOfLine('Éire')).toBe('IE');
    expect(countryOfLine('U.S.A.')).toBe('US');
    expect(countryOfLine('Wales')).toBe('GB');
    expect(countryOfLine('Cymru')).toBe('GB');
    expect(countryOfLine('United Kingdom')).toBe('GB');
    expect(countryOfLine('Narnia')).toBeNull();
  });

  it('puts each country in its Royal Mail zone', () => {
    expect(countryZone('IE')).toBe('europe');
    expect(countryZone('FR')).toBe('europe');
    expect(countryZone('CA')).toBe('world_1');
    expect(countryZone('AU')).toBe('world_2');
    expect(countryZone('NZ')).toBe('world_2');
    expect(countryZone('US')).toBe('world_3');
    expect(countryZone(null)).toBeNull();
    expect(countryZone('GB')).toBeNull();
  });
});

describe('foreign addresses', () => {
  it('leaves a UK address to the UK postcode check ("Tŷ Gwyn", Wales)', () => {
    expect(readForeignAddress(['Tŷ Gwyn', 'Heol y Bont', 'Aberystwyth', 'SY23 1AA', 'Wales'])).toBeNull();
    expect(readForeignAddress(['12 Acacia Avenue', 'Bristol', 'BS8 2QT'])).toBeNull();
  });

  it('checks each country’s own postcode shape', () => {
    expect(readForeignAddress(['Trinity College', 'College Green', 'Dublin 2', 'D02 X285', 'Ireland'])).toMatchObject({
      country: 'IE',
      zone: 'europe',
      postcode: 'D02 X285',
      problem: null,
    });
    expect(readForeignAddress(['8 Rue du Faubourg Saint-Honoré', '75008 Paris', 'France'])).toMatchObject({
      country: 'FR',
      postcode: '75008',
      problem: null,
    });
    expect(readForeignAddress(['Invalidenstraße 117', '10115 Berlin', 'Germany'])).toMatchObject({
      country: 'DE',
      postcode: '10115',
    });
    expect(readForeignAddress(['290 Bremner Blvd', 'Toronto ON M5V 3L9', 'Canada'])).toMatchObject({
      country: 'CA',
      zone: 'world_1',
      postcode: 'M5V 3L9',
    });
    expect(readForeignAddress(['350 Fifth Avenue', 'New York NY 10118-0110', 'USA'])).toMatchObject({
      country: 'US',
      zone: 'world_3',
      postcode: '10118-0110',
    });
    expect(readForeignAddress(['Prinsengracht 263', '1016 GV Amsterdam', 'Nederland'])).toMatchObject({
      postcode: '1016 GV',
    });
  });

  it('says what a postcode there looks like when the address has none of that shape', () => {
    expect(readForeignAddress(['Invalidenstraße 117', '1011 Berlin', 'Deutschland'])?.problem).toBe(
      'The address has no valid postcode for Germany (5 digits, such as 10115).',
    );
    expect(readForeignAddress(['290 Bremner Blvd', 'Toronto ON', 'Canada'])?.problem).toContain('M5V 3L9');
    // An Irish address without its Eircode is still delivered.
    expect(readForeignAddress(['Trinity College', 'College Green', 'Dublin 2', 'Ireland'])).toMatchObject({
      postcode: null,
      problem: null,
    });
  });

  it('posts an address as written where no shape is known', () => {
    expect(readForeignAddress(['P.O. Box 1234', 'Dubai', 'United Arab Emirates'])).toMatchObject({
      country: 'AE',
      zone: 'world_1',
      postcode: null,
      problem: null,
      unchecked: true,
    });
  });
});

describe('services and addresses', () => {
  it('refuses a UK service abroad and an international one at home, with the reason', () => {
    expect(serviceRefusal('first_class', 'FR')).toBe(POST_SERVICE_MESSAGES.ukOnly('first_class', 'FR'));
    expect(serviceRefusal('signed_for_second', 'IE')).toBe(
      'Signed For 2nd class is for UK addresses only: this letter goes to Ireland. Choose International Standard or International Tracked.',
    );
    expect(serviceRefusal('international_standard', null)).toBe(
      POST_SERVICE_MESSAGES.internationalOnly('international_standard'),
    );
    expect(serviceRefusal('international_tracked', 'AU')).toBeNull();
    expect(serviceRefusal('special_delivery', null)).toBeNull();
  });

  it('says which services are tracked and which are signed for', () => {
    expect(LETTER_SERVICES.filter(isTrackedService)).toEqual([
      'signed_for_first',
      'signed_for_second',
      'special_delivery',
      'international_tracked',
    ]);
    expect(LETTER_SERVICES.filter(isSignedService)).toEqual([
      'signed_for_first',
      'signed_for_second',
      'special_delivery',
    ]);
    expect(LETTER_SERVICES.map(serviceClass)).toEqual([
      'premium',
      'standard',
      'premium',
      'standard',
      'premium',
      'premium',
      'premium',
    ]);
  });

  it('checks Royal Mail tracking numbers by their S10 check digit', () => {
    // 4·8 + 7·6 + 3·4 + 1·2 + 2·3 + 4·5 + 8·9 + 2·7 = 200; 200 mod 11 = 2; 11 − 2 = 9.
    expect(s10CheckDigit('47312482')).toBe(9);
    // 12345678: 204 mod 11 = 6, so 5.
    expect(s10CheckDigit('12345678')).toBe(5);
    expect(isRoyalMailTrackingNumber('RR473124829GB')).toBe(true);
    expect(isRoyalMailTrackingNumber('EE123456785GB')).toBe(true);
    expect(isRoyalMailTrackingNumber('RR473124828GB')).toBe(false);
    expect(isRoyalMailTrackingNumber('RR47312482GB')).toBe(false);
  });

  it('reads return reasons', () => {
    expect(returnReasonText('gone_away')).toBe('Addressee gone away');
    expect(returnReasonText('Moved abroad')).toBe('Moved abroad');
    expect(returnReasonText(null)).toBe('No reason given');
  });
});
