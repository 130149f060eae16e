import { describe, expect, it } from 'vitest';
import {
  buildSplitProposal,
  confirmSplitSchema,
  isDateText,
  letterRanges,
  looksLikeSentence,
  proposeStarts,
  readPage,
  readPageMark,
  splitSignalLabel,
  splitStartsProblem,
  type TextItem,
  textSegments,
} from './index.js';

/** A line of words at (x, y) mm, 4 mm high, about 2 mm a character and 1 mm between words (as pdftotext gives words). */
function line(text: string, x: number, y: number): TextItem[] {
  const items: TextItem[] = [];
  let at = x;
  for (const word of text.split(' ')) {
    items.push({ text: word, x: at, y, width: word.length * 2, height: 4 });
    at += word.length * 2 + 1;
  }
  return items;
}
const lines = (specs: [string, number, number][]) => specs.flatMap(([text, x, y]) => line(text, x, y));

const BODY = [
  'Thank you for your letter about your account, which we received last week and',
  'have now looked into. We are sorry for the delay in replying to you.',
];
/** A first page: letterhead top right, the address in the window, a date, "Dear ...", body text. */
function firstPage(address: string[], opts: { addressTop?: number; dateRight?: boolean; mark?: string } = {}) {
  const top = opts.addressTop ?? 50;
  return lines([
    ['ACME WIDGETS LTD', 130, 15],
    ['1 Factory Lane, Leeds LS1 4AP', 130, 20],
    ...address.map((l, i): [string, number, number] => [l, 22, top + i * 5]),
    opts.dateRight ? ['21 November 2026', 140, top] : ['21 November 2026', 22, 100],
    [`Dear ${address[0]},`, 22, 112],
    ...BODY.map((l, i): [string, number, number] => [l, 22, 120 + i * 5]),
    ...(opts.mark ? [[opts.mark, 95, 285] as [string, number, number]] : []),
  ]);
}
/** A continuation page: a running header with the recipient's name and postcode, body text, and what `window` puts at 45-90 mm. */
function continuation(header: string, window: [string, number][] = [], mark?: string) {
  return lines([
    [header, 22, 12],
    ...BODY.map((l, i): [string, number, number] => [l, 22, 25 + i * 5]),
    ...window.map(([text, y]): [string, number, number] => [text, 22, y]),
    ['Our opening hours are nine to five, Monday to Friday, and we are closed on bank holidays.', 22, 150],
    ...(mark ? [[mark, 95, 285] as [string, number, number]] : []),
  ]);
}
const BRANCH: [string, number][] = [
  ['If you would rather visit us, our branch is at:', 45],
  ['Leeds Branch', 52],
  ['1 Park Row', 57],
  ['Leeds LS1 5HD', 62],
];

const SIOBHAN = ["Dr Siobhan O'Neill", '14 Rue Street', 'London SW1A 1AA'];
const ZOE = ['Zoë Brontë', 'Haworth Parsonage', 'Church Street', 'Keighley BD22 8DR'];
const LUKASZ = ['Łukasz Nowak', 'Flat 3', '5 Mill Lane', 'Derby', 'DE1 1AA'];
const SMITH = ['Smith & Sons Ltd', 'Unit 4', 'Leeds LS1 4AB'];

const startsOf = (pages: TextItem[][]) => proposeStarts(pages.map((p) => readPage(p))).map((s) => s.page);

describe('looksLikeSentence', () => {
  it('reads prose as sentences', () => {
    for (const line of [
      'If you would rather visit us, our branch is at:',
      'Visit us at:',
      'Can we help?',
      'Please call us on 0113 496 0000',
      'our branch is open Monday to Friday',
      'Thank you for your payment',
      'We have changed our opening hours',
      'Our branch in Leeds would be pleased to help',
      'Your account is up to date.',
      'The branch details are below',
      'Leeds Branch of the Society for the Protection of Ancient Buildings Trust',
    ])
      expect(looksLikeSentence(line), line).toBe(true);
  });
  it('never takes a name, a company or an address line for a sentence', () => {
    for (const line of [
      "Dr Siobhan O'Neill",
      'Zoë Brontë',
      'Łukasz Nowak',
      'Smith & Sons Ltd',
      'Smith & Sons Ltd.',
      'Mr J. R. R. Tolkien',
      'J. Smith',
      'Will Smith',
      'May Jones',
      'The Occupier',
      'To the Householder',
      'de la Cruz Holdings',
      'eBay UK Ltd',
      "Our Lady's Catholic Primary School",
      'Mrs Mary-Jane van der Berg',
      'The Trustees of the Smith Family Trust',
      'Leeds LS1 4AB',
      'Flat 2, 14 High Street',
      '',
    ])
      expect(looksLikeSentence(line), line).toBe(false);
  });
});

describe('reading a page', () => {
  it('segments a line at wide gaps (a right-hand block beside the address)', () => {
    const segments = textSegments(
      lines([
        ['Mr John Smith', 22, 50],
        ['Our ref: AB/1', 140, 50.5],
      ]),
    );
    expect(segments.map((l) => l.map((s) => s.text))).toEqual([['Mr John Smith', 'Our ref: AB/1']]);
  });

  it('reads "Page k of N" marks from headers and footers, not from prose', () => {
    const mark = (text: string) => readPageMark(textSegments(line(text, 22, 285)));
    expect(mark('Page 2 of 3')).toEqual({ page: 2, of: 3 });
    expect(mark('page 1/4')).toEqual({ page: 1, of: 4 });
    expect(mark("Dr Siobhan O'Neill - SW1A 1AA - Page 3 of 3")).toEqual({ page: 3, of: 3 });
    expect(mark('Please read page 2 of 3 of the terms carefully.')).toBeNull();
    expect(mark('Page 4 of 3')).toBeNull();
    expect(mark('Page 0 of 3')).toBeNull();
  });

  it('knows a date on its own', () => {
    for (const d of [
      '21 November 2026',
      '3rd March 2025',
      'Monday, 3 March 2025',
      'Date: 21/11/2026',
      'March 3, 2025',
      '2026-11-21',
    ])
      expect(isDateText(d), d).toBe(true);
    for (const d of ['21 November 2026 Direct debit £40.00', 'November', 'Page 2 of 3'])
      expect(isDateText(d), d).toBe(false);
  });

  it('a first page shows the address, the date, the salutation, and that the address opens the page', () => {
    expect(readPage(firstPage(SIOBHAN))).toMatchObject({
      mark: null,
      address: { name: "Dr Siobhan O'Neill", postcode: 'SW1A 1AA' },
      date: true,
      salutation: true,
      opensPage: true,
    });
    // A date in a right-hand block on the address's first line still counts.
    const right = readPage(firstPage(ZOE, { dateRight: true, addressTop: 42 }));
    expect(right).toMatchObject({ address: { name: 'Zoë Brontë' }, date: true, salutation: true, opensPage: true });
  });

  it('a branch address in the text of a continuation page is not a recipient that opens the page', () => {
    const reading = readPage(continuation("Dr Siobhan O'Neill SW1A 1AA", BRANCH));
    // The sentence is skipped, so the block below it reads as an address, but prose stands above it.
    expect(reading).toMatchObject({
      address: { name: 'Leeds Branch' },
      date: false,
      salutation: false,
      opensPage: false,
    });
  });

  it('a table row holding a date is no first-page date', () => {
    const page = lines([
      ['Payment history', 22, 30],
      ['1 March 2026', 22, 45],
      ['Direct debit', 70, 45],
      ['£40.00', 150, 45],
    ]);
    expect(readPage(page).date).toBe(false);
  });
});

describe('proposing the cut points', () => {
  it('the issue: letters of 1, 3, 2 and 1 pages with a branch address in the window of continuation pages give exactly 4', () => {
    const pages = [
      firstPage(SIOBHAN),
      firstPage(ZOE),
      continuation('Zoë Brontë BD22 8DR', BRANCH),
      continuation('Zoë Brontë BD22 8DR', BRANCH),
      firstPage(LUKASZ),
      continuation('Łukasz Nowak DE1 1AA', BRANCH),
      firstPage(SMITH),
    ];
    const starts = proposeStarts(pages.map((p) => readPage(p)));
    expect(starts.map((s) => s.page)).toEqual([1, 2, 5, 7]);
    expect(starts.map((s) => s.recipient)).toEqual([
      "Dr Siobhan O'Neill",
      'Zoë Brontë',
      'Łukasz Nowak',
      'Smith & Sons Ltd',
    ]);
    expect(starts[1]!.signals).toEqual(['address', 'date', 'salutation', 'opens the page']);
    expect(starts[0]!.signals[0]).toBe('first page');
  });

  it('"Page 1 of N" starts a letter and holds its next pages; "Page k of N" (k > 1) never starts one', () => {
    // The second letter's page 2 carries a block that reads as a first page (address, date, greeting).
    const fake = firstPage(['Leeds Branch', '1 Park Row', 'Leeds LS1 5HD']);
    const pages = [
      firstPage(SIOBHAN, { mark: 'Page 1 of 1' }),
      firstPage(ZOE, { mark: 'Page 1 of 3' }),
      fake,
      [...fake, ...line('Page 3 of 3', 95, 285)],
      firstPage(LUKASZ),
    ];
    const starts = proposeStarts(pages.map((p) => readPage(p)));
    expect(starts.map((s) => s.page)).toEqual([1, 2, 5]);
    expect(starts[1]!.signals[0]).toBe('page 1 of 3');
  });

  it('a later "Page k of N" counts back to its letter\'s first page, even without an address there', () => {
    const pages = [
      firstPage(SIOBHAN),
      continuation('', [], 'Page 2 of 2'),
      lines([['A letter whose address sits where no window reads it', 22, 200]]),
      continuation('', [], 'Page 2 of 3'),
      continuation('', BRANCH, 'Page 3 of 3'),
    ];
    const starts = proposeStarts(pages.map((p) => readPage(p)));
    expect(starts.map((s) => [s.page, s.signals[0]])).toEqual([
      [1, 'first page'],
      [3, 'followed by page 2 of 3'],
    ]);
  });

  it('marks that number the whole file (a merge that counted every page) are not believed', () => {
    const pages = [firstPage(SIOBHAN), continuation('x', BRANCH), firstPage(ZOE), continuation('x', BRANCH)].map(
      (p, i) => [...p, ...line(`Page ${i + 1} of 4`, 95, 285)],
    );
    expect(startsOf(pages)).toEqual([1, 3]);
  });

  it('a running header that repeats the recipient in the window needs a date or a greeting to start a letter', () => {
    const header = (name: string, postcode: string) =>
      lines([[name, 22, 48], [postcode, 22, 53], ...BODY.map((l, i): [string, number, number] => [l, 22, 70 + i * 5])]);
    const pages = [firstPage(SIOBHAN), header("Dr Siobhan O'Neill", 'London SW1A 1AA'), firstPage(ZOE)];
    expect(startsOf(pages)).toEqual([1, 3]);
    // The same recipient twice in a run, each letter with its date and greeting, stays two letters.
    expect(startsOf([firstPage(SIOBHAN), firstPage(SIOBHAN)])).toEqual([1, 2]);
  });

  it('an address alone (no date, no greeting, prose above) is not a start; a page without text joins the letter before', () => {
    const page = lines([
      ['We have written to the address below, which you gave us:', 22, 30],
      ['Mr John Smith', 22, 50],
      ['Leeds LS1 4AB', 22, 55],
    ]);
    expect(startsOf([firstPage(SIOBHAN), page, [], firstPage(ZOE)])).toEqual([1, 4]);
  });

  it('builds the proposal with the other addresses found and a note when there is one letter only', () => {
    const one = buildSplitProposal([readPage(firstPage(SIOBHAN)), readPage(continuation('x', BRANCH))], 'No second.');
    expect(one).toEqual({
      pages: 2,
      starts: [
        {
          page: 1,
          signals: ['first page', 'address', 'date', 'salutation', 'opens the page'],
          recipient: "Dr Siobhan O'Neill",
        },
      ],
      addresses: [{ page: 2, recipient: 'Leeds Branch' }],
      note: 'No second.',
    });
    expect(buildSplitProposal([readPage(firstPage(SIOBHAN)), readPage(firstPage(ZOE))], 'No second.').note).toBeNull();
  });
});

describe('the user choice', () => {
  it('checks the starts: page 1 first, in order, within the file, two letters at least', () => {
    expect(splitStartsProblem([1, 3, 5], 6)).toBeNull();
    expect(splitStartsProblem([2, 3], 6)).toBe('The first letter starts on page 1.');
    expect(splitStartsProblem([1, 3, 3], 6)).toBe('The cuts must be in page order, each page once.');
    expect(splitStartsProblem([1, 4, 3], 6)).toBe('The cuts must be in page order, each page once.');
    expect(splitStartsProblem([1, 7], 6)).toBe('The file has 6 pages.');
    expect(splitStartsProblem([1], 6)).toMatch(/two letters at least/);
    expect(splitStartsProblem([1, 2.5], 6)).toBe('Each cut must be a page number.');
    expect(confirmSplitSchema.safeParse({ starts: [1, 2] }).success).toBe(true);
    for (const starts of [[1], [2, 3], [1, 3, 2], [1, 1.5], [1, 0], 'x'])
      expect(confirmSplitSchema.safeParse({ starts }).success, JSON.stringify(starts)).toBe(false);
    expect(confirmSplitSchema.safeParse({ starts: [1, 2], extra: true }).success).toBe(false);
  });

  it('gives each letter its page range, and labels the signals for people', () => {
    expect(letterRanges([1, 2, 5, 7], 7)).toEqual([
      [1, 1],
      [2, 4],
      [5, 6],
      [7, 7],
    ]);
    expect(splitSignalLabel('page 1 of 3')).toBe('Marked "Page 1 of 3"');
    expect(splitSignalLabel('followed by page 2 of 3')).toBe('A later page is marked "Page 2 of 3"');
    expect(splitSignalLabel('salutation')).toBe('Greeting ("Dear ...")');
  });
});
