import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AddressLookupUnavailableError,
  createIdealPostcodesLookup,
  createSandboxAddressLookup,
  postTownCase,
} from './addresses.js';

const KEY = 'ak_test_9f3c';

/** Two rows of Ideal Postcodes' documented postcode lookup answer (GET /v1/postcodes/{postcode}). */
const ID1_1QD = [
  {
    postcode: 'ID1 1QD',
    postcode_inward: '1QD',
    postcode_outward: 'ID1',
    post_town: 'LONDON',
    dependant_locality: '',
    double_dependant_locality: '',
    thoroughfare: 'Barons Court Road',
    dependant_thoroughfare: '',
    building_number: '2',
    building_name: '',
    sub_building_name: '',
    po_box: '',
    department_name: '',
    organisation_name: '',
    udprn: 25962203,
    umprn: '',
    postcode_type: 'S',
    su_organisation_indicator: '',
    delivery_point_suffix: '1G',
    line_1: '2 Barons Court Road',
    line_2: '',
    line_3: '',
    premise: '2',
    longitude: -0.208644362766368,
    latitude: 51.4899488390558,
    eastings: 524466,
    northings: 178299,
    country: 'England',
    traditional_county: 'Greater London',
    administrative_county: '',
    postal_county: 'London',
    county: 'London',
    district: 'Hammersmith and Fulham',
    ward: 'North End',
    uprn: '34096547',
    id: 'paf_25962203',
    country_iso: 'GBR',
    country_iso_2: 'GB',
    county_code: '',
    language: 'en',
    dataset: 'paf',
  },
  {
    postcode: 'ID1 1QD',
    post_town: 'NEWCASTLE UPON TYNE',
    udprn: 25962215,
    line_1: 'Basement Flat',
    line_2: "4 O'Brien's Court",
    line_3: 'Jesmond',
    county: '',
    postal_county: '',
    traditional_county: 'Northumberland',
    id: 'paf_25962215',
    dataset: 'paf',
  },
];

let server: Server;
let base: string;
const seen: string[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    seen.push(req.url ?? '');
    const url = new URL(req.url ?? '/', 'http://x');
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (url.searchParams.get('api_key') !== KEY) return json(401, { code: 4010, message: 'Invalid Key' });
    const postcode = decodeURIComponent(url.pathname.replace('/v1/postcodes/', ''));
    if (postcode === 'ID1 1QD') return json(200, { result: ID1_1QD, code: 2000, message: 'Success' });
    if (postcode === 'ID1 KFA') return json(402, { code: 4020, message: 'Token balance depleted' });
    if (postcode === 'ID1 4RL') return json(429, { code: 4290, message: 'Rate limit reached' });
    if (postcode === 'ID1 5XX') return json(503, { code: 5030, message: 'Service unavailable' });
    if (postcode === 'ID1 BAD') {
      res.writeHead(200, { 'content-type': 'text/html' });
      return res.end('<html>oops</html>');
    }
    if (postcode === 'ID1 SLO') return void setTimeout(() => json(200, { result: [], code: 2000 }), 500);
    json(404, { code: 4040, message: 'Postcode Not Found', suggestions: ['ID1 1QD'] });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});
afterAll(
  () =>
    new Promise<void>((r) => {
      server.closeAllConnections();
      server.close(() => r());
    }),
);

describe('Ideal Postcodes client', () => {
  it('asks GET /postcodes/{postcode}?api_key=… and maps the documented rows to our fields', async () => {
    const lookup = createIdealPostcodesLookup({ apiKey: KEY, baseUrl: base });
    expect(lookup.name).toBe('ideal-postcodes');
    const found = await lookup.find('id11qd');
    expect(seen.at(-1)).toBe(`/v1/postcodes/ID1%201QD?api_key=${KEY}`);
    expect(found).toEqual([
      {
        id: '25962203',
        line1: '2 Barons Court Road',
        line2: '',
        line3: '',
        town: 'London',
        county: 'London',
        postcode: 'ID1 1QD',
      },
      {
        id: '25962215',
        line1: 'Basement Flat',
        line2: "4 O'Brien's Court",
        line3: 'Jesmond',
        town: 'Newcastle upon Tyne',
        county: 'Northumberland',
        postcode: 'ID1 1QD',
      },
    ]);
  });

  it('answers none for an unknown postcode (404, code 4040)', async () => {
    const lookup = createIdealPostcodesLookup({ apiKey: KEY, baseUrl: base });
    expect(await lookup.find('SW1A 9ZZ')).toEqual([]);
  });

  it('is unavailable, never leaking the key, when the key is refused, out of credit, limited, down, garbled or slow', async () => {
    const wrong = createIdealPostcodesLookup({ apiKey: 'ak_wrong', baseUrl: base });
    const err = await wrong.find('ID1 1QD').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AddressLookupUnavailableError);
    expect((err as Error).message).toBe('Ideal Postcodes answered 401 (code 4010).');
    const lookup = createIdealPostcodesLookup({ apiKey: KEY, baseUrl: base, timeoutMs: 200 });
    for (const [postcode, message] of [
      ['ID1 KFA', 'Ideal Postcodes answered 402 (code 4020).'],
      ['ID1 4RL', 'Ideal Postcodes answered 429 (code 4290).'],
      ['ID1 5XX', 'Ideal Postcodes answered 503 (code 5030).'],
      ['ID1 BAD', 'Ideal Postcodes answered without a result.'],
      ['ID1 SLO', 'Ideal Postcodes did not answer in time.'],
    ] as const) {
      const e = await lookup.find(postcode).catch((x: unknown) => x);
      expect(e, postcode).toBeInstanceOf(AddressLookupUnavailableError);
      expect((e as Error).message, postcode).toBe(message);
      expect((e as Error).message).not.toContain(KEY);
    }
    const nobody = createIdealPostcodesLookup({ apiKey: KEY, baseUrl: 'http://127.0.0.1:9/v1', timeoutMs: 500 });
    await expect(nobody.find('ID1 1QD')).rejects.toThrow('Ideal Postcodes could not be reached.');
  });
});

describe('sandbox address lookup', () => {
  it('answers the known postcodes’ own addresses, a stable street elsewhere, and none in the ZZ area', async () => {
    const lookup = createSandboxAddressLookup(0);
    const leeds = await lookup.find('ls115ps');
    expect(leeds.map((a) => a.line1)).toContain('Flat 2');
    expect(leeds.every((a) => a.postcode === 'LS11 5PS' && a.town === 'Leeds')).toBe(true);
    const m = await lookup.find('M1 1AE');
    expect(m.length).toBeGreaterThanOrEqual(6);
    expect(m.length).toBeLessThanOrEqual(14);
    expect(m.every((a) => a.town === 'Manchester' && a.postcode === 'M1 1AE')).toBe(true);
    expect(new Set(m.map((a) => a.id)).size).toBe(m.length);
    expect(await lookup.find('M1 1AE')).toEqual(m);
    expect(await lookup.find('ZZ1 1ZZ')).toEqual([]);
    expect(await lookup.find('LS11 9ZZ')).toEqual([]);
  });

  it('writes post towns as people do', () => {
    expect(postTownCase('NEWCASTLE UPON TYNE')).toBe('Newcastle upon Tyne');
    expect(postTownCase('STOKE-ON-TRENT')).toBe('Stoke-on-Trent');
    expect(postTownCase('WESTON-SUPER-MARE')).toBe('Weston-super-Mare');
  });
});
