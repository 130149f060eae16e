import { createHash } from 'node:crypto';

/**
 * The sandbox's demo company: the same UK customers and sales invoices in every sandboxed
 * accounting provider, each provider's copy with its own ids (per tenant, so two companies
 * connected to the sandbox never share a record id, as two real organisations never do). Names
 * carry apostrophes, accents and Welsh and Polish letters; some customers have no email. Dates
 * follow today, so some invoices are always coming due and some overdue.
 */

export interface DemoContact {
  index: number;
  name: string;
  firstName: string | null;
  lastName: string | null;
  email: string | null;
  phone: string | null;
  lines: string[];
  town: string;
  region: string | null;
  postcode: string;
}

export interface DemoLine {
  description: string;
  quantity: number;
  /** Pence, before VAT. */
  unit: number;
  /** VAT rate in percent (20, 5 or 0). */
  vatRate: number;
}

export interface DemoInvoice {
  index: number;
  contact: number;
  /** Days before today it was issued. */
  issuedDaysAgo: number;
  termsDays: number;
  lines: DemoLine[];
  /** Pence paid so far (the total: paid). */
  paidPence: 'all' | number;
  /** Not a sales invoice a provider would offer: a draft, a voided one, or a supplier's bill (Xero). */
  kind: 'sale' | 'draft' | 'void' | 'bill';
  reference: string | null;
}

/** [name, email, phone, lines..., town, region, postcode] */
type Row = [string, string | null, string | null, string[], string, string | null, string];

const CONTACTS: Row[] = [
  [
    "Siobhan O'Neill",
    'siobhan.oneill@example.co.uk',
    '0117 496 0123',
    ['14 Clifton Down Road'],
    'Bristol',
    null,
    'BS8 3HT',
  ],
  ['Zoë Brontë-Hughes', null, null, ['Flat 3', '22 Marchmont Crescent'], 'Edinburgh', null, 'EH9 1HG'],
  [
    'Café Olé Ltd',
    'accounts@cafe-ole.example.co.uk',
    '0161 496 0456',
    ['Unit 4, The Old Brewery', '12 Mill Lane'],
    'Stockport',
    'Cheshire',
    'SK4 1AX',
  ],
  [
    'Gareth Llywelyn-Jones',
    'gareth@llywelyn.example.co.uk',
    '029 2018 0765',
    ['Tŷ Gwyn', '5 Heol y Deri'],
    'Cardiff',
    null,
    'CF14 6HF',
  ],
  [
    'Dr Aoife Ní Bhriain',
    'aoife.nibhriain@example.com',
    '028 9018 0321',
    ['7 Malone Avenue'],
    'Belfast',
    null,
    'BT9 6EN',
  ],
  ['Renée Dubois', null, '07700 900123', ['41 Lark Lane'], 'Liverpool', null, 'L17 8UU'],
  [
    "O'Brien & Sons Plumbing",
    'office@obrien-plumbing.example.co.uk',
    '01536 496 012',
    ['88 High Street'],
    'Kettering',
    'Northamptonshire',
    'NN16 8SS',
  ],
  ['José Martínez', 'jose.martinez@example.com', '07700 900456', ['3 Canal Street'], 'Manchester', null, 'M1 3HE'],
  [
    'Chloë Fairweather',
    'chloe@fairweather.example.co.uk',
    null,
    ['The Coach House', 'Church Road', 'Wimbledon'],
    'London',
    null,
    'SW19 5AE',
  ],
  ["Mrs Margaret D'Arcy", null, '01225 496 0789', ['19 Royal Crescent'], 'Bath', null, 'BA1 2LR'],
  [
    'Søren Andersen',
    'soren.andersen@example.com',
    '0191 498 0234',
    ['12 Jesmond Road'],
    'Newcastle upon Tyne',
    null,
    'NE2 1NL',
  ],
  [
    'Penrose & Kettle LLP',
    'finance@penrosekettle.example.co.uk',
    '0121 496 0567',
    ['2nd Floor', '100 Colmore Row'],
    'Birmingham',
    null,
    'B3 3AG',
  ],
  ['Éamonn MacGiolla', 'eamonn@example.co.uk', '0141 496 0890', ['23 Great Western Road'], 'Glasgow', null, 'G4 9AW'],
  ['Ffion Pryce', 'ffion.pryce@example.co.uk', '01286 496 012', ['6 Stryd Fawr'], 'Caernarfon', 'Gwynedd', 'LL55 1RN'],
  ['Hannah Müller', null, null, ['9 Trumpington Street'], 'Cambridge', null, 'CB2 1QA'],
  [
    "The Mermaid's Tale Bookshop",
    'hello@mermaidstale.example.co.uk',
    '01736 496 345',
    ['27 Fore Street'],
    'St Ives',
    'Cornwall',
    'TR26 1HE',
  ],
  ['Nadia Haddad', 'nadia.haddad@example.com', '07700 900789', ['54 Stokes Croft'], 'Bristol', null, 'BS1 3QY'],
  [
    'Björn Lindqvist',
    'bjorn@lindqvist.example.co.uk',
    '0113 496 0678',
    ['15 Headingley Lane'],
    'Leeds',
    null,
    'LS6 1BL',
  ],
  ["Kieran O'Sullivan", null, '01743 496 901', ['8 Castle Street'], 'Shrewsbury', 'Shropshire', 'SY1 2BQ'],
  [
    'Amélie Laurent',
    'amelie.laurent@example.com',
    '01273 496 234',
    ['31 Church Road'],
    'Hove',
    'East Sussex',
    'BN3 2FL',
  ],
  ['Priya Raman', 'priya.raman@example.co.uk', '0116 496 0567', ['120 Belgrave Road'], 'Leicester', null, 'LE4 5AT'],
  [
    "St Anne's Community Trust",
    'treasurer@stannes-trust.example.org.uk',
    '01904 496 890',
    ["St Anne's Hall", 'Vicarage Lane'],
    'York',
    null,
    'YO24 1AA',
  ],
  ['Tomás Ó Briain', 'tomas.obriain@example.com', null, ['2 Quay Street'], 'Truro', 'Cornwall', 'TR1 2HE'],
  ['Łukasz Nowak', 'lukasz.nowak@example.com', '0115 496 0123', ['47 Derby Road'], 'Nottingham', null, 'NG1 5AW'],
  ['Eilidh MacLeòid', null, '01463 496 456', ['5 Bank Street'], 'Inverness', null, 'IV1 1QE'],
  [
    'Greengage & Quince Ltd',
    'accounts@greengage-quince.example.co.uk',
    '01227 496 789',
    ['3 Orchard Yard'],
    'Canterbury',
    'Kent',
    'CT1 2HX',
  ],
  ['Noël Fitzgerald', 'noel.fitzgerald@example.com', '01865 496 012', ['62 Walton Street'], 'Oxford', null, 'OX2 6AE'],
  ['Mrs Bríd Kavanagh-Smith', null, '0113 496 0345', ['17 Park Row'], 'Leeds', null, 'LS1 5HD'],
  [
    'Dafydd ap Rhys',
    'dafydd@fferm-y-wern.example.co.uk',
    '01686 496 678',
    ['Fferm y Wern'],
    'Llanidloes',
    'Powys',
    'SY18 6HU',
  ],
  [
    'Ingrid Håkansson',
    'ingrid.hakansson@example.com',
    '023 8049 6901',
    ['Flat 12, Quayside House', '1 Canute Road'],
    'Southampton',
    null,
    'SO14 3FH',
  ],
];

const PERSON = /^(?:(?:Mrs|Mr|Ms|Dr)\s+)?(\S+)\s+(.+)$/;

export const DEMO_CONTACTS: readonly DemoContact[] = CONTACTS.map(
  ([name, email, phone, lines, town, region, postcode], index) => {
    const company = /\b(Ltd|LLP|Plumbing|Bookshop|Trust)\b/.test(name);
    const person = company ? null : PERSON.exec(name);
    return {
      index,
      name,
      firstName: person?.[1] ?? null,
      lastName: person?.[2] ?? null,
      email,
      phone,
      lines,
      town,
      region,
      postcode,
    };
  },
);

// --- More customers, made up on demand (INTEGRATIONS_SANDBOX_CONTACTS) -------------------------

const FIRST = [
  'Olivia',
  'Amelia',
  'Isla',
  'Freya',
  'Siân',
  'Niamh',
  'Aoife',
  'Saoirse',
  'Zoë',
  'Chloë',
  'Renée',
  'Anaïs',
  'Małgorzata',
  'Zofia',
  'Agnieszka',
  'Oliver',
  'George',
  'Harry',
  'Noah',
  'Arthur',
  'Muhammad',
  'Rhys',
  'Dafydd',
  'Iwan',
  'Llŷr',
  'Seán',
  'Ciarán',
  'Pádraig',
  'Łukasz',
  'Wojciech',
  'José',
  'François',
  'Jürgen',
  'Søren',
  'Priya',
  'Aarav',
  'Fatima',
  'Yusuf',
  'Mei',
  'Kwame',
  'Chidi',
  'Ffion',
  'Gwenllian',
  'Eilidh',
  'Catrìona',
  'Ruairidh',
  'Margaret',
  'Bríd',
  'Noël',
  'Hannah',
];
const LAST = [
  'Smith',
  'Jones',
  'Williams',
  'Taylor',
  'Brown',
  'Davies',
  'Evans',
  'Wilson',
  'Thomas',
  'Roberts',
  'Robinson',
  'Wright',
  'Walker',
  'Edwards',
  'Hughes',
  'Green',
  "O'Neill",
  "O'Brien",
  "O'Connor",
  "D'Souza",
  'MacDonald',
  'McAllister',
  'Ní Bhriain',
  'ap Gwilym',
  'Llewellyn',
  'Pryce',
  'Ó Súilleabháin',
  'Kowalski',
  'Wiśniewska',
  'Nowak',
  'Zieliński',
  'Brontë',
  'Müller',
  'Søndergaard',
  'Patel',
  'Khan',
  'Begum',
  'Singh',
  'Okafor',
  'Mensah',
  'Chen',
  'Nguyen',
  'Fitzgerald',
  'Kavanagh-Smith',
  'Fairweather',
  'Featherstonehaugh',
  'Llywelyn-Jones',
  'Håkansson',
];
const TRADES = [
  'Plumbing',
  'Joinery',
  'Bakery',
  'Electrical',
  'Roofing',
  'Landscaping',
  'Florists',
  'Tearooms',
  'Bookshop',
  'Veterinary Surgery',
  'Dental Practice',
  'Removals',
  'Opticians',
  'Hair & Beauty',
  'Garage',
];
const STREETS = [
  'High Street',
  'Station Road',
  'Church Lane',
  'Mill Lane',
  'Victoria Road',
  "Queen's Road",
  "St Mary's Close",
  "Bishop's Walk",
  'Abbey Mews',
  'Kingsway',
  'The Crescent',
  'Heol y Frenhines',
  'Ffordd yr Orsaf',
  'Park Row',
  'Albert Terrace',
  'Castle Street',
  'Orchard Way',
  'Marine Parade',
];
const HOUSES = ['Rose Cottage', 'Tŷ Gwyn', 'The Old Rectory', 'Ivy House', 'Glenview', 'The Coach House'];
/** [town, postcode area, first district, last district, county or null] */
const TOWNS: Array<[string, string, number, number, string | null]> = [
  ['Leeds', 'LS', 1, 29, null],
  ['Manchester', 'M', 1, 40, null],
  ['Bristol', 'BS', 1, 16, null],
  ['Cardiff', 'CF', 10, 24, null],
  ['Swansea', 'SA', 1, 9, null],
  ['Glasgow', 'G', 1, 53, null],
  ['Edinburgh', 'EH', 1, 17, null],
  ['Belfast', 'BT', 1, 17, null],
  ['Birmingham', 'B', 1, 38, null],
  ['Newcastle upon Tyne', 'NE', 1, 15, null],
  ['Norwich', 'NR', 1, 14, 'Norfolk'],
  ['York', 'YO', 1, 32, null],
  ['Exeter', 'EX', 1, 6, 'Devon'],
  ['Bangor', 'LL', 57, 57, 'Gwynedd'],
  ['Aberystwyth', 'SY', 23, 23, 'Ceredigion'],
  ['Inverness', 'IV', 1, 3, null],
  ['London', 'SW', 1, 20, null],
  ['London', 'N', 1, 22, null],
  ['Oxford', 'OX', 1, 4, null],
  ['Nottingham', 'NG', 1, 11, null],
  ['Liverpool', 'L', 1, 25, null],
  ['Truro', 'TR', 1, 1, 'Cornwall'],
];
const INWARD = 'ABDEFGHJLNPQRSTUWXYZ';

/** A small seeded generator (mulberry32): the same index gives the same customer in every process. */
function seeded(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    pick: <T>(list: readonly T[]) => list[Math.floor(next() * list.length)]!,
    int: (n: number) => Math.floor(next() * n),
  };
}

/** Letters an email address may hold: accents folded, apostrophes and spaces dropped. */
const mailPart = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/ł/g, 'l')
    .replace(/Ł/g, 'L')
    .replace(/ø/g, 'o')
    .replace(/å/g, 'a')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '');

/** The made-up customer at `index` (30 and above): people and firms across the UK, 1 in 7 without email. */
function generatedContact(index: number): DemoContact {
  const r = seeded(index * 2654435761);
  const [town, area, from, to, region] = r.pick(TOWNS);
  const postcode = `${area}${from + r.int(to - from + 1)} ${r.int(10)}${r.pick(INWARD.split(''))}${r.pick(INWARD.split(''))}`;
  const street = `${1 + r.int(180)} ${r.pick(STREETS)}`;
  const isFirm = r.next() < 0.2;
  let name: string;
  let firstName: string | null = null;
  let lastName: string | null = null;
  let lines: string[];
  if (isFirm) {
    const a = r.pick(LAST);
    const kind = r.int(3);
    name =
      kind === 0
        ? `${a} & ${r.pick(LAST)} Ltd`
        : kind === 1
          ? `${a}'s ${r.pick(TRADES)}`
          : `${town} ${r.pick(TRADES)} Ltd`;
    lines =
      r.next() < 0.5
        ? [`Unit ${1 + r.int(40)}, ${r.pick(['Riverside', 'Canal', 'Castle', 'Meadow'])} Business Park`, street]
        : [street];
  } else {
    firstName = r.pick(FIRST);
    lastName = r.pick(LAST);
    const title = r.next() < 0.1 ? `${r.pick(['Mrs', 'Mr', 'Ms', 'Dr'])} ` : '';
    name = `${title}${firstName} ${lastName}`;
    const kind = r.next();
    lines = kind < 0.15 ? [`Flat ${1 + r.int(30)}`, street] : kind < 0.25 ? [r.pick(HOUSES), street] : [street];
  }
  const domain = isFirm
    ? `${mailPart(name).slice(0, 24)}.example.co.uk`
    : r.next() < 0.5
      ? 'example.com'
      : 'example.co.uk';
  const local = isFirm ? `accounts${index}` : `${mailPart(firstName!)}.${mailPart(lastName!)}${index}`;
  const email = r.next() < 1 / 7 ? null : `${local}@${domain}`;
  const phoneKind = r.next();
  const tail = String(r.int(1000)).padStart(3, '0');
  const phone = phoneKind < 0.2 ? null : phoneKind < 0.6 ? `07700 900${tail}` : `0${113 + r.int(80)} 496 0${tail}`;
  return {
    index,
    name,
    firstName,
    lastName,
    email,
    phone,
    lines,
    town,
    region: r.next() < 0.5 ? region : null,
    postcode,
  };
}

/** The demo company's customers when it has `count` (at least the 30 above; more made up, the same every time). */
const contactSets = new Map<number, readonly DemoContact[]>();
export function demoContacts(count: number): readonly DemoContact[] {
  if (count <= DEMO_CONTACTS.length) return DEMO_CONTACTS;
  let set = contactSets.get(count);
  if (!set) {
    set = [
      ...DEMO_CONTACTS,
      ...Array.from({ length: count - DEMO_CONTACTS.length }, (_, i) => generatedContact(DEMO_CONTACTS.length + i)),
    ];
    // Keeps the sets of the counts asked lately (a process is configured with one).
    if (contactSets.size >= 4) contactSets.delete(contactSets.keys().next().value!);
    contactSets.set(count, set);
  }
  return set;
}

const L = (description: string, quantity: number, unitPounds: number, vatRate = 20): DemoLine => ({
  description,
  quantity,
  unit: Math.round(unitPounds * 100),
  vatRate,
});

export const DEMO_INVOICES: readonly DemoInvoice[] = [
  {
    contact: 0,
    issuedDaysAgo: 3,
    termsDays: 30,
    paidPence: 0,
    kind: 'sale',
    reference: 'Spring newsletter',
    lines: [
      L('A4 newsletters, full colour (box of 250)', 4, 37.5),
      L('Design and artwork', 1, 180),
      L('Delivery', 1, 12.5),
    ],
  },
  {
    contact: 2,
    issuedDaysAgo: 9,
    termsDays: 14,
    paidPence: 0,
    kind: 'sale',
    reference: 'PO 4471',
    lines: [L('Espresso machine service', 1, 145), L('Replacement group head gasket', 2, 8.75)],
  },
  {
    contact: 3,
    issuedDaysAgo: 12,
    termsDays: 30,
    paidPence: 'all',
    kind: 'sale',
    reference: null,
    lines: [L('Website maintenance (monthly)', 1, 250)],
  },
  {
    contact: 4,
    issuedDaysAgo: 20,
    termsDays: 30,
    paidPence: 0,
    kind: 'sale',
    reference: 'Clinic signage',
    lines: [L('Consultancy, half day', 2, 450), L('Travel', 1, 64.2)],
  },
  {
    contact: 6,
    issuedDaysAgo: 27,
    termsDays: 14,
    paidPence: 0,
    kind: 'sale',
    reference: 'Van livery',
    lines: [L('Vinyl livery, long-wheelbase van', 1, 895), L('Fitting', 3, 55)],
  },
  {
    contact: 7,
    issuedDaysAgo: 35,
    termsDays: 30,
    paidPence: 'all',
    kind: 'sale',
    reference: null,
    lines: [L('Guitar lessons (block of 6)', 1, 210, 0)],
  },
  {
    contact: 8,
    issuedDaysAgo: 41,
    termsDays: 30,
    paidPence: 0,
    kind: 'sale',
    reference: 'Garden room',
    lines: [L('Loft insulation, supplied and fitted', 1, 1240, 5), L('Skip hire', 1, 285)],
  },
  {
    contact: 11,
    issuedDaysAgo: 45,
    termsDays: 30,
    paidPence: 50000,
    kind: 'sale',
    reference: 'Matter 2291',
    lines: [L('Bookkeeping, quarter to 31 March', 1, 1200), L('VAT return', 1, 150)],
  },
  {
    contact: 12,
    issuedDaysAgo: 50,
    termsDays: 14,
    paidPence: 0,
    kind: 'sale',
    reference: null,
    lines: [L('Printed books: "Glasgow Tenements"', 25, 18.99, 0), L('Delivery', 1, 9.95)],
  },
  {
    contact: 15,
    issuedDaysAgo: 56,
    termsDays: 30,
    paidPence: 'all',
    kind: 'sale',
    reference: 'Summer stock',
    lines: [L("Children's picture books (mixed)", 40, 6.5, 0), L('Greetings cards (pack of 50)', 6, 32)],
  },
  {
    contact: 16,
    issuedDaysAgo: 60,
    termsDays: 30,
    paidPence: 0,
    kind: 'sale',
    reference: null,
    lines: [L('Photography, event (4 hours)', 1, 520)],
  },
  {
    contact: 17,
    issuedDaysAgo: 66,
    termsDays: 30,
    paidPence: 0,
    kind: 'sale',
    reference: 'Kitchen',
    lines: [L('Oak worktop, 3 m', 2, 310), L('Installation', 1, 240)],
  },
  {
    contact: 19,
    issuedDaysAgo: 71,
    termsDays: 30,
    paidPence: 'all',
    kind: 'sale',
    reference: null,
    lines: [L('French translation, per 1,000 words', 7, 95)],
  },
  {
    contact: 20,
    issuedDaysAgo: 77,
    termsDays: 14,
    paidPence: 0,
    kind: 'sale',
    reference: 'Shop front',
    lines: [L('Sign writing, shop fascia', 1, 680), L('Scaffold tower hire (week)', 1, 120)],
  },
  {
    contact: 21,
    issuedDaysAgo: 84,
    termsDays: 30,
    paidPence: 0,
    kind: 'sale',
    reference: 'Hall hire',
    lines: [L('Community hall hire (evening)', 6, 45, 0), L('Cleaning', 6, 15)],
  },
  {
    contact: 23,
    issuedDaysAgo: 90,
    termsDays: 30,
    paidPence: 0,
    kind: 'sale',
    reference: null,
    lines: [L('Boiler service', 1, 95), L('Thermostatic radiator valves', 4, 22.5)],
  },
  {
    contact: 25,
    issuedDaysAgo: 97,
    termsDays: 30,
    paidPence: 'all',
    kind: 'sale',
    reference: 'Wholesale order 118',
    lines: [L('Damson jam, case of 12', 10, 28.8, 0), L('Gift hampers', 5, 42)],
  },
  {
    contact: 26,
    issuedDaysAgo: 104,
    termsDays: 30,
    paidPence: 0,
    kind: 'sale',
    reference: null,
    lines: [L('Tutoring, A-level chemistry (hour)', 12, 40, 0)],
  },
  {
    contact: 28,
    issuedDaysAgo: 112,
    termsDays: 30,
    paidPence: 0,
    kind: 'sale',
    reference: 'Barn conversion',
    lines: [L('Architectural drawings', 1, 1450), L('Planning application fee (disbursement)', 1, 258, 0)],
  },
  {
    contact: 29,
    issuedDaysAgo: 120,
    termsDays: 30,
    paidPence: 'all',
    kind: 'sale',
    reference: null,
    lines: [L('Sail repair', 1, 330), L('Sailcloth, per metre', 6, 17.5)],
  },
  // What a list must leave out: a draft, a voided invoice, and two supplier bills (Xero keeps bills with invoices).
  {
    contact: 1,
    issuedDaysAgo: 1,
    termsDays: 30,
    paidPence: 0,
    kind: 'draft',
    reference: 'Draft',
    lines: [L('Proofreading', 1, 75)],
  },
  {
    contact: 5,
    issuedDaysAgo: 30,
    termsDays: 30,
    paidPence: 0,
    kind: 'void',
    reference: 'Raised in error',
    lines: [L('Window cleaning', 1, 40)],
  },
  {
    contact: 9,
    issuedDaysAgo: 14,
    termsDays: 30,
    paidPence: 0,
    kind: 'bill',
    reference: 'Stationery',
    lines: [L('Copier paper, box', 5, 24)],
  },
  {
    contact: 13,
    issuedDaysAgo: 21,
    termsDays: 30,
    paidPence: 0,
    kind: 'bill',
    reference: 'Courier',
    lines: [L('Courier account, March', 1, 86.4)],
  },
].map((inv, index) => ({ ...inv, index }) as DemoInvoice);

/** An invoice's sums in pence: per line net and VAT, then the totals and what is still due. */
export function invoiceSums(inv: DemoInvoice) {
  const lines = inv.lines.map((l) => {
    const net = Math.round(l.quantity * l.unit);
    return { ...l, net, vat: Math.round((net * l.vatRate) / 100) };
  });
  const subtotal = lines.reduce((s, l) => s + l.net, 0);
  const vat = lines.reduce((s, l) => s + l.vat, 0);
  const total = subtotal + vat;
  const paid = inv.paidPence === 'all' ? total : Math.min(inv.paidPence, total);
  return { lines, subtotal, vat, total, paid, due: total - paid };
}

/** YYYY-MM-DD of today (UTC) less `days`. */
export function daysAgo(days: number, now = new Date()): string {
  const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) - days * 86_400_000);
  return d.toISOString().slice(0, 10);
}

/** Stable hex of a seed (ids per tenant). */
export function hexOf(seed: string, length = 32): string {
  return createHash('sha256').update(seed).digest('hex').slice(0, length);
}

/** A UUID (v4 layout) made from a seed, as Xero's ids look. */
export function uuidOf(seed: string): string {
  const h = hexOf(seed, 32).split('');
  h[12] = '4';
  h[16] = '89ab'[Number.parseInt(h[16]!, 16) % 4]!;
  const s = h.join('');
  return `${s.slice(0, 8)}-${s.slice(8, 12)}-${s.slice(12, 16)}-${s.slice(16, 20)}-${s.slice(20)}`;
}

/** Digits made from a seed (QuickBooks realm ids, Google permission ids). */
export function digitsOf(seed: string, length: number): string {
  const h = createHash('sha256').update(seed).digest();
  let out = '';
  for (let i = 0; out.length < length; i++) out += String(h[i % h.length]! % 10);
  return `${out[0] === '0' ? '9' : out[0]}${out.slice(1, length)}`;
}

/** The demo company's own details, as invoices name the seller. */
export const DEMO_COMPANY = {
  name: 'Demo Company (UK)',
  lines: ['Unit 2, Riverside Business Park', 'Crown Point Road'],
  town: 'Leeds',
  postcode: 'LS10 1EL',
} as const;
