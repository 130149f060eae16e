import { LETTERHEAD_MAX_BYTES, LETTERHEAD_MESSAGES, MESSAGES } from '@lp/domain';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import axe from 'axe-core';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetCsrfToken } from '../../lib/api';
import { notify } from '../../lib/notify';
import { type Me, meQueryKey } from '../../lib/session';
import { testMe } from '../../test/me';
import { invalidateEntities } from '../notifications/live-updates';
import type { Letterhead } from './api';
import { checkLetterheadFiles } from './api';
import { LETTERHEAD_TEXT } from './letterhead-card';
import { LetterheadsPage } from './letterheads-page';

vi.mock('../../lib/notify', () => ({ notify: vi.fn() }));
const notified = () => vi.mocked(notify).mock.calls.map(([message, options]) => [message, options?.variant]);

const pdf = vi.hoisted(() => ({ getDocument: vi.fn() }));
vi.mock('pdfjs-dist', () => ({ GlobalWorkerOptions: {}, getDocument: pdf.getDocument }));

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
    this.onabort?.();
  }
  progress(fraction: number) {
    act(() => this.upload.onprogress?.({ lengthComputable: true, loaded: fraction * 1000, total: 1000 }));
  }
  async respond(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    await act(async () => this.onload?.());
  }
}

const PDF_BYTES = new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x2d, 0x31, 0x2e, 0x37]);
const PNG_BYTES = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

const PRIMARY: Letterhead = {
  kind: 'primary',
  type: 'pdf',
  content_type: 'application/pdf',
  path: '/api/letterheads/primary/file',
  file_name: 'Acme letterhead.pdf',
  size: 12_800,
  created_at: '2026-11-21T14:05:00.000Z',
};
const SECONDARY: Letterhead = {
  kind: 'secondary',
  type: 'image',
  content_type: 'image/png',
  path: '/api/letterheads/secondary/file',
  file_name: 'compliments-slip.png',
  size: 840,
  created_at: '2026-11-22T09:30:00.000Z',
};

function json(status: number, body?: unknown) {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

const notFound = () => json(404, { statusCode: 404, code: 'NOT_FOUND', message: 'Not found.' });

let calls: Array<{ method: string; path: string; credentials: RequestCredentials | undefined; csrf?: string }>;
let stored: Letterhead[];
let listAnswer: (() => Response) | null;

/** A pdf.js document whose pages draw at once. */
function fakeDocument() {
  return {
    numPages: 2,
    getPage: vi.fn(async () => ({
      getViewport: ({ scale }: { scale: number }) => ({ width: 595 * scale, height: 842 * scale }),
      render: () => ({ promise: Promise.resolve(), cancel: vi.fn() }),
    })),
  };
}

beforeEach(() => {
  resetCsrfToken();
  vi.mocked(notify).mockClear();
  FakeXhr.sent = [];
  calls = [];
  stored = [PRIMARY, SECONDARY];
  listAnswer = null;
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  pdf.getDocument.mockImplementation(() => ({
    promise: Promise.resolve(fakeDocument()),
    destroy: vi.fn(async () => undefined),
  }));
  // jsdom has no object URLs: these stand in for the browser's, and go again after the test.
  URL.createObjectURL = vi.fn(() => 'blob:http://localhost/letterhead');
  URL.revokeObjectURL = vi.fn();
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = new URL(String(input), 'http://localhost');
      const method = init.method ?? 'GET';
      const headers = (init.headers ?? {}) as Record<string, string>;
      calls.push({ method, path: url.pathname, credentials: init.credentials, csrf: headers['x-csrf-token'] });
      if (url.pathname === '/api/csrf') return json(200, { token: 't' });
      if (method === 'GET' && url.pathname === '/api/letterheads') {
        return listAnswer ? listAnswer() : json(200, { letterheads: stored });
      }
      if (method === 'GET' && url.pathname === '/api/letterheads/primary/file') {
        return new Response(PDF_BYTES, { status: 200, headers: { 'content-type': 'application/pdf' } });
      }
      if (method === 'GET' && url.pathname === '/api/letterheads/secondary/file') {
        return new Response(PNG_BYTES, { status: 200, headers: { 'content-type': 'image/png' } });
      }
      const one = /^\/api\/letterheads\/(primary|secondary)$/.exec(url.pathname);
      if (one && method === 'DELETE') {
        stored = stored.filter((l) => l.kind !== one[1]);
        return json(200, { kind: one[1], message: LETTERHEAD_MESSAGES.deleted(one[1] as 'primary') });
      }
      return notFound();
    }),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  pdf.getDocument.mockReset();
  Reflect.deleteProperty(URL, 'createObjectURL');
  Reflect.deleteProperty(URL, 'revokeObjectURL');
});

function renderPage(session: Me = testMe()) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(meQueryKey, session);
  const view = render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/letterheads']}>
        <Routes>
          <Route path="/letterheads" element={<LetterheadsPage />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { client, view };
}

async function axeViolations(container: HTMLElement) {
  const result = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
  return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' | ')}`);
}

const card = (name: string) => screen.findByRole('region', { name });
const listCalls = () => calls.filter((c) => c.method === 'GET' && c.path === '/api/letterheads').length;
const file = (name = 'letterhead.pdf', size = 2000, type = 'application/pdf') =>
  new File([new Uint8Array(size)], name, { type });

describe('/letterheads', () => {
  it('shows the primary and secondary letterheads with their previews, files and dates', async () => {
    const { view } = renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Letterheads' })).toBeTruthy();
    expect(screen.queryByText('This screen is not available yet.')).toBeNull();
    const primary = await card('Primary letterhead');
    const secondary = await card('Secondary letterhead');
    expect(within(primary).getByRole('heading', { level: 2, name: 'Primary letterhead' })).toBeTruthy();
    expect(within(primary).getByText('Acme letterhead.pdf')).toBeTruthy();
    expect(within(primary).getByText(/^Uploaded \d\d\.\d\d\.26 \| \d\d:\d\d [AP]M · 12\.5 KB$/)).toBeTruthy();
    expect(within(secondary).getByText('compliments-slip.png')).toBeTruthy();

    // The PDF's first page, drawn by pdf.js from the file's bytes (fetched with the session cookie).
    const canvas = await within(primary).findByRole('img', { name: 'Primary letterhead preview' });
    expect(canvas.tagName).toBe('CANVAS');
    await waitFor(() => expect(canvas.getAttribute('data-page')).toBe('1'));
    const source = pdf.getDocument.mock.calls[0]?.[0] as { data: Uint8Array };
    expect([...source.data]).toEqual([...PDF_BYTES]);
    // The image, from an object URL of the bytes.
    const image = (await within(secondary).findByRole('img', {
      name: 'Secondary letterhead preview',
    })) as HTMLImageElement;
    expect(image.tagName).toBe('IMG');
    expect(image.getAttribute('src')).toBe('blob:http://localhost/letterhead');
    const fileCalls = calls.filter((c) => c.path.endsWith('/file'));
    expect(fileCalls.map((c) => [c.path, c.credentials]).sort()).toEqual([
      ['/api/letterheads/primary/file', 'same-origin'],
      ['/api/letterheads/secondary/file', 'same-origin'],
    ]);

    expect(within(primary).getByRole('button', { name: 'Delete primary letterhead' })).toBeTruthy();
    expect(within(primary).getByRole('button', { name: 'Upload primary letterhead' })).toBeTruthy();
    expect(within(primary).getByText(LETTERHEAD_TEXT.replaces('primary'))).toBeTruthy();
    expect(await axeViolations(view.container)).toEqual([]);
  });

  it('treats a 404 list as no letterheads, with no error', async () => {
    listAnswer = notFound;
    const { view } = renderPage();
    const primary = await card('Primary letterhead');
    expect(await within(primary).findByText('There is no primary letterhead yet.')).toBeTruthy();
    const secondary = await card('Secondary letterhead');
    expect(within(secondary).getByText('There is no secondary letterhead yet.')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByRole('button', { name: /^Delete/ })).toBeNull();
    expect(within(primary).getByRole('button', { name: 'Upload primary letterhead' })).toBeTruthy();
    expect(calls.some((c) => c.path.endsWith('/file'))).toBe(false);
    expect(await axeViolations(view.container)).toEqual([]);
  });

  it('shows another failure of the list, with Try again', async () => {
    let failures = 1;
    listAnswer = () =>
      failures-- > 0 ? json(500, { code: 'INTERNAL', message: MESSAGES.genericError }) : json(200, { letterheads: [] });
    renderPage();
    const banner = await screen.findByRole('alert');
    expect(banner.textContent).toContain(MESSAGES.genericError);
    fireEvent.click(within(banner).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('There is no primary letterhead yet.')).toBeTruthy();
  });

  it('uploads nothing unless exactly one file is chosen', async () => {
    renderPage();
    const primary = await card('Primary letterhead');
    fireEvent.drop(screen.getByTestId('letterhead-primary-dropzone'), {
      dataTransfer: { files: [file('a.pdf'), file('b.png')], types: ['Files'] },
    });
    expect(notified()).toEqual([[LETTERHEAD_MESSAGES.oneFile, 'error']]);
    expect(within(primary).getByRole('alert').textContent).toContain(LETTERHEAD_MESSAGES.oneFile);
    fireEvent.change(screen.getByTestId('letterhead-primary-input'), {
      target: { files: [file('a.pdf'), file('b.pdf')] },
    });
    // Too big for a letterhead: refused before sending.
    fireEvent.change(screen.getByTestId('letterhead-primary-input'), {
      target: { files: [file('huge.pdf', LETTERHEAD_MAX_BYTES + 1)] },
    });
    expect(notified()).toEqual([
      [LETTERHEAD_MESSAGES.oneFile, 'error'],
      [LETTERHEAD_MESSAGES.oneFile, 'error'],
      [LETTERHEAD_MESSAGES.tooLarge, 'error'],
    ]);
    await new Promise((r) => setTimeout(r, 20));
    expect(FakeXhr.sent).toHaveLength(0);
    expect(checkLetterheadFiles([])).toBe(LETTERHEAD_MESSAGES.oneFile);
    expect(checkLetterheadFiles([file()])).toBeNull();
  });

  it('uploads one file with progress: started, then success, and shows the new letterhead', async () => {
    listAnswer = () => json(200, { letterheads: stored });
    stored = [];
    const { view } = renderPage();
    const secondary = await card('Secondary letterhead');
    await within(secondary).findByText('There is no secondary letterhead yet.');
    fireEvent.drop(screen.getByTestId('letterhead-secondary-dropzone'), {
      dataTransfer: { files: [file('slip.png', 3000, 'image/png')], types: ['Files'] },
    });
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
    expect(notified()).toEqual([[LETTERHEAD_MESSAGES.started('secondary'), 'info']]);
    const xhr = FakeXhr.sent[0]!;
    expect([xhr.method, xhr.url, xhr.headers['x-csrf-token'], xhr.withCredentials]).toEqual([
      'POST',
      '/api/letterheads/secondary',
      't',
      true,
    ]);
    expect((xhr.body!.get('file') as File).name).toBe('slip.png');
    expect([...xhr.body!.keys()]).toEqual(['file']);

    xhr.progress(0.4);
    const bar = within(secondary).getByRole('progressbar', { name: 'Uploading secondary letterhead' });
    expect(bar.getAttribute('aria-valuenow')).toBe('40');
    expect(within(secondary).getByText('Uploading secondary letterhead... 40%')).toBeTruthy();
    expect(
      (within(secondary).getByRole('button', { name: 'Upload secondary letterhead' }) as HTMLButtonElement).disabled,
    ).toBe(true);
    expect(await axeViolations(view.container)).toEqual([]);

    const before = listCalls();
    const saved = { ...SECONDARY, file_name: 'slip.png', size: 3000 };
    stored = [saved];
    await xhr.respond(201, saved);
    expect(notified()).toEqual([
      [LETTERHEAD_MESSAGES.started('secondary'), 'info'],
      [LETTERHEAD_MESSAGES.uploaded('secondary'), 'success'],
    ]);
    expect(await within(secondary).findByText('slip.png')).toBeTruthy();
    expect(within(secondary).queryByRole('progressbar')).toBeNull();
    expect(await within(secondary).findByRole('img', { name: 'Secondary letterhead preview' })).toBeTruthy();
    await waitFor(() => expect(listCalls()).toBeGreaterThan(before));
  });

  it("says the upload failed, with the server's reason for a refused file", async () => {
    renderPage();
    const primary = await card('Primary letterhead');
    fireEvent.change(screen.getByTestId('letterhead-primary-input'), { target: { files: [file('notes.txt')] } });
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
    await FakeXhr.sent[0]!.respond(415, {
      statusCode: 415,
      code: 'UNSUPPORTED_MEDIA_TYPE',
      message: LETTERHEAD_MESSAGES.type,
    });
    expect(notified()).toEqual([
      [LETTERHEAD_MESSAGES.started('primary'), 'info'],
      [LETTERHEAD_MESSAGES.failed, 'error'],
    ]);
    expect(within(primary).getByRole('alert').textContent).toContain(LETTERHEAD_MESSAGES.type);

    // 413 without a body still says why; a server failure says the spec's text.
    fireEvent.change(screen.getByTestId('letterhead-primary-input'), { target: { files: [file('big.pdf')] } });
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(2));
    FakeXhr.sent[1]!.status = 413;
    await act(async () => FakeXhr.sent[1]!.onload?.());
    expect(within(primary).getByRole('alert').textContent).toContain(LETTERHEAD_MESSAGES.tooLarge);
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    fireEvent.change(screen.getByTestId('letterhead-primary-input'), { target: { files: [file('ok.pdf')] } });
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(3));
    await FakeXhr.sent[2]!.respond(500, { statusCode: 500, code: 'INTERNAL', message: MESSAGES.genericError });
    expect(within(primary).getByRole('alert').textContent).toContain(LETTERHEAD_MESSAGES.failed);
    expect(notified().at(-1)).toEqual([LETTERHEAD_MESSAGES.failed, 'error']);
    // The letterhead there is kept.
    expect(within(primary).getByText('Acme letterhead.pdf')).toBeTruthy();
  });

  it('deletes a letterhead after "Are you sure", and reloads the list', async () => {
    const { view } = renderPage();
    const primary = await card('Primary letterhead');
    fireEvent.click(within(primary).getByRole('button', { name: 'Delete primary letterhead' }));
    let dialog = await screen.findByRole('dialog', { name: 'Are you sure?' });
    expect(dialog.textContent).toContain(LETTERHEAD_TEXT.confirmDelete('primary'));
    expect(await axeViolations(view.baseElement)).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'No' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);

    const before = listCalls();
    fireEvent.click(within(primary).getByRole('button', { name: 'Delete primary letterhead' }));
    dialog = await screen.findByRole('dialog', { name: 'Are you sure?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(notified()).toEqual([[LETTERHEAD_MESSAGES.deleted('primary'), 'success']]));
    const deleted = calls.find((c) => c.method === 'DELETE')!;
    expect([deleted.path, deleted.csrf]).toEqual(['/api/letterheads/primary', 't']);
    expect(await within(primary).findByText('There is no primary letterhead yet.')).toBeTruthy();
    expect(listCalls()).toBeGreaterThan(before);
    expect(within(await card('Secondary letterhead')).getByText('compliments-slip.png')).toBeTruthy();
  });

  it('follows live refreshes of letterheads', async () => {
    const { client } = renderPage();
    await card('Primary letterhead');
    await screen.findByText('Acme letterhead.pdf');
    stored = [];
    await act(() => invalidateEntities(client, ['letterheads']));
    expect(await screen.findByText('There is no primary letterhead yet.')).toBeTruthy();
  });

  it('shows the letterheads without Upload or Delete to a sender, and refuses others', async () => {
    renderPage(testMe({ abilities: ['send_letter'] }));
    const primary = await card('Primary letterhead');
    expect(await within(primary).findByText('Acme letterhead.pdf')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^(Delete|Upload)/ })).toBeNull();
    expect(screen.queryByTestId('letterhead-primary-dropzone')).toBeNull();
    cleanup();
    calls = [];
    renderPage(testMe({ abilities: ['see_letters'] }));
    expect(await screen.findByText(MESSAGES.permissionDenied)).toBeTruthy();
    expect(calls).toEqual([]);
  });
});
