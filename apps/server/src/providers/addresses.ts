import { createHash } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { normalisePostcode } from '@lp/domain';

/**
 * Address lookup by postcode (issue 27 item 16, decision 0034): what the "Find address" picker
 * offers. Behind one interface, like the other providers: the built-in sandbox (the default) and a
 * client for Ideal Postcodes' postcode lookup (`IDEAL_POSTCODES_API_KEY`).
 */

/** One delivery point, in the fields of our address forms (parcel parties, customers, the company). */
export interface FoundAddress {
  /** The provider's id of the delivery point (Royal Mail's UDPRN where known). */
  id: string;
  line1: string;
  line2: string;
  line3: string;
  town: string;
  county: string;
  postcode: string;
}

/** The provider cannot answer now (down, timed out, our key refused or out of credit): type the address. */
export class AddressLookupUnavailableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'AddressLookupUnavailableError';
  }
}

export interface AddressLookup {
  readonly name: 'sandbox' | 'ideal-postcodes';
  /** The addresses at a (normalised) postcode, in delivery order; empty when the postcode is unknown. */
  find(postcode: string): Promise<FoundAddress[]>;
}

/** At most this many addresses are offered for one postcode (large postcodes have a few hundred). */
export const ADDRESSES_MAX = 200;

const SMALL_WORDS = new Set(['upon', 'on', 'under', 'in', 'by', 'the', 'of', 'and', 'le', 'en', 'de', 'super']);

/** PAF's upper-case post towns as people write them: "NEWCASTLE UPON TYNE" → "Newcastle upon Tyne". */
export function postTownCase(town: string): string {
  return town
    .trim()
    .toLowerCase()
    .split(/(\s+|-)/)
    .map((w, i) => (i > 0 && SMALL_WORDS.has(w) ? w : w.charAt(0).toUpperCase() + w.slice(1)))
    .join('');
}

// ---------------------------------------------------------------------------------------------
// Ideal Postcodes

export const IDEAL_POSTCODES_BASE_URL = 'https://api.ideal-postcodes.co.uk/v1';

export interface IdealPostcodesOptions {
  apiKey: string;
  baseUrl?: string;
  /** Per request (default 5 s). */
  timeoutMs?: number;
}

/** An address as Ideal Postcodes' postcode lookup answers it (the fields we read). */
interface IdealAddress {
  udprn?: unknown;
  id?: unknown;
  line_1?: unknown;
  line_2?: unknown;
  line_3?: unknown;
  post_town?: unknown;
  county?: unknown;
  postal_county?: unknown;
  traditional_county?: unknown;
  postcode?: unknown;
}

const str = (v: unknown) => (typeof v === 'string' ? v.trim() : '');

/** One of Ideal Postcodes' result rows in our fields (pure: tested with their documented JSON). */
export function fromIdealAddress(a: IdealAddress): FoundAddress | null {
  const line1 = str(a.line_1);
  const postcode = str(a.postcode);
  if (!line1 || !postcode) return null;
  const id = typeof a.udprn === 'number' ? String(a.udprn) : str(a.id) || `${postcode}:${line1}`;
  return {
    id,
    line1: line1.slice(0, 100),
    line2: str(a.line_2).slice(0, 100),
    line3: str(a.line_3).slice(0, 100),
    town: postTownCase(str(a.post_town)).slice(0, 60),
    county: (str(a.county) || str(a.postal_county) || str(a.traditional_county)).slice(0, 60),
    postcode: normalisePostcode(postcode),
  };
}

/**
 * Ideal Postcodes' postcode lookup, as documented: GET {base}/postcodes/{postcode}?api_key={key}
 * answers 200 `{ result: [address…], code: 2000, message: "Success" }`; an unknown postcode 404
 * `{ code: 4040, message: "Postcode Not Found" }`; 401 `{ code: 4010 }` an invalid key; 402
 * `{ code: 4020 | 4021 }` no lookups left or a daily limit reached; 429 too many requests. Everything
 * but 200 and 404 is "unavailable" (the user types the address); the key never appears in an error.
 */
export function createIdealPostcodesLookup(options: IdealPostcodesOptions): AddressLookup {
  const base = (options.baseUrl ?? IDEAL_POSTCODES_BASE_URL).replace(/\/+$/, '');
  const timeoutMs = options.timeoutMs ?? 5000;
  return {
    name: 'ideal-postcodes',
    async find(postcode) {
      const url = `${base}/postcodes/${encodeURIComponent(normalisePostcode(postcode))}?api_key=${encodeURIComponent(options.apiKey)}`;
      let res: Response;
      try {
        res = await fetch(url, { headers: { accept: 'application/json' }, signal: AbortSignal.timeout(timeoutMs) });
      } catch (error) {
        const timedOut = (error as Error).name === 'TimeoutError';
        throw new AddressLookupUnavailableError(
          timedOut ? 'Ideal Postcodes did not answer in time.' : 'Ideal Postcodes could not be reached.',
        );
      }
      const body = (await res.json().catch(() => null)) as {
        result?: unknown;
        code?: unknown;
        message?: unknown;
      } | null;
      if (res.status === 404) return [];
      if (res.status !== 200) {
        const code = typeof body?.code === 'number' ? ` (code ${body.code})` : '';
        throw new AddressLookupUnavailableError(`Ideal Postcodes answered ${res.status}${code}.`);
      }
      if (!Array.isArray(body?.result))
        throw new AddressLookupUnavailableError('Ideal Postcodes answered without a result.');
      return (body.result as IdealAddress[])
        .map((a) => (a && typeof a === 'object' ? fromIdealAddress(a) : null))
        .filter((a): a is FoundAddress => a !== null)
        .slice(0, ADDRESSES_MAX);
    },
  };
}

// ---------------------------------------------------------------------------------------------
// The sandbox

/** Delivery points of a few well-known postcodes, as Royal Mail's file lists them. */
const KNOWN: Record<string, ReadonlyArray<Omit<FoundAddress, 'id' | 'postcode'>>> = {
  'SW1A 2AA': [{ line1: '10 Downing Street', line2: '', line3: '', town: 'London', county: '' }],
  'SW1A 1AA': [{ line1: 'Buckingham Palace', line2: '', line3: '', town: 'London', county: '' }],
  'EC1M 4BF': [
    { line1: 'Unit 1', line2: "12 St John's Lane", line3: '', town: 'London', county: '' },
    { line1: 'Unit 2', line2: "12 St John's Lane", line3: '', town: 'London', county: '' },
    { line1: "O'Brien & Daughters Ltd", line2: "14 St John's Lane", line3: '', town: 'London', county: '' },
    { line1: "16 St John's Lane", line2: '', line3: '', town: 'London', county: '' },
  ],
  'BS1 6AP': [
    { line1: 'Unit 1, Temple Gate Trading Estate', line2: 'Temple Gate', line3: '', town: 'Bristol', county: '' },
    { line1: 'Unit 2, Temple Gate Trading Estate', line2: 'Temple Gate', line3: '', town: 'Bristol', county: '' },
    { line1: 'Unit 3, Temple Gate Trading Estate', line2: 'Temple Gate', line3: '', town: 'Bristol', county: '' },
    { line1: 'Unit 4, Temple Gate Trading Estate', line2: 'Temple Gate', line3: '', town: 'Bristol', county: '' },
  ],
  'LS11 5PS': [
    { line1: 'Flat 1', line2: '17 Rue-de-Croix Terrace', line3: 'Holbeck', town: 'Leeds', county: 'West Yorkshire' },
    { line1: 'Flat 2', line2: '17 Rue-de-Croix Terrace', line3: 'Holbeck', town: 'Leeds', county: 'West Yorkshire' },
    { line1: 'Flat 3', line2: '17 Rue-de-Croix Terrace', line3: 'Holbeck', town: 'Leeds', county: 'West Yorkshire' },
    { line1: '19 Rue-de-Croix Terrace', line2: 'Holbeck', line3: '', town: 'Leeds', county: 'West Yorkshire' },
  ],
  'EH2 2PR': [
    { line1: 'Café Névé', line2: '21 Rose Street', line3: '', town: 'Edinburgh', county: 'Midlothian' },
    { line1: '23 Rose Street', line2: '', line3: '', town: 'Edinburgh', county: 'Midlothian' },
    { line1: '25 Rose Street', line2: '', line3: '', town: 'Edinburgh', county: 'Midlothian' },
  ],
  'BT7 1JG': [
    { line1: 'Ó Floinn Bakery', line2: '3 Botanic Avenue', line3: '', town: 'Belfast', county: 'County Antrim' },
    { line1: '5 Botanic Avenue', line2: '', line3: '', town: 'Belfast', county: 'County Antrim' },
  ],
  'CF10 1BS': [
    { line1: '2 Castle Street', line2: '', line3: '', town: 'Cardiff', county: 'South Glamorgan' },
    { line1: '4 Castle Street', line2: '', line3: '', town: 'Cardiff', county: 'South Glamorgan' },
  ],
};

/** Post towns of postcode areas (the letters before the first digit), with their postal county. */
const AREAS: Record<string, [town: string, county: string]> = {
  AB: ['Aberdeen', 'Aberdeenshire'],
  B: ['Birmingham', 'West Midlands'],
  BN: ['Brighton', 'East Sussex'],
  BS: ['Bristol', ''],
  BT: ['Belfast', 'County Antrim'],
  CB: ['Cambridge', 'Cambridgeshire'],
  CF: ['Cardiff', 'South Glamorgan'],
  E: ['London', ''],
  EC: ['London', ''],
  EH: ['Edinburgh', 'Midlothian'],
  EX: ['Exeter', 'Devon'],
  G: ['Glasgow', 'Lanarkshire'],
  L: ['Liverpool', 'Merseyside'],
  LS: ['Leeds', 'West Yorkshire'],
  M: ['Manchester', 'Greater Manchester'],
  N: ['London', ''],
  NE: ['Newcastle upon Tyne', 'Tyne and Wear'],
  NG: ['Nottingham', 'Nottinghamshire'],
  NW: ['London', ''],
  OX: ['Oxford', 'Oxfordshire'],
  S: ['Sheffield', 'South Yorkshire'],
  SE: ['London', ''],
  SW: ['London', ''],
  W: ['London', ''],
  WC: ['London', ''],
  YO: ['York', 'North Yorkshire'],
};
const OTHER_TOWNS: ReadonlyArray<[string, string]> = [
  ['Reading', 'Berkshire'],
  ['Norwich', 'Norfolk'],
  ['Derby', 'Derbyshire'],
  ['Swansea', 'West Glamorgan'],
  ['Plymouth', 'Devon'],
  ['Stoke-on-Trent', 'Staffordshire'],
];
const STREETS = [
  'High Street',
  'Station Road',
  'Church Lane',
  "St Mary's Road",
  'Victoria Terrace',
  'Mill Lane',
  'Queen’s Drive',
  'Park View',
  'Orchard Close',
  'Brunswick Square',
];
const BUILDINGS = ['Rose Cottage', 'The Old Rectory', 'Ivy House', 'Ty Gwyn', 'Àird Bheag'];

/**
 * The built-in stand-in (the default): the well-known postcodes above answer their own addresses;
 * any other real-shaped postcode answers a street of 6 to 14 houses made from the postcode itself
 * (the same every time, its area's post town); postcodes the postcode sandbox says do not exist
 * (the ZZ area, inward code 9ZZ) answer none. It answers after a latency like the other sandboxes.
 */
export function createSandboxAddressLookup(latencyMs = 150): AddressLookup {
  return {
    name: 'sandbox',
    async find(input) {
      if (latencyMs > 0) await sleep(Math.round(latencyMs / 3 + Math.random() * ((2 * latencyMs) / 3)));
      const postcode = normalisePostcode(input);
      if (postcode.startsWith('ZZ') || postcode.endsWith(' 9ZZ')) return [];
      const known = KNOWN[postcode];
      if (known) return known.map((a, i) => ({ ...a, id: `sandbox:${postcode}:${i + 1}`, postcode }));
      const hash = createHash('sha256').update(postcode).digest();
      const area = /^[A-Z]{1,2}/.exec(postcode)?.[0] ?? '';
      const [town, county] = AREAS[area] ?? OTHER_TOWNS[hash[0]! % OTHER_TOWNS.length]!;
      const street = STREETS[hash[1]! % STREETS.length]!;
      const count = 6 + (hash[2]! % 9);
      // One side of the street: odd or even numbers.
      const first = 1 + (hash[3]! % 40);
      const out: FoundAddress[] = [];
      for (let i = 0; i < count; i++) {
        const n = first + i * 2;
        const named = i === 0 && hash[5]! % 3 === 0 ? BUILDINGS[hash[6]! % BUILDINGS.length]! : '';
        out.push({
          id: `sandbox:${postcode}:${n}`,
          line1: named ? named : `${n} ${street}`,
          line2: named ? `${n} ${street}` : '',
          line3: '',
          town,
          county,
          postcode,
        });
      }
      return out;
    },
  };
}
