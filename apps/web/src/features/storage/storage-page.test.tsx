import { ALL_PERMISSIONS, MESSAGES, STORAGE_MESSAGES } from '@lp/domain';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import axe from 'axe-core';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetCsrfToken } from '../../lib/api';
import { notify } from '../../lib/notify';
import { type Me, meQueryKey } from '../../lib/session';
import { testMe } from '../../test/me';
import { invalidateEntities } from '../notifications/live-updates';
import type { StorageFolderRef, StorageItem, StorageListingPage, TreeNode } from './api';
import { RETRY_POLICY } from './resumable-upload';
import { StoragePage } from './storage-page';
import { storageItem } from './test-fixtures';
import { storageUploads } from './upload-queue';

vi.mock('../../lib/notify', () => ({ notify: vi.fn() }));
const notified = () => vi.mocked(notify).mock.calls.map(([message, options]) => [message, options?.variant]);

const pdf = vi.hoisted(() => ({ getDocument: vi.fn() }));
vi.mock('pdfjs-dist', () => ({ GlobalWorkerOptions: {}, getDocument: pdf.getDocument }));

/** An XMLHttpRequest the test answers (the chunks of an upload). */
class FakeXhr {
  static sent: FakeXhr[] = [];
  /** Set: every chunk is accepted at once. */
  static auto: ((xhr: FakeXhr) => void) | null = null;
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: Blob | null = null;
  status = 0;
  responseText = '';
  withCredentials = false;
  upload: { onprogress: ((e: object) => void) | null } = { onprogress: null };
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
  send(body: Blob) {
    this.body = body;
    FakeXhr.sent.push(this);
    if (FakeXhr.auto) {
      const answer = FakeXhr.auto;
      queueMicrotask(() => answer(this));
    }
  }
  abort() {
    this.onabort?.();
  }
  get chunk(): number {
    return Number(/\/chunks\/(\d+)$/.exec(this.url)?.[1]);
  }
  progress(loaded: number) {
    act(() => this.upload.onprogress?.({ lengthComputable: true, loaded, total: this.body?.size ?? 0 }));
  }
  async respond(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    await act(async () => this.onload?.());
  }
}

/** Accepts a chunk of 4 bytes; the last answers the stored item. */
function acceptChunk(xhr: FakeXhr, size: number) {
  const offset = Math.min(size, (xhr.chunk + 1) * 4);
  xhr.status = 200;
  xhr.responseText = JSON.stringify(
    offset >= size ? { offset, item: storageItem({ id: `new-${xhr.chunk}` }) } : { offset },
  );
  xhr.onload?.();
}

const CUSTOMER = storageItem({
  id: 'c1',
  kind: 'customer_folder',
  is_customer: true,
  name: "Zoë O'Brien",
  type: null,
  ext: null,
  numFiles: 2,
  size: 3 * 1024 * 1024,
  editable: false,
});
const INVOICES = storageItem({
  id: 'f1',
  kind: 'folder',
  name: 'Invoices',
  type: null,
  ext: null,
  numFiles: 12,
  size: 5 * 1024 * 1024 * 1024,
});
const RECEIPTS = storageItem({
  id: 'f2',
  kind: 'folder',
  name: 'Receipts',
  type: null,
  ext: null,
  numFiles: 0,
  size: 0,
});
const CONTRACT = storageItem({ id: 'd1', name: 'contract.pdf', size: 1536 });
const LOGO = storageItem({
  id: 'd2',
  name: 'logo.png',
  ext: 'png',
  type: 'image',
  content_type: 'image/png',
  size: 840,
});
const LETTER = storageItem({ id: 'l1', name: 'Letter to Zoë.pdf', type: 'letter_link', editable: false, size: 20_480 });
const ROOT_ITEMS = [CUSTOMER, INVOICES, RECEIPTS, CONTRACT, LOGO, LETTER];

const USAGE = { used_bytes: 2.5 * 1024 ** 3, reserved_bytes: 0, quota_bytes: 10 * 1024 ** 3, plan: 'Business' };

function page(
  folder: Omit<StorageListingPage['folder'], 'kind'> & { kind?: StorageListingPage['folder']['kind'] },
  breadcrumb: StorageFolderRef[],
  items: StorageItem[],
  next: string | null = null,
): StorageListingPage {
  return {
    folder: { kind: 'folder', ...folder },
    breadcrumb,
    items,
    next,
    disk_usage: USAGE,
    current_document_metadata: {
      id: folder.id,
      name: folder.name,
      path: breadcrumb.map((b) => `/${b.name}`).join('') || '/',
      numFiles: items.length,
      size: 0,
      modified: null,
      editable: folder.editable,
    },
  };
}

/** A chain of 12 folders, for the breadcrumb. */
const DEEP: StorageFolderRef[] = Array.from({ length: 12 }, (_, i) => ({ id: `d${i + 1}`, name: `Level ${i + 1}` }));

let listings: Map<string, StorageListingPage[]>;
let tree: Map<string, TreeNode[]>;
let calls: Array<{ method: string; path: string; search: string; body: unknown }>;
let answers: Partial<Record<string, () => Response>>;
let uploadOffset: number;

function json(status: number, body?: unknown) {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

function setWidth(px: number) {
  vi.stubGlobal('matchMedia', (query: string) => {
    const min = /min-width:\s*([\d.]+)px/.exec(query);
    const max = /max-width:\s*([\d.]+)px/.exec(query);
    const matches = (!min || px >= Number(min[1])) && (!max || px <= Number(max[1]));
    return {
      matches,
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
  localStorage.clear();
  vi.mocked(notify).mockClear();
  FakeXhr.sent = [];
  FakeXhr.auto = null;
  calls = [];
  answers = {};
  uploadOffset = 0;
  setWidth(1280);
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  pdf.getDocument.mockImplementation(() => ({
    promise: Promise.resolve(fakeDocument()),
    destroy: vi.fn(async () => undefined),
  }));
  listings = new Map([
    ['root', [page({ id: 'root', name: 'Home', editable: true }, [], ROOT_ITEMS)]],
    ['f1', [page({ id: 'f1', name: 'Invoices', editable: true }, [{ id: 'f1', name: 'Invoices' }], [])]],
    ['f2', [page({ id: 'f2', name: 'Receipts', editable: true }, [{ id: 'f2', name: 'Receipts' }], [])]],
    [
      'c1',
      [
        page(
          { id: 'c1', name: CUSTOMER.name, editable: false, kind: 'customer_folder' },
          [{ id: 'c1', name: CUSTOMER.name }],
          [LETTER],
        ),
      ],
    ],
    ['d12', [page({ id: 'd12', name: 'Level 12', editable: true }, DEEP, [CONTRACT])]],
  ]);
  for (const ref of DEEP.slice(0, -1))
    listings.set(ref.id, [
      page({ id: ref.id, name: ref.name, editable: true }, DEEP.slice(0, DEEP.indexOf(ref) + 1), []),
    ]);
  tree = new Map([
    [
      'root',
      [
        { id: 'c1', name: CUSTOMER.name, kind: 'customer_folder', has_children: false },
        { id: 'f1', name: 'Invoices', kind: 'folder', has_children: true },
        { id: 'f2', name: 'Receipts', kind: 'folder', has_children: false },
      ],
    ],
    ['f1', [{ id: 'f1a', name: '2026', kind: 'folder', has_children: false }]],
  ]);
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = new URL(String(input), 'http://localhost');
      const method = init.method ?? 'GET';
      const body = init.body ? JSON.parse(String(init.body)) : undefined;
      calls.push({ method, path: url.pathname, search: url.search, body });
      const answer = answers[`${method} ${url.pathname}`];
      if (answer) return answer();
      if (url.pathname === '/api/csrf') return json(200, { token: 't' });
      const folder = /^\/api\/storage\/folders\/([^/]+)$/.exec(url.pathname);
      if (folder && method === 'GET') {
        const pages = listings.get(decodeURIComponent(folder[1]!));
        if (!pages) return json(404, { code: 'NOT_FOUND', message: 'Not found.' });
        const after = url.searchParams.get('after');
        return json(200, pages[after ? Number(after) : 0]);
      }
      const node = /^\/api\/storage\/tree\/([^/]+)$/.exec(url.pathname);
      if (node) return json(200, { nodes: tree.get(node[1]!) ?? [] });
      if (method === 'POST' && url.pathname === '/api/storage/folders')
        return json(201, storageItem({ id: 'new', kind: 'folder', name: body.name, type: null, ext: null }));
      if (url.pathname.startsWith('/api/storage/items/') && (method === 'PATCH' || method === 'DELETE'))
        return json(200, {});
      if (method === 'POST' && url.pathname === '/api/storage/items/delete') return json(200, { deleted: body.ids });
      if (method === 'POST' && url.pathname === '/api/storage/uploads')
        return json(201, { upload_id: 'up1', chunk_size: 4, offset: 0, size: body.size, name: 'x' });
      if (method === 'GET' && url.pathname === '/api/storage/uploads/up1')
        return json(200, { offset: uploadOffset, size: 10, chunk_size: 4 });
      return json(404, { code: 'NOT_FOUND', message: 'Not found.' });
    }),
  );
});

afterEach(() => {
  cleanup();
  RETRY_POLICY.backoffMs = 500;
  storageUploads.clearFinished();
  vi.unstubAllGlobals();
  pdf.getDocument.mockReset();
});

let location = '';
function LocationProbe() {
  const here = useLocation();
  location = `${here.pathname}${here.search}`;
  return null;
}

function renderPage(initial = '/storage', session: Me = testMe()) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(meQueryKey, session);
  const view = render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[initial]}>
        <LocationProbe />
        <Routes>
          <Route path="/storage" element={<StoragePage />} />
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

const table = () => screen.findByRole('table', { name: 'Files and folders' });
const rows = () => screen.getAllByTestId('storage-row');
const rowOf = (name: string) => {
  const row = rows().find((r) => within(r).queryByText(name, { exact: true }));
  if (!row) throw new Error(`no row ${name}`);
  return row;
};
const cellTexts = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((c) => c.textContent);
const select = (name: string) => fireEvent.click(screen.getByRole('checkbox', { name: `Select ${name}` }));
const bulk = () => screen.getByRole('toolbar', { name: 'Selected items' });
const bulkButton = (name: string) => within(bulk()).getByRole('button', { name }) as HTMLButtonElement;
const listCalls = (id: string) => calls.filter((c) => c.method === 'GET' && c.path === `/api/storage/folders/${id}`);
const lastCall = (method: string, path: string) => calls.filter((c) => c.method === method && c.path === path).at(-1);

describe('/storage', () => {
  it('lists the folder: customer folders, folders, then files, with the columns, the disk usage and the tree', async () => {
    const { view } = renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Storage' })).toBeTruthy();
    const list = await table();
    expect(
      within(list)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['', 'Kind', 'Name', 'Number of files', 'Size', 'Last modified', 'Editable']);
    await waitFor(() => expect(rows()).toHaveLength(6));
    expect(rows().map((r) => cellTexts(r)[2])).toEqual([
      "Zoë O'Brien",
      'Invoices',
      'Receipts',
      'contract.pdf',
      'logo.png',
      'Letter to Zoë.pdf',
    ]);
    expect(cellTexts(rowOf("Zoë O'Brien")).slice(1, 7)).toEqual([
      'Customer folder',
      "Zoë O'Brien",
      '2',
      '3.00 MB',
      expect.stringMatching(/^\d\d\.\d\d\.26 \| \d\d:\d\d [AP]M$/),
      'No',
    ]);
    expect(cellTexts(rowOf('Invoices')).slice(3, 5)).toEqual(['12', '5.00 GB']);
    expect(cellTexts(rowOf('contract.pdf')).slice(1, 5)).toEqual(['PDF', 'contract.pdf', '—Not applicable', '1.50 KB']);
    expect(cellTexts(rowOf('logo.png'))[4]).toBe('840 B');
    expect(cellTexts(rowOf('Letter to Zoë.pdf'))[1]).toBe('Letter');
    expect(rowOf('Invoices').style.height || getComputedStyle(rowOf('Invoices')).height).toBe('150px');

    expect(screen.getByTestId('disk-usage').textContent).toContain('2.50 GB of 10.00 GB used');
    expect(screen.getByRole('progressbar', { name: 'Disk usage' }).getAttribute('aria-valuenow')).toBe('25');

    // The tree: the root expanded, its folders loaded.
    const folders = screen.getByRole('tree', { name: 'Folders' });
    const root = within(folders).getAllByRole('treeitem')[0]!;
    expect(root.getAttribute('aria-expanded')).toBe('true');
    expect(root.getAttribute('aria-selected')).toBe('true');
    expect(await within(folders).findByRole('treeitem', { name: 'Invoices' })).toBeTruthy();

    // Home is the current segment: highlighted and disabled.
    const crumbs = screen.getByRole('navigation', { name: 'Folder path' });
    const home = within(crumbs).getByRole('button', { name: 'Home' }) as HTMLButtonElement;
    expect(home.disabled).toBe(true);
    expect(home.getAttribute('aria-current')).toBe('location');

    expect(screen.getByRole('button', { name: 'Upload' }).className).toContain('MuiButton-contained');
    expect(screen.getByRole('button', { name: 'New folder' }).className).toContain('MuiButton-outlined');
    expect(await axeViolations(view.container)).toEqual([]);
  });

  it('opens a folder by double-click or Enter, says when it is empty, and goes back by the breadcrumb', async () => {
    renderPage();
    await table();
    await waitFor(() => expect(rows()).toHaveLength(6));
    fireEvent.doubleClick(within(rowOf('Invoices')).getByText('Invoices'));
    expect(await screen.findByText(STORAGE_MESSAGES.empty)).toBeTruthy();
    expect(location).toBe('/storage?folder=f1');
    const crumbs = screen.getByRole('navigation', { name: 'Folder path' });
    const current = within(crumbs).getByRole('button', { name: 'Invoices' }) as HTMLButtonElement;
    expect(current.disabled).toBe(true);
    expect(current.getAttribute('aria-current')).toBe('location');
    // The tree shows the folder selected.
    await waitFor(() =>
      expect(screen.getByRole('treeitem', { name: 'Invoices' }).getAttribute('aria-selected')).toBe('true'),
    );
    const home = within(crumbs).getByRole('button', { name: 'Home' }) as HTMLButtonElement;
    await waitFor(() => expect(home.disabled).toBe(false));
    fireEvent.click(home);
    await waitFor(() => expect(rows()).toHaveLength(6));
    expect(location).toBe('/storage');

    // The keyboard: the first row is the tab stop; arrows move, Enter opens.
    const first = rows()[0]!;
    expect(first.tabIndex).toBe(0);
    expect(rows()[1]!.tabIndex).toBe(-1);
    first.focus();
    fireEvent.keyDown(first, { key: 'ArrowDown' });
    await waitFor(() => expect(document.activeElement).toBe(rowOf('Invoices')));
    fireEvent.keyDown(rowOf('Invoices'), { key: 'ArrowDown' });
    await waitFor(() => expect(document.activeElement).toBe(rowOf('Receipts')));
    fireEvent.keyDown(rowOf('Receipts'), { key: ' ' });
    expect(await screen.findByText('1 items selected')).toBeTruthy();
    fireEvent.keyDown(rowOf('Receipts'), { key: 'Enter' });
    await waitFor(() => expect(location).toBe('/storage?folder=f2'));
    expect(await screen.findByText(STORAGE_MESSAGES.empty)).toBeTruthy();
    // A new folder starts without a selection.
    expect(screen.queryByRole('toolbar', { name: 'Selected items' })).toBeNull();
  });

  it('shows at most 9 segments, the earlier ones behind an ellipsis, and disables them while loading', async () => {
    renderPage('/storage?folder=d12');
    await waitFor(() => expect(rows()).toHaveLength(1));
    const crumbs = screen.getByRole('navigation', { name: 'Folder path' });
    const buttons = within(crumbs).getAllByRole('button');
    expect(buttons.map((b) => b.textContent || b.getAttribute('aria-label'))).toEqual([
      'Home',
      'Show 4 more folders',
      'Level 5',
      'Level 6',
      'Level 7',
      'Level 8',
      'Level 9',
      'Level 10',
      'Level 11',
      'Level 12',
    ]);
    expect((buttons.at(-1) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(within(crumbs).getByRole('button', { name: 'Show 4 more folders' }));
    const menu = await screen.findByRole('menu');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((m) => m.textContent),
    ).toEqual(['Level 1', 'Level 2', 'Level 3', 'Level 4']);
    fireEvent.click(within(menu).getByRole('menuitem', { name: 'Level 2' }));
    // While Level 2 loads, every segment is disabled.
    expect(
      within(screen.getByRole('navigation', { name: 'Folder path' }))
        .getAllByRole('button')
        .every((b) => (b as HTMLButtonElement).disabled),
    ).toBe(true);
    await waitFor(() => expect(location).toBe('/storage?folder=d2'));
    await waitFor(() => expect(screen.getByText(STORAGE_MESSAGES.empty)).toBeTruthy());
    const after = within(screen.getByRole('navigation', { name: 'Folder path' })).getAllByRole('button');
    expect(after.map((b) => b.textContent)).toEqual(['Home', 'Level 1', 'Level 2']);
  });

  it('offers the bulk actions the selection allows', async () => {
    renderPage();
    await table();
    await waitFor(() => expect(rows()).toHaveLength(6));

    select('contract.pdf');
    expect(within(bulk()).getByText('1 items selected')).toBeTruthy();
    expect(['View', 'Rename', 'Delete', 'Download'].map((n) => bulkButton(n).disabled)).toEqual([
      false,
      false,
      false,
      false,
    ]);

    select('logo.png');
    expect(['View', 'Rename', 'Delete', 'Download'].map((n) => bulkButton(n).disabled)).toEqual([
      true,
      true,
      false,
      false,
    ]);

    // A folder with files: no bulk delete (folders go one at a time), no download.
    select('Receipts');
    expect(['View', 'Rename', 'Delete', 'Download'].map((n) => bulkButton(n).disabled)).toEqual([
      true,
      true,
      true,
      true,
    ]);
    fireEvent.click(within(bulk()).getByRole('button', { name: 'Clear selection' }));

    // A customer folder is neither renamed nor deleted; a letter is viewed but not changed.
    select("Zoë O'Brien");
    expect(['View', 'Rename', 'Delete', 'Download'].map((n) => bulkButton(n).disabled)).toEqual([
      true,
      true,
      true,
      true,
    ]);
    select("Zoë O'Brien");
    select('Letter to Zoë.pdf');
    expect(['View', 'Rename', 'Delete', 'Download'].map((n) => bulkButton(n).disabled)).toEqual([
      false,
      true,
      true,
      false,
    ]);

    // Select all.
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select all rows' }));
    expect(within(bulk()).getByText('6 items selected')).toBeTruthy();
  });

  it('without manage_storage: browse, view and download only', async () => {
    renderPage('/storage', testMe({ abilities: ['access_storage'] }));
    await table();
    await waitFor(() => expect(rows()).toHaveLength(6));
    expect(screen.queryByRole('button', { name: 'Upload' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'New folder' })).toBeNull();
    select('contract.pdf');
    expect(within(bulk()).queryByRole('button', { name: 'Rename' })).toBeNull();
    expect(within(bulk()).queryByRole('button', { name: 'Delete' })).toBeNull();
    expect(bulkButton('View').disabled).toBe(false);
    expect(bulkButton('Download').disabled).toBe(false);
    // The tree's menu offers Open alone.
    fireEvent.contextMenu(within(screen.getByRole('tree')).getAllByText('Home')[0]!);
    const menu = await screen.findByRole('menu');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((m) => m.textContent),
    ).toEqual(['Open']);
  });

  it('refuses a member with neither storage permission', async () => {
    renderPage('/storage', testMe({ abilities: ALL_PERMISSIONS.filter((p) => !p.endsWith('_storage')) }));
    expect(await screen.findByText(MESSAGES.permissionDenied)).toBeTruthy();
    expect(calls.filter((c) => c.path.startsWith('/api/storage'))).toEqual([]);
  });

  it('makes a folder: the name rules beneath the field, an empty name is New Folder', async () => {
    const { view } = renderPage();
    await table();
    fireEvent.click(await screen.findByRole('button', { name: 'New folder' }));
    const dialog = await screen.findByRole('dialog', { name: 'New folder' });
    const input = within(dialog).getByLabelText('Folder name');
    const typed = async (value: string, message: string) => {
      fireEvent.change(input, { target: { value } });
      expect(within(dialog).getByText(message)).toBeTruthy();
    };
    await typed('a/b', "No '/' allowed");
    await typed('Q3.pdf', 'A folder should not have any extensions');
    await typed('Bad*name', 'Invalid folder name. Only alphanumeric characters are accepted.');
    await typed('x'.repeat(256), 'This folder name too long');
    expect(await axeViolations(view.baseElement)).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(lastCall('POST', '/api/storage/folders')).toBeUndefined();

    fireEvent.change(input, { target: { value: '' } });
    const before = listCalls('root').length;
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    await waitFor(() =>
      expect(lastCall('POST', '/api/storage/folders')?.body).toEqual({ parent_id: 'root', name: 'New Folder' }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(listCalls('root').length).toBeGreaterThan(before);
    expect(notified()).toContainEqual([STORAGE_MESSAGES.created('New Folder'), 'success']);
  });

  it("shows the server's reason when a folder cannot be made, and keeps the dialog open", async () => {
    answers['POST /api/storage/folders'] = () =>
      json(409, { code: 'NAME_TAKEN', message: STORAGE_MESSAGES.nameTaken('folder', 'Invoices') });
    renderPage();
    await table();
    fireEvent.click(await screen.findByRole('button', { name: 'New folder' }));
    const dialog = await screen.findByRole('dialog', { name: 'New folder' });
    fireEvent.change(within(dialog).getByLabelText('Folder name'), { target: { value: "Zoë's invoices" } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText(STORAGE_MESSAGES.nameTaken('folder', 'Invoices'))).toBeTruthy();
    expect(lastCall('POST', '/api/storage/folders')?.body).toEqual({ parent_id: 'root', name: "Zoë's invoices" });
    expect(notified()).toContainEqual([STORAGE_MESSAGES.nameTaken('folder', 'Invoices'), 'error']);
  });

  it('cannot make a folder in a customer folder', async () => {
    renderPage('/storage?folder=c1');
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect((screen.getByRole('button', { name: 'New folder' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Upload' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('renames a file without its extension; an empty name keeps it', async () => {
    renderPage();
    await table();
    await waitFor(() => expect(rows()).toHaveLength(6));
    select('contract.pdf');
    fireEvent.click(bulkButton('Rename'));
    const dialog = await screen.findByRole('dialog', { name: 'Rename file' });
    const input = within(dialog).getByLabelText('New name');
    expect(
      within(dialog).getByText('Leave it empty to keep contract. The file keeps its .pdf extension.'),
    ).toBeTruthy();
    fireEvent.change(input, { target: { value: 'final.pdf' } });
    expect(within(dialog).getByText("Do not specify an extension - we'll handle that for you.")).toBeTruthy();
    fireEvent.change(input, { target: { value: '' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Rename' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(lastCall('PATCH', '/api/storage/items/d1')).toBeUndefined();

    fireEvent.click(bulkButton('Rename'));
    const again = await screen.findByRole('dialog', { name: 'Rename file' });
    fireEvent.change(within(again).getByLabelText('New name'), { target: { value: 'Contract 2026' } });
    fireEvent.click(within(again).getByRole('button', { name: 'Rename' }));
    await waitFor(() => expect(lastCall('PATCH', '/api/storage/items/d1')?.body).toEqual({ name: 'Contract 2026' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(notified()).toContainEqual([STORAGE_MESSAGES.renamed('Contract 2026.pdf'), 'success']);
  });

  it("deletes one item once its exact name is typed, saying when it doesn't match", async () => {
    const { view } = renderPage();
    await table();
    await waitFor(() => expect(rows()).toHaveLength(6));
    select('contract.pdf');
    fireEvent.click(bulkButton('Delete'));
    const dialog = await screen.findByRole('dialog', { name: 'Delete file' });
    const input = within(dialog).getByLabelText("The file's name");
    fireEvent.change(input, { target: { value: 'contract' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await within(dialog).findByText("The file's name and the inputted file name don't match.")).toBeTruthy();
    expect(await axeViolations(view.baseElement)).toEqual([]);
    expect(lastCall('DELETE', '/api/storage/items/d1')).toBeUndefined();
    fireEvent.change(input, { target: { value: 'contract.pdf' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(lastCall('DELETE', '/api/storage/items/d1')?.body).toEqual({ name: 'contract.pdf' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.queryByRole('toolbar', { name: 'Selected items' })).toBeNull();

    select('Receipts');
    fireEvent.click(bulkButton('Delete'));
    const folder = await screen.findByRole('dialog', { name: 'Delete folder' });
    fireEvent.change(within(folder).getByLabelText("The folder's name"), { target: { value: 'receipts' } });
    fireEvent.click(within(folder).getByRole('button', { name: 'Delete' }));
    expect(await within(folder).findByText("The folder's name and the inputted folder name don't match.")).toBeTruthy();
  });

  it("deletes several files after 'delete those files?', then refetches and closes", async () => {
    renderPage();
    await table();
    await waitFor(() => expect(rows()).toHaveLength(6));
    select('contract.pdf');
    select('logo.png');
    fireEvent.click(bulkButton('Delete'));
    const dialog = await screen.findByRole('dialog', { name: 'Delete 2 files' });
    expect(within(dialog).getByText('delete those files?')).toBeTruthy();
    const before = listCalls('root').length;
    fireEvent.click(within(dialog).getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(lastCall('POST', '/api/storage/items/delete')?.body).toEqual({ ids: ['d1', 'd2'] }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(listCalls('root').length).toBeGreaterThan(before);
    expect(notified()).toContainEqual([STORAGE_MESSAGES.deletedMany(2), 'success']);
  });

  it('uploads the chosen files one at a time with a progress bar, naming the refused ones and the renamed, one toast at the end', async () => {
    const { view } = renderPage();
    await table();
    fireEvent.click(await screen.findByRole('button', { name: 'Upload' }));
    const dialog = await screen.findByRole('dialog', { name: 'Upload documents' });
    const big = new File(['x'], 'scan.pdf');
    Object.defineProperty(big, 'size', { value: 500_000_001 });
    const files = [
      new File(['0123456789'], 'Supplier invoice #4471 (Nov).pdf', { lastModified: 1 }),
      new File(['notes'], 'notes.txt'),
      big,
      new File(['abcdef'], 'photo.JPG', { lastModified: 2 }),
    ];
    fireEvent.change(within(dialog).getByTestId('storage-file-input'), { target: { files } });

    const refused = within(dialog).getByTestId('upload-refused');
    expect(refused.textContent).toContain(`notes.txt: ${STORAGE_MESSAGES.type}`);
    expect(refused.textContent).toContain(`scan.pdf: ${STORAGE_MESSAGES.tooLarge('scan.pdf')}`);

    // The first file starts: one chunk at a time, 4 bytes each.
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
    expect(lastCall('POST', '/api/storage/uploads')?.body).toEqual({
      folder_id: 'root',
      file_name: 'Supplier invoice #4471 (Nov).pdf',
      size: 10,
    });
    // Progress in the dialog, not in toasts stacked over it.
    expect(notified()).toEqual([]);
    expect(within(dialog).getByRole('status').textContent).toBe('Uploading Supplier invoice #4471 (Nov).pdf...');
    const first = FakeXhr.sent[0]!;
    expect(first.method).toBe('PUT');
    expect(first.url).toBe('/api/storage/uploads/up1/chunks/0');
    expect(first.headers['x-csrf-token']).toBe('t');
    first.progress(2);
    const bar = within(dialog).getByRole('progressbar', { name: 'Supplier invoice #4471 (Nov).pdf upload' });
    expect(bar.getAttribute('aria-valuenow')).toBe('20');
    expect(within(dialog).getByText('Uploading: 20%')).toBeTruthy();
    expect(await axeViolations(view.baseElement)).toEqual([]);
    await first.respond(200, { offset: 4 });
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(2));
    expect(bar.getAttribute('aria-valuenow')).toBe('40');
    await FakeXhr.sent[1]!.respond(200, { offset: 8 });
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(3));
    expect(FakeXhr.sent[2]!.body!.size).toBe(2);
    const before = listCalls('root').length;
    await FakeXhr.sent[2]!.respond(200, {
      offset: 10,
      item: storageItem({ id: 'new1', name: 'Supplier invoice 4471 Nov.pdf' }),
    });

    // The next file; the listing asked again after the first.
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(4));
    expect(listCalls('root').length).toBeGreaterThan(before);
    expect(notified()).toEqual([]);
    expect(within(dialog).getByRole('status').textContent).toBe('Uploading photo.JPG...');
    // The renamed file says what it was saved as.
    expect(
      within(dialog)
        .getAllByTestId('upload-saved-as')
        .map((s) => s.textContent),
    ).toEqual(['Saved as Supplier invoice 4471 Nov.pdf']);
    await FakeXhr.sent[3]!.respond(200, { offset: 4 });
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(5));
    await FakeXhr.sent[4]!.respond(200, { offset: 6, item: storageItem({ id: 'new2', name: 'photo.JPG' }) });
    await waitFor(() => expect(notified()).toEqual([['All documents have been uploaded successfully!', 'success']]));
    expect(
      within(dialog)
        .getAllByTestId('upload-state')
        .map((s) => s.textContent),
    ).toEqual(['Uploaded', 'Uploaded']);
    expect(within(dialog).getAllByTestId('upload-saved-as')).toHaveLength(1);
    expect(within(dialog).getByRole('status').textContent).toBe('');
    expect(await axeViolations(view.baseElement)).toEqual([]);
  });

  it('says there is not enough disk space when the upload is refused with 507', async () => {
    answers['POST /api/storage/uploads'] = () =>
      json(507, { code: 'INSUFFICIENT_STORAGE', message: 'Not enough disk space. Please upgrade your storage plan.' });
    renderPage();
    await table();
    fireEvent.click(await screen.findByRole('button', { name: 'Upload' }));
    const dialog = await screen.findByRole('dialog', { name: 'Upload documents' });
    fireEvent.change(within(dialog).getByTestId('storage-file-input'), {
      target: { files: [new File(['%PDF-1.7'], 'big.pdf')] },
    });
    await waitFor(() => expect(notified()).toEqual([[STORAGE_MESSAGES.noSpace, 'error']]));
    expect(within(dialog).getByTestId('upload-state').textContent).toBe(STORAGE_MESSAGES.noSpace);
  });

  it("says 'Failed to upload' when a chunk fails for good", async () => {
    FakeXhr.auto = (xhr) => {
      xhr.status = 500;
      xhr.responseText = JSON.stringify({ code: 'INTERNAL', message: MESSAGES.genericError });
      xhr.onload?.();
    };
    // A chunk failing with 500 is tried 4 times more (the waits doubling from 500 ms; 1 ms here).
    RETRY_POLICY.backoffMs = 1;
    renderPage();
    await table();
    fireEvent.click(await screen.findByRole('button', { name: 'Upload' }));
    const dialog = await screen.findByRole('dialog', { name: 'Upload documents' });
    fireEvent.change(within(dialog).getByTestId('storage-file-input'), {
      target: { files: [new File(['0123456789'], 'report.pdf')] },
    });
    await waitFor(() => expect(notified()).toContainEqual(['Failed to upload report.pdf to LetUsStore', 'error']));
    expect(FakeXhr.sent).toHaveLength(5);
    expect(notified()).not.toContainEqual([STORAGE_MESSAGES.allUploaded, 'success']);
  });

  it('resumes after a chunk failed on the network, from the offset the server holds', async () => {
    let failed = false;
    FakeXhr.auto = (xhr) => {
      if (xhr.chunk === 1 && !failed) {
        failed = true;
        uploadOffset = 4;
        xhr.onerror?.();
        return;
      }
      acceptChunk(xhr, 10);
    };
    RETRY_POLICY.backoffMs = 1;
    renderPage();
    await table();
    fireEvent.click(await screen.findByRole('button', { name: 'Upload' }));
    const dialog = await screen.findByRole('dialog', { name: 'Upload documents' });
    fireEvent.change(within(dialog).getByTestId('storage-file-input'), {
      target: { files: [new File(['0123456789'], 'report.pdf')] },
    });
    await waitFor(() =>
      expect(notified()).toContainEqual(['report.pdf uploaded to LetUsStore successfully!', 'success']),
    );
    expect(FakeXhr.sent.map((x) => x.chunk)).toEqual([0, 1, 1, 2]);
    expect(calls.filter((c) => c.path === '/api/storage/uploads/up1').map((c) => c.method)).toEqual(['GET']);
  });

  it('gives each name its whole text as a tooltip, wrapping at words (issue 27 item 10)', async () => {
    renderPage();
    await table();
    await waitFor(() => expect(rows().length).toBeGreaterThan(0));
    const names = screen.getAllByTestId('storage-name');
    expect(names.length).toBe(rows().length);
    for (const n of names) expect(n.getAttribute('title')).toBe(n.textContent);
    expect(getComputedStyle(names[0]!.closest('td')!).overflowWrap).toBe('break-word');
  });

  it('views a PDF page by page, a letter as its document, and an image at most 600 wide', async () => {
    const { view } = renderPage();
    await table();
    await waitFor(() => expect(rows()).toHaveLength(6));
    fireEvent.doubleClick(within(rowOf('contract.pdf')).getByText('contract.pdf'));
    const viewer = await screen.findByTestId('pdf-viewer');
    expect(pdf.getDocument).toHaveBeenCalledWith({ url: '/api/storage/items/d1/file', withCredentials: true });
    expect(await within(viewer).findByText('Page 1 of 2')).toBeTruthy();
    fireEvent.click(within(viewer).getByRole('button', { name: 'Next' }));
    expect(await within(viewer).findByText('Page 2 of 2')).toBeTruthy();
    expect(await axeViolations(view.baseElement)).toEqual([]);
    fireEvent.click(within(viewer).getByRole('button', { name: 'Close preview' }));
    await waitFor(() => expect(screen.queryByTestId('pdf-viewer')).toBeNull());

    rowOf('Letter to Zoë.pdf').focus();
    fireEvent.keyDown(rowOf('Letter to Zoë.pdf'), { key: 'Enter' });
    await screen.findByTestId('pdf-viewer');
    expect(pdf.getDocument).toHaveBeenLastCalledWith({ url: '/api/storage/items/l1/file', withCredentials: true });
    fireEvent.click(screen.getByRole('button', { name: 'Close preview' }));
    await waitFor(() => expect(screen.queryByTestId('pdf-viewer')).toBeNull());

    select('logo.png');
    fireEvent.click(bulkButton('View'));
    const viewer2 = await screen.findByTestId('image-viewer');
    expect(within(viewer2).getByText('Loading image...')).toBeTruthy();
    fireEvent.load(within(viewer2).getByAltText('logo.png'));
    const image = await screen.findByRole('img', { name: 'logo.png' });
    expect(image.getAttribute('src')).toBe('/api/storage/items/d2/file');
    expect(getComputedStyle(image).maxWidth).toBe('min(600px, 100%)');
  });

  it('downloads the selected files one after another', async () => {
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(`${this.getAttribute('href')} ${this.download}`);
    });
    renderPage();
    await table();
    await waitFor(() => expect(rows()).toHaveLength(6));
    select('contract.pdf');
    select('logo.png');
    fireEvent.click(bulkButton('Download'));
    expect(clicked).toEqual(['/api/storage/items/d1/file?download=1 contract.pdf']);
    await waitFor(() => expect(clicked).toHaveLength(2), { timeout: 3000 });
    expect(clicked[1]).toBe('/api/storage/items/d2/file?download=1 logo.png');
  });

  it('opens folders from the tree, by click or keyboard, with a context menu of what is permitted', async () => {
    const { view } = renderPage();
    await table();
    const folders = screen.getByRole('tree', { name: 'Folders' });
    const invoices = await within(folders).findByRole('treeitem', { name: 'Invoices' });
    expect(invoices.getAttribute('aria-expanded')).toBe('false');

    // Keyboard: down from the root to Zoë, Invoices; right expands and loads its folders.
    const root = within(folders).getAllByRole('treeitem')[0]!;
    expect(root.tabIndex).toBe(0);
    root.focus();
    fireEvent.keyDown(root, { key: 'ArrowDown' });
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(invoices);
    fireEvent.keyDown(invoices, { key: 'ArrowRight' });
    expect(await within(folders).findByRole('treeitem', { name: '2026' })).toBeTruthy();
    expect(invoices.getAttribute('aria-expanded')).toBe('true');
    fireEvent.keyDown(invoices, { key: 'Enter' });
    await waitFor(() => expect(location).toBe('/storage?folder=f1'));
    expect(await axeViolations(view.container)).toEqual([]);

    fireEvent.click(within(folders).getByText('Receipts'));
    await waitFor(() => expect(location).toBe('/storage?folder=f2'));

    // Right-click: a customer folder offers Open only; a folder every action.
    fireEvent.contextMenu(within(folders).getByText("Zoë O'Brien"));
    let menu = await screen.findByRole('menu');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((m) => m.textContent),
    ).toEqual(['Open']);
    fireEvent.keyDown(menu, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());

    fireEvent.contextMenu(within(folders).getByText('Invoices'));
    menu = await screen.findByRole('menu');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((m) => m.textContent),
    ).toEqual(['Open', 'New folder', 'Rename', 'Delete']);
    fireEvent.click(within(menu).getByRole('menuitem', { name: 'New folder' }));
    const dialog = await screen.findByRole('dialog', { name: 'New folder' });
    expect(within(dialog).getByText('Inside Invoices')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('Folder name'), { target: { value: '2027' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    await waitFor(() =>
      expect(lastCall('POST', '/api/storage/folders')?.body).toEqual({ parent_id: 'f1', name: '2027' }),
    );

    // Deleting the folder shown, from the tree, goes to the folder it was in.
    fireEvent.click(within(folders).getByText('Invoices'));
    await waitFor(() => expect(location).toBe('/storage?folder=f1'));
    fireEvent.contextMenu(within(folders).getByText('Invoices'));
    fireEvent.click(within(await screen.findByRole('menu')).getByRole('menuitem', { name: 'Delete' }));
    const del = await screen.findByRole('dialog', { name: 'Delete folder' });
    fireEvent.change(within(del).getByLabelText("The folder's name"), { target: { value: 'Invoices' } });
    fireEvent.click(within(del).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(lastCall('DELETE', '/api/storage/items/f1')?.body).toEqual({ name: 'Invoices' }));
    await waitFor(() => expect(location).toBe('/storage'));
  });

  it('draws only the rows in view of 10,000, and asks for the next page as the end comes near', async () => {
    const many = Array.from({ length: 10_000 }, (_, i) =>
      storageItem({ id: `m${i}`, name: `Document ${String(i).padStart(5, '0')}.pdf` }),
    );
    listings.set(
      'root',
      Array.from({ length: 10 }, (_, p) =>
        page(
          { id: 'root', name: 'Home', editable: true },
          [],
          many.slice(p * 1000, p * 1000 + 1000),
          p < 9 ? String(p + 1) : null,
        ),
      ),
    );
    renderPage();
    const list = await table();
    await waitFor(() => expect(rows().length).toBeGreaterThan(0));
    expect(rows().length).toBeLessThan(20);
    expect(list.getAttribute('aria-rowcount')).toBe('-1');
    expect(screen.getByTestId('spacer-below').firstElementChild!.getAttribute('style')).toContain(
      `height: ${(1000 - rows().length) * 150}px`,
    );
    expect(listCalls('root')).toHaveLength(1);

    // Scrolled near the end of the first page: the second is asked for.
    const scroller = list.parentElement!;
    Object.defineProperty(scroller, 'scrollTop', { configurable: true, value: 995 * 150 - 800 });
    fireEvent.scroll(scroller);
    await waitFor(() => expect(listCalls('root').map((c) => c.search)).toEqual(['?limit=1000', '?limit=1000&after=1']));
    await waitFor(() => expect(rowOf('Document 00995.pdf')).toBeTruthy());
    expect(rows().length).toBeLessThan(20);
    expect(screen.queryByText('Document 00000.pdf')).toBeNull();

    // Select all takes every loaded row; End moves to the last loaded one.
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select all rows' }));
    expect(await screen.findByText('2000 items selected')).toBeTruthy();
  });

  it('refetches the listing and the tree on a live refresh naming storage', async () => {
    const { client } = renderPage();
    await table();
    await screen.findByRole('treeitem', { name: 'Invoices' });
    const before = calls.length;
    await invalidateEntities(client, ['storage']);
    const again = calls.slice(before).map((c) => c.path);
    expect(again).toContain('/api/storage/folders/root');
    expect(again).toContain('/api/storage/tree/root');
  });

  it('shows cards and a folded tree at 390 px', async () => {
    setWidth(390);
    const { view } = renderPage();
    const list = await screen.findByRole('list', { name: 'Files and folders' });
    await waitFor(() => expect(within(list).getAllByTestId('storage-card')).toHaveLength(6));
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.queryByRole('tree')).toBeNull();
    const card = within(list).getAllByTestId('storage-card')[3]!;
    expect(card.textContent).toContain('contract.pdf');
    expect(card.textContent).toContain('1.50 KB');
    fireEvent.click(screen.getByRole('button', { name: 'Show folders' }));
    expect(await screen.findByRole('tree', { name: 'Folders' })).toBeTruthy();
    expect(await axeViolations(view.container)).toEqual([]);
    await screen.findByRole('treeitem', { name: 'Invoices' });
    fireEvent.click(within(screen.getByRole('tree')).getByText('Invoices'));
    await waitFor(() => expect(location).toBe('/storage?folder=f1'));
    await waitFor(() => expect(screen.queryByRole('tree')).toBeNull());
    expect(await screen.findByText(STORAGE_MESSAGES.empty)).toBeTruthy();
  });

  it('says when the folder no longer exists', async () => {
    renderPage('/storage?folder=gone');
    expect(await screen.findByText('This folder does not exist any more.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Go to Home' }));
    await waitFor(() => expect(location).toBe('/storage'));
  });
});
