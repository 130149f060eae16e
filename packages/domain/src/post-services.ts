/**
 * Royal Mail's letter services (issue 28 items 2 and 3, decision 0037): 1st and 2nd class, Signed
 * For (1st or 2nd class), Special Delivery Guaranteed by 1pm, and, abroad, International Standard
 * and International Tracked, priced by Royal Mail's zones. Shared by the server (which decides) and
 * the web (which offers).
 */

/** A class of post (prices.ts's MailService): premium is 1st class, standard 2nd. */
type MailService = 'premium' | 'standard';

export const LETTER_SERVICES = [
  'first_class',
  'second_class',
  'signed_for_first',
  'signed_for_second',
  'special_delivery',
  'international_standard',
  'international_tracked',
] as const;
export type LetterService = (typeof LETTER_SERVICES)[number];

export const UK_LETTER_SERVICES = [
  'first_class',
  'second_class',
  'signed_for_first',
  'signed_for_second',
  'special_delivery',
] as const satisfies readonly LetterService[];
export const INTERNATIONAL_LETTER_SERVICES = [
  'international_standard',
  'international_tracked',
] as const satisfies readonly LetterService[];

export const LETTER_SERVICE_LABELS: Record<LetterService, string> = {
  first_class: '1st class',
  second_class: '2nd class',
  signed_for_first: 'Signed For 1st class',
  signed_for_second: 'Signed For 2nd class',
  special_delivery: 'Special Delivery Guaranteed by 1pm',
  international_standard: 'International Standard',
  international_tracked: 'International Tracked',
};

/** The class a service travels at in the UK (premium: 1st class; international mail goes by air, as 1st). */
export function serviceClass(service: LetterService): MailService {
  return service === 'second_class' || service === 'signed_for_second' ? 'standard' : 'premium';
}

/** The service of a delivery asked only for a class (is_premium), as every delivery before issue 28. */
export const classService = (service: MailService): LetterService =>
  service === 'premium' ? 'first_class' : 'second_class';

/** Services whose item has a tracking number (Royal Mail's S10 number: two letters, 9 digits, GB). */
export function isTrackedService(service: LetterService): boolean {
  return (
    service === 'signed_for_first' ||
    service === 'signed_for_second' ||
    service === 'special_delivery' ||
    service === 'international_tracked'
  );
}

/** Services whose delivery is signed for (the proof of delivery carries a name and a signature). */
export function isSignedService(service: LetterService): boolean {
  return service === 'signed_for_first' || service === 'signed_for_second' || service === 'special_delivery';
}

export const isInternationalService = (service: LetterService) =>
  (INTERNATIONAL_LETTER_SERVICES as readonly string[]).includes(service);

/** Royal Mail's international zones. */
export const POST_ZONES = ['europe', 'world_1', 'world_2', 'world_3'] as const;
export type PostZone = (typeof POST_ZONES)[number];
export const POST_ZONE_LABELS: Record<PostZone, string> = {
  europe: 'Europe',
  world_1: 'World Zone 1',
  world_2: 'World Zone 2',
  world_3: 'World Zone 3',
};

interface Country {
  name: string;
  zone: PostZone;
  /** Other ways an address writes it (its own language, abbreviations). */
  aliases?: string[];
}

/**
 * Countries an address may end with, by ISO 3166-1 alpha-2 code, in Royal Mail's zones (Europe;
 * World Zone 3 is the USA; World Zone 2 Australia, New Zealand and the Pacific; World Zone 1 the
 * rest). Not every country of the world: an address ending with another name is read as a UK
 * address (whose postcode check then says what is wrong).
 */
export const COUNTRIES: Record<string, Country> = {
  IE: { name: 'Ireland', zone: 'europe', aliases: ['Republic of Ireland', 'Éire', 'Eire'] },
  FR: { name: 'France', zone: 'europe' },
  DE: { name: 'Germany', zone: 'europe', aliases: ['Deutschland'] },
  ES: { name: 'Spain', zone: 'europe', aliases: ['España', 'Espana'] },
  IT: { name: 'Italy', zone: 'europe', aliases: ['Italia'] },
  NL: { name: 'Netherlands', zone: 'europe', aliases: ['The Netherlands', 'Nederland', 'Holland'] },
  BE: { name: 'Belgium', zone: 'europe', aliases: ['België', 'Belgique', 'Belgien'] },
  LU: { name: 'Luxembourg', zone: 'europe' },
  PT: { name: 'Portugal', zone: 'europe' },
  CH: { name: 'Switzerland', zone: 'europe', aliases: ['Schweiz', 'Suisse', 'Svizzera'] },
  AT: { name: 'Austria', zone: 'europe', aliases: ['Österreich', 'Osterreich'] },
  DK: { name: 'Denmark', zone: 'europe', aliases: ['Danmark'] },
  SE: { name: 'Sweden', zone: 'europe', aliases: ['Sverige'] },
  NO: { name: 'Norway', zone: 'europe', aliases: ['Norge'] },
  FI: { name: 'Finland', zone: 'europe', aliases: ['Suomi'] },
  IS: { name: 'Iceland', zone: 'europe', aliases: ['Ísland'] },
  PL: { name: 'Poland', zone: 'europe', aliases: ['Polska'] },
  CZ: { name: 'Czechia', zone: 'europe', aliases: ['Czech Republic', 'Česko'] },
  SK: { name: 'Slovakia', zone: 'europe', aliases: ['Slovensko'] },
  HU: { name: 'Hungary', zone: 'europe', aliases: ['Magyarország'] },
  RO: { name: 'Romania', zone: 'europe', aliases: ['România'] },
  BG: { name: 'Bulgaria', zone: 'europe' },
  GR: { name: 'Greece', zone: 'europe', aliases: ['Hellas', 'Ελλάδα'] },
  HR: { name: 'Croatia', zone: 'europe', aliases: ['Hrvatska'] },
  SI: { name: 'Slovenia', zone: 'europe', aliases: ['Slovenija'] },
  EE: { name: 'Estonia', zone: 'europe', aliases: ['Eesti'] },
  LV: { name: 'Latvia', zone: 'europe', aliases: ['Latvija'] },
  LT: { name: 'Lithuania', zone: 'europe', aliases: ['Lietuva'] },
  MT: { name: 'Malta', zone: 'europe' },
  CY: { name: 'Cyprus', zone: 'europe' },
  GI: { name: 'Gibraltar', zone: 'europe' },
  TR: { name: 'Turkey', zone: 'europe', aliases: ['Türkiye', 'Turkiye'] },
  UA: { name: 'Ukraine', zone: 'europe' },
  US: {
    name: 'United States',
    zone: 'world_3',
    aliases: ['USA', 'U.S.A.', 'United States of America', 'US', 'U.S.'],
  },
  CA: { name: 'Canada', zone: 'world_1' },
  AU: { name: 'Australia', zone: 'world_2' },
  NZ: { name: 'New Zealand', zone: 'world_2', aliases: ['Aotearoa'] },
  FJ: { name: 'Fiji', zone: 'world_2' },
  PG: { name: 'Papua New Guinea', zone: 'world_2' },
  JP: { name: 'Japan', zone: 'world_1' },
  CN: { name: 'China', zone: 'world_1', aliases: ["People's Republic of China"] },
  HK: { name: 'Hong Kong', zone: 'world_1' },
  SG: { name: 'Singapore', zone: 'world_1' },
  IN: { name: 'India', zone: 'world_1' },
  PK: { name: 'Pakistan', zone: 'world_1' },
  AE: { name: 'United Arab Emirates', zone: 'world_1', aliases: ['UAE'] },
  IL: { name: 'Israel', zone: 'world_1' },
  ZA: { name: 'South Africa', zone: 'world_1' },
  NG: { name: 'Nigeria', zone: 'world_1' },
  KE: { name: 'Kenya', zone: 'world_1' },
  BR: { name: 'Brazil', zone: 'world_1', aliases: ['Brasil'] },
  MX: { name: 'Mexico', zone: 'world_1', aliases: ['México'] },
  AR: { name: 'Argentina', zone: 'world_1' },
  KR: { name: 'South Korea', zone: 'world_1', aliases: ['Republic of Korea', 'Korea'] },
};

/** Last lines that name the UK (or a part of it): the address is a UK one. */
const UK_NAMES = [
  'United Kingdom',
  'UK',
  'U.K.',
  'Great Britain',
  'GB',
  'Britain',
  'England',
  'Wales',
  'Cymru',
  'Scotland',
  'Alba',
  'Northern Ireland',
];

const fold = (s: string) =>
  s
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[.\s]+/g, ' ')
    .trim();

const BY_NAME: Map<string, string> = new Map([
  ...Object.entries(COUNTRIES).flatMap(([code, c]) =>
    [c.name, ...(c.aliases ?? [])].map((n) => [fold(n), code] as [string, string]),
  ),
  ...UK_NAMES.map((n) => [fold(n), 'GB'] as [string, string]),
]);

/**
 * The country a line names: an ISO code of COUNTRIES, 'GB' for the UK (England, Wales, "Tŷ
 * Gwyn"'s Cymru…), or null when it names none known.
 */
export function countryOfLine(line: string): string | null {
  return BY_NAME.get(fold(line)) ?? null;
}

/** The zone of a country (null for the UK and for a country not in the table). */
export function countryZone(code: string | null | undefined): PostZone | null {
  if (!code) return null;
  return COUNTRIES[code.toUpperCase()]?.zone ?? null;
}

export const countryName = (code: string): string => COUNTRIES[code.toUpperCase()]?.name ?? code;

interface PostcodeShape {
  /** Found inside a line (the city or state may stand beside it). */
  pattern: RegExp;
  /** What the user is told a postcode there looks like. */
  example: string;
  /** Ireland: an Eircode helps but an address without one is still delivered. */
  optional?: boolean;
}

/**
 * Postcode shapes of the common countries (their postal services' published formats). A country
 * not here has no check: its address is posted as written.
 */
export const POSTCODE_SHAPES: Record<string, PostcodeShape> = {
  IE: {
    pattern: /\b(?:[AC-FHKNPRTV-Y][0-9]{2}|D6W) ?[0-9AC-FHKNPRTV-Y]{4}\b/i,
    example: 'an Eircode such as D02 X285',
    optional: true,
  },
  FR: { pattern: /\b(?:0[1-9]|[1-8][0-9]|9[0-8])[0-9]{3}\b/, example: '5 digits, such as 75008' },
  DE: { pattern: /\b[0-9]{5}\b/, example: '5 digits, such as 10115' },
  ES: { pattern: /\b(?:0[1-9]|[1-4][0-9]|5[0-2])[0-9]{3}\b/, example: '5 digits, such as 28013' },
  IT: { pattern: /\b[0-9]{5}\b/, example: '5 digits, such as 00184' },
  NL: { pattern: /\b[1-9][0-9]{3} ?(?!SA|SD|SS)[A-Z]{2}\b/i, example: '4 digits and 2 letters, such as 1012 JS' },
  BE: { pattern: /\b[1-9][0-9]{3}\b/, example: '4 digits, such as 1000' },
  LU: { pattern: /\b(?:L-)?[0-9]{4}\b/, example: '4 digits, such as L-1111' },
  PT: { pattern: /\b[1-9][0-9]{3}-[0-9]{3}\b/, example: '4 digits, a dash and 3 digits, such as 1100-148' },
  CH: { pattern: /\b[1-9][0-9]{3}\b/, example: '4 digits, such as 8001' },
  AT: { pattern: /\b[1-9][0-9]{3}\b/, example: '4 digits, such as 1010' },
  DK: { pattern: /\b[1-9][0-9]{3}\b/, example: '4 digits, such as 1050' },
  SE: { pattern: /\b[1-9][0-9]{2} ?[0-9]{2}\b/, example: '5 digits, such as 111 52' },
  NO: { pattern: /\b[0-9]{4}\b/, example: '4 digits, such as 0150' },
  FI: { pattern: /\b[0-9]{5}\b/, example: '5 digits, such as 00100' },
  PL: { pattern: /\b[0-9]{2}-[0-9]{3}\b/, example: '2 digits, a dash and 3 digits, such as 00-950' },
  US: { pattern: /\b[0-9]{5}(?:-[0-9]{4})?\b/, example: 'a ZIP code such as 10001 or 10001-1234' },
  CA: {
    pattern: /\b[ABCEGHJ-NPRSTVXY][0-9][ABCEGHJ-NPRSTV-Z] ?[0-9][ABCEGHJ-NPRSTV-Z][0-9]\b/i,
    example: 'a letter-digit code such as M5V 3L9',
  },
  AU: { pattern: /\b[0-9]{4}\b/, example: '4 digits, such as 2000' },
  NZ: { pattern: /\b[0-9]{4}\b/, example: '4 digits, such as 6011' },
  JP: { pattern: /\b[0-9]{3}-?[0-9]{4}\b/, example: '7 digits, such as 100-0001' },
  IN: { pattern: /\b[1-9][0-9]{2} ?[0-9]{3}\b/, example: '6 digits, such as 110001' },
};

export interface ForeignAddress {
  /** ISO code of COUNTRIES. */
  country: string;
  zone: PostZone;
  /** The postcode found (normalised: upper case, one space where the country writes one), or null. */
  postcode: string | null;
  /** Why the address cannot be posted as it is (its postcode does not have the country's shape), or null. */
  problem: string | null;
  /** True when no shape is known for the country: the address is posted as written. */
  unchecked: boolean;
}

/**
 * Reads the country on an address's last line and checks the postcode in the lines above it by the
 * country's own shape. Null when the last line names no foreign country (a UK address: the UK
 * postcode check applies).
 */
export function readForeignAddress(lines: readonly string[]): ForeignAddress | null {
  const kept = lines.map((l) => l.trim()).filter(Boolean);
  if (kept.length < 2) return null;
  const country = countryOfLine(kept.at(-1)!);
  if (!country || country === 'GB') return null;
  const zone = countryZone(country)!;
  const shape = POSTCODE_SHAPES[country];
  if (!shape) return { country, zone, postcode: null, problem: null, unchecked: true };
  // The postcode is on one of the two lines above the country ("75008 Paris", "Toronto ON M5V 3L9").
  for (const line of kept.slice(-3, -1).reverse()) {
    const m = shape.pattern.exec(line);
    if (m) return { country, zone, postcode: m[0].toUpperCase(), problem: null, unchecked: false };
  }
  if (shape.optional) return { country, zone, postcode: null, problem: null, unchecked: false };
  return {
    country,
    zone,
    postcode: null,
    problem: `The address has no valid postcode for ${countryName(country)} (${shape.example}).`,
    unchecked: false,
  };
}

export const POST_SERVICE_MESSAGES = {
  ukOnly: (service: LetterService, country: string) =>
    `${LETTER_SERVICE_LABELS[service]} is for UK addresses only: this letter goes to ${countryName(country)}. Choose International Standard or International Tracked.`,
  internationalOnly: (service: LetterService) =>
    `${LETTER_SERVICE_LABELS[service]} is for addresses outside the UK: this letter goes to a UK address.`,
  notOffered: (service: LetterService, partner: string) =>
    `${LETTER_SERVICE_LABELS[service]} is not offered by ${partner}, the printing service this account posts with.`,
  unknownZone: (country: string) => `Post to ${countryName(country)} cannot be priced: its zone is not known.`,
} as const;

/** Why a service cannot carry a letter to this country (null: the UK), or null when it can. */
export function serviceRefusal(service: LetterService, country: string | null): string | null {
  const abroad = !!country && country !== 'GB';
  if (abroad && !isInternationalService(service)) return POST_SERVICE_MESSAGES.ukOnly(service, country);
  if (!abroad && isInternationalService(service)) return POST_SERVICE_MESSAGES.internationalOnly(service);
  if (abroad && !countryZone(country)) return POST_SERVICE_MESSAGES.unknownZone(country);
  return null;
}

/** The S10 check digit of Royal Mail's (and the UPU's) 8-digit serial: weights 8 6 4 2 3 5 9 7. */
export function s10CheckDigit(serial: string): number {
  if (!/^[0-9]{8}$/.test(serial)) throw new RangeError('an S10 serial has 8 digits');
  const weights = [8, 6, 4, 2, 3, 5, 9, 7];
  const sum = [...serial].reduce((s, d, i) => s + Number(d) * weights[i]!, 0);
  const check = 11 - (sum % 11);
  return check === 10 ? 0 : check === 11 ? 5 : check;
}

/** True for a tracking number in Royal Mail's format: two letters, 8 digits and their check digit, GB. */
export function isRoyalMailTrackingNumber(value: string): boolean {
  const m = /^([A-Z]{2})([0-9]{8})([0-9])GB$/.exec(value);
  return !!m && s10CheckDigit(m[2]!) === Number(m[3]);
}

/** One event of a tracked letter, as Royal Mail reports it (kept with the delivery, oldest first). */
export interface MailTrackingEvent {
  /** ISO 8601. */
  at: string;
  /** The partner's status (print-status.ts) at this event. */
  status: string;
  /** Royal Mail's words ("Item received at Heathrow Mail Centre"). */
  description: string;
  location: string | null;
}

/** At most this many tracking events are kept for a letter (a real item has a dozen at most). */
export const MAIL_TRACKING_EVENTS_MAX = 50;

/** Why Royal Mail returns a letter to its sender (the reasons on its "return to sender" label). */
export const RETURN_REASONS = {
  gone_away: 'Addressee gone away',
  refused: 'Refused by the addressee',
  addressee_unknown: 'Addressee unknown',
  address_inaccurate: 'Address inaccurate or incomplete',
  not_called_for: 'Not called for',
  no_such_address: 'No such address',
} as const;
export type ReturnReason = keyof typeof RETURN_REASONS;

/** The reason as people read it ("Returned to sender: Addressee gone away"); an unknown code is shown as given. */
export const returnReasonText = (code: string | null | undefined): string =>
  code ? (RETURN_REASONS[code as ReturnReason] ?? code.slice(0, 200)) : 'No reason given';
