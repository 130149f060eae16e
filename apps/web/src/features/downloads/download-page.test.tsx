import { DOWNLOAD_MESSAGES, INSTALLER_INTERVAL_MS, type InstallerList } from '@lp/domain';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import axe from 'axe-core';
import { StrictMode } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DownloadPage } from './download-page';

const LIST: InstallerList = {
  os: 'windows',
  files: [
    { name: 'Letterpost Setup 2.4.1.exe', size: 84_213_760, sha256: 'a'.repeat(64), url: '/api/downloads/windows/a' },
    { name: 'Letterpost Printer Helper.msi', size: 2_400_000, sha256: 'b'.repeat(64), url: '/api/downloads/windows/b' },
    { name: 'Release notes (Café).txt', size: 1_200, sha256: 'c'.repeat(64), url: '/api/downloads/windows/c' },
  ],
};

let answers: Record<string, { status: number; body: unknown }>;
let clicks: { href: string; download: string; at: number }[];

beforeEach(() => {
  vi.useFakeTimers();
  clicks = [];
  answers = {};
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const a = answers[String(input)] ?? { status: 404, body: { statusCode: 404, code: 'NOT_FOUND', message: 'x' } };
      return new Response(JSON.stringify(a.body), {
        status: a.status,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    clicks.push({ href: this.getAttribute('href') ?? '', download: this.download, at: Date.now() });
  });
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

function renderAt(path: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/download/:os" element={<DownloadPage />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

/** Lets the fetch answer and React render, moving the fake clock by `ms`. */
const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

describe('download page', () => {
  it('downloads the files one after another, 1.2 seconds apart, saying which one', async () => {
    answers['/api/downloads/windows'] = { status: 200, body: LIST };
    renderAt('/download/windows');
    await advance(0);
    await advance(0);
    expect(screen.getByRole('heading', { level: 1, name: 'Download for Windows' })).toBeTruthy();
    expect(clicks.map((c) => c.download)).toEqual(['Letterpost Setup 2.4.1.exe']);
    expect(screen.getByTestId('download-status').textContent).toBe(
      DOWNLOAD_MESSAGES.downloading('Letterpost Setup 2.4.1.exe', 1, 3),
    );
    await advance(INSTALLER_INTERVAL_MS - 1);
    expect(clicks).toHaveLength(1);
    await advance(1);
    expect(clicks.map((c) => c.download)).toEqual(['Letterpost Setup 2.4.1.exe', 'Letterpost Printer Helper.msi']);
    expect(screen.getByTestId('download-status').textContent).toBe(
      DOWNLOAD_MESSAGES.downloading('Letterpost Printer Helper.msi', 2, 3),
    );
    await advance(INSTALLER_INTERVAL_MS);
    expect(clicks.map((c) => c.href)).toEqual(LIST.files.map((f) => f.url));
    expect(clicks[1]!.at - clicks[0]!.at).toBe(1200);
    expect(clicks[2]!.at - clicks[1]!.at).toBe(1200);
    expect(screen.getByTestId('download-status').textContent).toBe(DOWNLOAD_MESSAGES.done(3));
    // Nothing more is started by itself.
    await advance(10 * INSTALLER_INTERVAL_MS);
    expect(clicks).toHaveLength(3);

    // Each file is listed with its size and digest, and can be downloaded again.
    expect(screen.getByText('1. Letterpost Setup 2.4.1.exe')).toBeTruthy();
    expect(screen.getByText('80.31 MB')).toBeTruthy();
    expect(screen.getByText('c'.repeat(64))).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Download again' }));
    expect(clicks).toHaveLength(4);
    await advance(0);
    expect(screen.getByRole('button', { name: 'Download again' })).toHaveProperty('disabled', true);
    await advance(2 * INSTALLER_INTERVAL_MS);
    expect(clicks).toHaveLength(6);
  });

  it('carries on through React strict mode (effects run twice)', async () => {
    answers['/api/downloads/windows'] = { status: 200, body: LIST };
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <StrictMode>
        <QueryClientProvider client={client}>
          <MemoryRouter initialEntries={['/download/windows']}>
            <Routes>
              <Route path="/download/:os" element={<DownloadPage />} />
            </Routes>
          </MemoryRouter>
        </QueryClientProvider>
      </StrictMode>,
    );
    await advance(0);
    await advance(0);
    await advance(2 * INSTALLER_INTERVAL_MS);
    expect(clicks.map((c) => c.href)).toEqual(LIST.files.map((f) => f.url));
  });

  it('says the download is not available for that system when the call answers 404, and explains installing the app', async () => {
    const view = renderAt('/download/mac');
    await advance(0);
    await advance(0);
    expect(screen.getByRole('heading', { level: 1, name: 'Download for Mac' })).toBeTruthy();
    expect(screen.getByTestId('download-not-available').textContent).toContain(DOWNLOAD_MESSAGES.notAvailable('mac'));
    expect(screen.getByText(/File › Add to Dock/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Download for Windows' }).getAttribute('href')).toBe('/download/windows');
    expect(clicks).toHaveLength(0);
    vi.useRealTimers();
    const result = await axe.run(view.container, { rules: { 'color-contrast': { enabled: false } } });
    expect(result.violations).toEqual([]);
  });

  it('explains the Windows way of installing the app', async () => {
    renderAt('/download/windows');
    await advance(0);
    await advance(0);
    expect(screen.getByText(/Install this site as an app/)).toBeTruthy();
    expect(screen.getByTestId('download-not-available').textContent).toContain('not available for Windows');
  });

  it('offers the browser’s own install prompt when there is one', async () => {
    renderAt('/download/windows');
    await advance(0);
    const prompt = vi.fn(async () => undefined);
    const event = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
      prompt,
      userChoice: Promise.resolve({ outcome: 'accepted' }),
    });
    act(() => {
      window.dispatchEvent(event);
    });
    expect(event.defaultPrevented).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Install app' }));
    expect(prompt).toHaveBeenCalledOnce();
  });

  it('shows not-found for another system', async () => {
    renderAt('/download/linux');
    expect(screen.getByRole('heading', { level: 1, name: 'Page not found' })).toBeTruthy();
  });

  it('passes axe with files listed', async () => {
    answers['/api/downloads/windows'] = { status: 200, body: LIST };
    const view = renderAt('/download/windows');
    await advance(0);
    await advance(0);
    await advance(3 * INSTALLER_INTERVAL_MS);
    vi.useRealTimers();
    const result = await axe.run(view.container, { rules: { 'color-contrast': { enabled: false } } });
    expect(result.violations).toEqual([]);
  });
});
