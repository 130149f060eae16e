import { DELIVERY_MESSAGES, MESSAGES } from '@lp/domain';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import axe from 'axe-core';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { resetCsrfToken } from '../../lib/api';
import { type CloudLetter, cloudTokenFromHash, pdfFileName } from './cloud-api';
import { CLOUD_TEXT, CloudPage } from './cloud-page';

const pdf = vi.hoisted(() => ({ getDocument: vi.fn() }));
vi.mock('pdfjs-dist', () => ({ GlobalWorkerOptions: {}, getDocument: pdf.getDocument }));

const PDF_BYTES = new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x2d, 0x31, 0x2e, 0x37]);
// Opening the link records the first opening, so the answer always has it.
const LETTER: CloudLetter = {
  name: 'Invoice March',
  num_pages: 3,
  company_name: 'Acme Ltd',
  expires_at: '2026-11-21T12:00:00.000Z',
  first_opened_at: '2026-11-14T09:30:00.000Z',
};

function json(status: number, body?: unknown) {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

const gone = () => json(404, { statusCode: 404, code: 'NOT_FOUND', message: DELIVERY_MESSAGES.cloudLinkGone });

let calls: Array<{ method: string; url: string; body: unknown }>;
let openAnswer: () => Response;
let fileAnswer: () => Response;

/** A pdf.js document of `pages` pages whose pages draw at once. */
function fakeDocument(pages: number) {
  return {
    numPages: pages,
    getPage: vi.fn(async () => ({
      getViewport: ({ scale }: { scale: number }) => ({ width: 595 * scale, height: 842 * scale }),
      render: () => ({ promise: Promise.resolve(), cancel: vi.fn() }),
    })),
  };
}

beforeEach(() => {
  resetCsrfToken();
  calls = [];
  openAnswer = () => json(200, LETTER);
  fileAnswer = () => new Response(PDF_BYTES, { status: 200, headers: { 'content-type': 'application/pdf' } });
  pdf.getDocument.mockImplementation(() => ({
    promise: Promise.resolve(fakeDocument(3)),
    destroy: vi.fn(async () => undefined),
  }));
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = String(input);
      const method = init.method ?? 'GET';
      calls.push({ method, url, body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined });
      switch (`${method} ${url}`) {
        case 'GET /api/csrf':
          return json(200, { token: 'csrf' });
        case 'POST /api/cloud/open':
          return openAnswer();
        case 'POST /api/cloud/file':
          return fileAnswer();
        default:
          return json(404, { statusCode: 404, code: 'NOT_FOUND', message: 'Not found' });
      }
    }),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  pdf.getDocument.mockReset();
});

function renderPage(entry: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[entry]}>
        <Routes>
          <Route path="/cloud" element={<CloudPage />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const apiCalls = () => calls.filter((c) => c.url !== '/api/csrf');

describe('/cloud', () => {
  it('opens the letter of the token in the fragment, then loads its PDF and shows it', async () => {
    const view = renderPage('/cloud#tok_AbC-123');
    expect(screen.getByText('Loading document...')).toBeTruthy();
    expect(await screen.findByRole('heading', { level: 1, name: 'Acme Ltd sent you a letter' })).toBeTruthy();
    expect(screen.getByText('Invoice March')).toBeTruthy();
    expect(screen.getByText('Pages').nextElementSibling?.textContent).toBe('3');
    expect(screen.getByText(/^Available until 21 November 2026/)).toBeTruthy();
    expect(await screen.findByText('Page 1 of 3')).toBeTruthy();
    expect(apiCalls()).toEqual([
      { method: 'POST', url: '/api/cloud/open', body: { token: 'tok_AbC-123' } },
      { method: 'POST', url: '/api/cloud/file', body: { token: 'tok_AbC-123' } },
    ]);
    // The token only ever travels in a request body, never in a path or a query.
    expect(calls.every((c) => !c.url.includes('tok_AbC'))).toBe(true);
    // pdf.js gets a copy of the bytes (it takes its buffer over), not a URL.
    const source = pdf.getDocument.mock.calls[0]?.[0] as { data: Uint8Array; url?: string };
    expect(source.url).toBeUndefined();
    expect([...source.data]).toEqual([...PDF_BYTES]);
    expect(document.title).toBe('Acme Ltd sent you a letter | LetterPost');

    const result = await axe.run(view.container, { rules: { 'color-contrast': { enabled: false } } });
    expect(result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' | ')}`)).toEqual([]);
  });

  it('turns the pages with the buttons and the arrow keys', async () => {
    renderPage('/cloud#tok');
    await screen.findByText('Page 1 of 3');
    const previous = screen.getByRole('button', { name: 'Previous' }) as HTMLButtonElement;
    const next = screen.getByRole('button', { name: 'Next' }) as HTMLButtonElement;
    expect(previous.disabled).toBe(true);
    fireEvent.click(next);
    expect(screen.getByTestId('pdf-page-label').textContent).toBe('Page 2 of 3');
    const region = screen.getByRole('region', { name: 'Invoice March, Page 2 of 3' });
    expect(region.tabIndex).toBe(0);
    fireEvent.keyDown(region, { key: 'ArrowRight' });
    expect(screen.getByTestId('pdf-page-label').textContent).toBe('Page 3 of 3');
    expect(next.disabled).toBe(true);
    fireEvent.keyDown(region, { key: 'ArrowRight' });
    expect(screen.getByTestId('pdf-page-label').textContent).toBe('Page 3 of 3');
    fireEvent.keyDown(region, { key: 'ArrowLeft' });
    fireEvent.click(previous);
    expect(screen.getByTestId('pdf-page-label').textContent).toBe('Page 1 of 3');
    await waitFor(() => expect(screen.getByRole('img', { name: 'Invoice March, Page 1 of 3' })).toBeTruthy());
  });

  it('downloads the PDF under the letter name', async () => {
    // jsdom has no object URLs: these stand in for the browser's, and go again after the test.
    const createObjectURL = vi.fn((_blob: Blob) => 'blob:http://localhost/letter');
    URL.createObjectURL = createObjectURL;
    URL.revokeObjectURL = vi.fn();
    onTestFinished(() => {
      Reflect.deleteProperty(URL, 'createObjectURL');
      Reflect.deleteProperty(URL, 'revokeObjectURL');
    });
    const clicked: Array<{ href: string; download: string }> = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push({ href: this.href, download: this.download });
    });
    renderPage('/cloud#tok');
    await screen.findByText('Page 1 of 3');
    const download = screen.getByRole('button', { name: CLOUD_TEXT.download }) as HTMLButtonElement;
    await waitFor(() => expect(download.disabled).toBe(false));
    fireEvent.click(download);
    expect(clicked).toEqual([{ href: 'blob:http://localhost/letter', download: 'Invoice March.pdf' }]);
    const blob = createObjectURL.mock.calls[0]![0];
    expect(blob.type).toBe('application/pdf');
    expect([...new Uint8Array(await blob.arrayBuffer())]).toEqual([...PDF_BYTES]);
    // The temporary link is gone from the page.
    expect(document.querySelector('a[download]')).toBeNull();
  });

  it('says the link has expired or does not exist on a 404, and loads no file', async () => {
    openAnswer = gone;
    renderPage('/cloud#expired');
    expect(await screen.findByText(DELIVERY_MESSAGES.cloudLinkGone)).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: CLOUD_TEXT.goneTitle })).toBeTruthy();
    expect(apiCalls().map((c) => c.url)).toEqual(['/api/cloud/open']);
    expect(screen.queryByRole('button', { name: CLOUD_TEXT.download })).toBeNull();
  });

  it('says the same when the file has gone in the meantime', async () => {
    fileAnswer = gone;
    renderPage('/cloud#tok');
    expect(await screen.findByText(DELIVERY_MESSAGES.cloudLinkGone)).toBeTruthy();
  });

  it('says the same without a token, asking the server nothing', async () => {
    for (const entry of ['/cloud', '/cloud#', '/cloud?token=abc']) {
      renderPage(entry);
      expect(await screen.findByText(DELIVERY_MESSAGES.cloudLinkGone), entry).toBeTruthy();
      cleanup();
    }
    expect(calls).toEqual([]);
  });

  it('offers to try again after another failure', async () => {
    let failures = 1;
    openAnswer = () =>
      failures-- > 0 ? json(500, { statusCode: 500, code: 'INTERNAL', message: 'x' }) : json(200, LETTER);
    renderPage('/cloud#tok');
    const banner = await screen.findByRole('alert');
    expect(banner.textContent).toContain(MESSAGES.genericError);
    fireEvent.click(within(banner).getByRole('button', { name: CLOUD_TEXT.tryAgain }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Acme Ltd sent you a letter' })).toBeTruthy();
  });

  it('shows an error in place of the letter when pdf.js cannot read it', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    pdf.getDocument.mockImplementation(() => ({
      promise: Promise.reject(new Error('Invalid PDF structure')),
      destroy: vi.fn(async () => undefined),
    }));
    renderPage('/cloud#tok');
    expect(await screen.findByText(MESSAGES.genericError)).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Acme Ltd sent you a letter' })).toBeTruthy();
  });
});

describe('cloud link helpers', () => {
  it('reads the token from the fragment', () => {
    expect(cloudTokenFromHash('#abc_DEF-123')).toBe('abc_DEF-123');
    expect(cloudTokenFromHash('#%20abc%20')).toBe('abc');
    expect(cloudTokenFromHash('#%zz')).toBe('%zz');
    for (const hash of ['', '#', '#  ', '#a/b', '#a b', `#${'x'.repeat(513)}`])
      expect(cloudTokenFromHash(hash)).toBeNull();
  });

  it('names the download after the letter, as a PDF', () => {
    expect(pdfFileName('Invoice March')).toBe('Invoice March.pdf');
    expect(pdfFileName('invoice.PDF')).toBe('invoice.PDF');
    expect(pdfFileName('a/b:c*?.pdf')).toBe('a_b_c_.pdf');
    expect(pdfFileName('tab\there\u0000.pdf')).toBe('tab_here_.pdf');
    expect(pdfFileName('  ')).toBe('letter.pdf');
    expect(pdfFileName('..hidden')).toBe('hidden.pdf');
  });
});
