import { IMPORT_MESSAGES } from '@lp/domain';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import axe from 'axe-core';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetCsrfToken } from '../../lib/api';
import { type Me, meQueryKey } from '../../lib/session';
import { testMe } from '../../test/me';
import { CustomersPage } from './customers-page';
import type { ImportPreview, ImportReport } from './import-api';
import { checkImportFile, describeFormat, IMPORT_TITLE, repeatedFields } from './import-dialog';

/** An XMLHttpRequest the test answers: upload progress, then the response. */
class FakeXhr {
  static sent: FakeXhr[] = [];
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: FormData | null = null;
  status = 0;
  responseText = '';
  withCredentials = false;
  aborted = false;
  upload: { onprogress: ((e: object) => void) | null; onload: (() => void) | null } = {
    onprogress: null,
    onload: null,
  };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name.toLowerCase()] = value;
  }
  send(body: FormData) {
    this.body = body;
    FakeXhr.sent.push(this);
  }
  abort() {
    this.aborted = true;
    this.onabort?.();
  }
  progress(fraction: number) {
    act(() => this.upload.onprogress?.({ lengthComputable: true, loaded: fraction * 1000, total: 1000 }));
    if (fraction === 1) act(() => this.upload.onload?.());
  }
  respond(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    act(() => this.onload?.());
  }
}

const PREVIEW: ImportPreview = {
  format: { kind: 'csv', delimiter: ';', encoding: 'windows-1252' },
  headers: ['Who', 'Address 1', 'Post code', 'E-mail', 'Mobile', 'Telephone'],
  mapping: {
    Who: null,
    'Address 1': 'address_line_1',
    'Post code': 'postcode',
    'E-mail': 'email',
    Mobile: 'phone',
    Telephone: 'phone',
  },
  rows_total: 3,
  sample: [
    { row: 2, values: ["Siobhán O'Neill", '12 Acacia Avenue', 'BS8 2QT', 'siobhan@example.co.uk', '7700900123', ''] },
    { row: 3, values: ['Zoë Brontë', '1 Haworth Lane', 'BD22 8DR', '', '', '01535 640000'] },
    { row: 5, values: ['=HYPERLINK("http://evil.example","Click")', '', '', 'nope', '', ''] },
  ],
};

const REPORT: ImportReport = {
  imported: 1,
  updated: 1,
  unchanged: 0,
  refused: [{ row: 5, reason: 'Email - Must be a valid email address (nope)' }],
  total: 3,
};

let listCalls: number;
beforeEach(() => {
  resetCsrfToken();
  FakeXhr.sent = [];
  listCalls = 0;
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(String(input), 'http://localhost');
      const json = (body: unknown) =>
        new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
      if (url.pathname === '/api/csrf') return json({ token: 't' });
      if (url.pathname === '/api/customers') {
        listCalls += 1;
        return json({ rows: [], count: 0, filter_options: { communications_preference: ['Mail'] } });
      }
      return new Response(null, { status: 404 });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderPage(session: Me = testMe()) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(meQueryKey, session);
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/customers']}>
        <Routes>
          <Route path="/customers" element={<CustomersPage />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

async function axeViolations(container: HTMLElement) {
  const result = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
  return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' | ')}`);
}

function csvFile(name = 'customers.csv', size = 200) {
  return new File(['x'.repeat(size)], name, { type: 'text/csv' });
}

async function openDialog() {
  fireEvent.click(await screen.findByRole('button', { name: 'Import' }));
  return screen.findByRole('dialog', { name: IMPORT_TITLE });
}

const lastXhr = () => FakeXhr.sent.at(-1)!;

function stubWidth(maxWidth: number) {
  vi.stubGlobal('matchMedia', (query: string) => {
    const m = /max-width:\s*([\d.]+)px/.exec(query);
    return {
      matches: m ? maxWidth <= Number(m[1]) : false,
      media: query,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      addListener: () => undefined,
      removeListener: () => undefined,
      onchange: null,
      dispatchEvent: () => false,
    };
  });
}

describe('importing customers', () => {
  it('uploads with progress, maps the columns in the preview, imports with progress and reports every refused row', async () => {
    const view = renderPage();
    const dialog = await openDialog();
    expect(within(dialog).getByText('Drag and drop a CSV or Excel (.xlsx) file here')).toBeTruthy();
    expect(await axeViolations(view.baseElement)).toEqual([]);

    fireEvent.change(within(dialog).getByTestId('import-file-input'), { target: { files: [csvFile()] } });
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
    const read = lastXhr();
    expect([read.method, read.url, read.headers['x-csrf-token'], read.withCredentials]).toEqual([
      'POST',
      '/api/customers/import/preview',
      't',
      true,
    ]);
    expect((read.body!.get('file') as File).name).toBe('customers.csv');
    expect(read.body!.get('mapping')).toBeNull();
    read.progress(0.5);
    expect(within(dialog).getByText('Sending the file… 50%')).toBeTruthy();
    expect(
      within(dialog).getByRole('progressbar', { name: 'Reading customers.csv' }).getAttribute('aria-valuenow'),
    ).toBe('50');
    read.progress(1);
    read.respond(200, PREVIEW);

    const heading = await within(dialog).findByRole('heading', { name: 'Match the columns' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(
      within(dialog).getByText(/customers\.csv: 3 customers \(CSV separated by semicolons, Windows-1252\)/),
    ).toBeTruthy();
    const table = within(dialog).getByRole('table', { name: 'Columns of the file' });
    expect(within(table).getByRole('rowheader', { name: 'Who' })).toBeTruthy();
    // Values are text (a formula is shown, never run), long ones shortened.
    expect(
      within(table).getByText(`Siobhán O'Neill · Zoë Brontë · =HYPERLINK("http://evil.example","Click…`),
    ).toBeTruthy();
    const who = within(dialog).getByRole('combobox', { name: 'Import “Who” as' }) as HTMLSelectElement;
    expect(who.value).toBe('');
    expect((within(dialog).getByRole('combobox', { name: 'Import “Post code” as' }) as HTMLSelectElement).value).toBe(
      'postcode',
    );
    // No name yet: said, and Import waits for it.
    expect(within(dialog).getByText(IMPORT_MESSAGES.noName)).toBeTruthy();
    const importButton = within(dialog).getByRole('button', { name: 'Import 3 customers' }) as HTMLButtonElement;
    expect(importButton.disabled).toBe(true);
    expect(within(dialog).getByText(/Phone: Mobile, Telephone/)).toBeTruthy();
    expect(await axeViolations(view.baseElement)).toEqual([]);

    fireEvent.change(who, { target: { value: 'name' } });
    fireEvent.change(within(dialog).getByRole('combobox', { name: 'Import “Telephone” as' }), {
      target: { value: '' },
    });
    expect(within(dialog).queryByText(IMPORT_MESSAGES.noName)).toBeNull();
    expect(within(dialog).queryByText(/Phone: Mobile, Telephone/)).toBeNull();
    fireEvent.click(importButton);

    await waitFor(() => expect(FakeXhr.sent).toHaveLength(2));
    const run = lastXhr();
    expect(run.url).toBe('/api/customers/import');
    expect(JSON.parse(String(run.body!.get('mapping')))).toEqual({
      Who: 'name',
      'Address 1': 'address_line_1',
      'Post code': 'postcode',
      'E-mail': 'email',
      Mobile: 'phone',
      Telephone: null,
    });
    run.progress(0.25);
    expect(within(dialog).getByText('Sending the file… 25%')).toBeTruthy();
    expect((within(dialog).getByRole('button', { name: 'Cancel' }) as HTMLButtonElement).disabled).toBe(true);
    run.progress(1);
    expect(within(dialog).getByText('Checking and saving 3 customers…')).toBeTruthy();
    expect(within(dialog).getByRole('progressbar', { name: 'Importing customers.csv' })).toBeTruthy();
    const before = listCalls;
    run.respond(200, REPORT);

    const done = await within(dialog).findByRole('heading', { name: 'Import finished' });
    await waitFor(() => expect(document.activeElement).toBe(done));
    const figures = within(dialog).getByTestId('import-figures');
    expect(Array.from(figures.querySelectorAll('dt, dd')).map((e) => e.textContent)).toEqual([
      'Imported',
      '1',
      'Updated',
      '1',
      'Refused',
      '1',
    ]);
    const refused = within(dialog).getByRole('region', { name: 'Refused rows' });
    expect(refused.tabIndex).toBe(0);
    expect(
      within(refused)
        .getAllByRole('row')
        .map((r) => r.textContent),
    ).toEqual(['RowReason', '5Email - Must be a valid email address (nope)']);
    expect(await axeViolations(view.baseElement)).toEqual([]);
    // The list shows the imported customers.
    await waitFor(() => expect(listCalls).toBeGreaterThan(before));

    fireEvent.click(within(dialog).getByRole('button', { name: 'Import another file' }));
    expect(within(dialog).getByRole('button', { name: 'Choose a file' })).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: IMPORT_TITLE })).toBeNull());
  });

  it('takes a dropped file, and says when everything was imported', async () => {
    renderPage();
    const dialog = await openDialog();
    fireEvent.drop(within(dialog).getByTestId('import-dropzone'), {
      dataTransfer: { files: [csvFile('people.xlsx')], types: ['Files'] },
    });
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
    lastXhr().respond(200, {
      ...PREVIEW,
      format: { kind: 'xlsx', sheet: 'Customers' },
      mapping: { ...PREVIEW.mapping, Who: 'name' },
    });
    expect(await within(dialog).findByText(/Excel workbook, sheet “Customers”/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Import 3 customers' }));
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(2));
    lastXhr().respond(200, { imported: 0, updated: 0, unchanged: 3, refused: [], total: 3 });
    expect(await within(dialog).findByText('Every row was imported.')).toBeTruthy();
    expect(within(dialog).getByText('Unchanged')).toBeTruthy();
  });

  it('refuses a wrong file before sending it, and shows the server’s refusals', async () => {
    renderPage();
    const dialog = await openDialog();
    const input = () => within(dialog).getByTestId('import-file-input');
    fireEvent.change(input(), { target: { files: [csvFile('old.xls')] } });
    expect(await within(dialog).findByText(IMPORT_MESSAGES.oldExcel)).toBeTruthy();
    fireEvent.change(input(), { target: { files: [csvFile('letter.pdf')] } });
    expect(await within(dialog).findByText(IMPORT_MESSAGES.onlyCsvOrXlsx)).toBeTruthy();
    fireEvent.change(input(), { target: { files: [csvFile('big.csv', 10 * 1024 * 1024 + 1)] } });
    expect(await within(dialog).findByText(IMPORT_MESSAGES.tooLarge)).toBeTruthy();
    expect(FakeXhr.sent).toHaveLength(0);

    fireEvent.change(input(), { target: { files: [csvFile()] } });
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
    lastXhr().respond(422, {
      statusCode: 422,
      code: 'VALIDATION_FAILED',
      message: 'Row 3 opens a quote (") that is never closed.',
    });
    expect(await within(dialog).findByText('Row 3 opens a quote (") that is never closed.')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Choose a file' })).toBeTruthy();

    fireEvent.change(input(), { target: { files: [csvFile()] } });
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(2));
    lastXhr().respond(200, { ...PREVIEW, mapping: { ...PREVIEW.mapping, Who: 'name' } });
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Import 3 customers' }));
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(3));
    lastXhr().respond(503, {
      statusCode: 503,
      code: 'UNAVAILABLE',
      message: 'The postcodes could not be checked now. Try again in a moment.',
    });
    // Back to the mapping, nothing lost, to try again.
    expect(
      await within(dialog).findByText('The postcodes could not be checked now. Try again in a moment.'),
    ).toBeTruthy();
    expect((within(dialog).getByRole('combobox', { name: 'Import “Who” as' }) as HTMLSelectElement).value).toBe('name');
    expect((within(dialog).getByRole('button', { name: 'Import 3 customers' }) as HTMLButtonElement).disabled).toBe(
      false,
    );
  });

  it('cancels a file being read', async () => {
    renderPage();
    const dialog = await openDialog();
    fireEvent.change(within(dialog).getByTestId('import-file-input'), { target: { files: [csvFile()] } });
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(lastXhr().aborted).toBe(true);
    expect(await within(dialog).findByRole('button', { name: 'Choose a file' })).toBeTruthy();
  });

  it('lists the columns as cards under 900 px, full screen under 700 px', async () => {
    stubWidth(600);
    const view = renderPage();
    const dialog = await openDialog();
    fireEvent.change(within(dialog).getByTestId('import-file-input'), { target: { files: [csvFile()] } });
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
    lastXhr().respond(200, PREVIEW);
    const list = await within(dialog).findByRole('list', { name: 'Columns of the file' });
    expect(within(list).getAllByTestId('import-column')).toHaveLength(6);
    expect(within(dialog).queryByRole('table')).toBeNull();
    expect(within(list).getByRole('combobox', { name: 'Import “Who” as' })).toBeTruthy();
    expect(dialog.closest('.MuiDialog-paperFullScreen, .MuiDialog-paper')?.className).toContain('FullScreen');
    expect(await axeViolations(view.baseElement)).toEqual([]);
  });

  it('offers Import only with manage_recipients; Export to whoever sees customers', async () => {
    renderPage(testMe({ abilities: ['see_recipients'] }));
    const exported = await screen.findByRole('link', { name: 'Export CSV' });
    expect(exported.getAttribute('href')).toBe('/api/customers/export.csv');
    expect(screen.queryByRole('button', { name: 'Import' })).toBeNull();
  });
});

describe('import helpers', () => {
  it('checks the file chosen, names its format, finds fields chosen twice', () => {
    expect(checkImportFile(csvFile('a.CSV'))).toBeNull();
    expect(checkImportFile(csvFile('a.xlsx'))).toBeNull();
    expect(checkImportFile(csvFile('a.csv', 0))).toBe(IMPORT_MESSAGES.empty);
    expect(describeFormat({ kind: 'csv', delimiter: ',', encoding: 'utf-8' })).toBe('CSV separated by commas, UTF-8');
    expect(describeFormat({ kind: 'csv', delimiter: '\t', encoding: 'utf-16le' })).toBe(
      'CSV separated by tabs, UTF-16',
    );
    expect(repeatedFields({ A: 'phone', B: null, C: 'phone', D: 'name' })).toEqual(['Phone: A, C']);
  });
});
