import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LetterLayout } from './api';
import { layoutMarks, PdfViewerDialog } from './pdf-viewer-dialog';

// pdf.js is not loaded: a two-page document whose pages draw at once.
vi.mock('./pdf-document', () => {
  const page = {
    getViewport: ({ scale }: { scale: number }) => ({ width: 595 * scale, height: 842 * scale }),
    render: () => ({ promise: Promise.resolve(), cancel: () => undefined }),
  };
  const doc = { numPages: 2, getPage: () => Promise.resolve(page) };
  return { usePdfDocument: () => ({ state: 'ready', doc }) };
});

afterEach(cleanup);

const RED = '#c62828';

/** Address running 4.8 mm below the window, the date and a logo in the window. */
const LAYOUT: LetterLayout = {
  window: { x: 20, y: 45, width: 90, height: 45 },
  address: { x: 25, y: 70, width: 60, height: 24.8 },
  lines: [
    { x: 25, y: 70, width: 40, height: 4 },
    { x: 25, y: 76, width: 50, height: 4 },
    { x: 25, y: 90.8, width: 30, height: 4 },
  ],
  barcode: null,
  intrusions: [
    { kind: 'date', text: '21 November 2026', box: { x: 80, y: 50, width: 25, height: 4 } },
    { kind: 'graphic', box: { x: 95, y: 60, width: 12, height: 12 } },
  ],
  outside: [{ side: 'bottom', by: 4.8, line: 'SW1A 2AA' }],
  resetOffered: false,
};

describe('the layout drawn over page 1', () => {
  it('marks in red, with words, what runs outside the window and what is in the way', () => {
    const marks = layoutMarks(LAYOUT);
    expect(marks.map((m) => [m.kind, m.label])).toEqual([
      ['window', 'Address window'],
      ['address', 'Address read'],
      ['line', 'Address line 1'],
      ['line', 'Address line 2'],
      ['line', 'Address line 3'],
      ['outside', 'Address runs 4.8 mm below the window'],
      ['intrusion', 'The date "21 November 2026" in the window'],
      ['intrusion', 'A graphic in the window'],
    ]);
    // The red part is the address beyond the window's bottom edge.
    const beyond = marks.find((m) => m.kind === 'outside')!.box;
    expect(beyond.x).toBe(25);
    expect(beyond.width).toBe(60);
    expect(beyond.y).toBe(90);
    expect(beyond.height).toBeCloseTo(4.8);
  });

  it('places the red part on the side the address runs past', () => {
    const marks = layoutMarks({
      ...LAYOUT,
      address: { x: 15, y: 40, width: 100, height: 20 },
      intrusions: [],
      outside: [
        { side: 'top', by: 5, line: 'Mr John Smith' },
        { side: 'left', by: 5, line: 'Mr John Smith' },
        { side: 'right', by: 5, line: 'Mr John Smith' },
      ],
    });
    const red = marks.filter((m) => m.kind === 'outside');
    expect(red.map((m) => m.label)).toEqual([
      'Address runs 5.0 mm above the window',
      'Address runs 5.0 mm past the left edge of the window',
      'Address runs 5.0 mm past the right edge of the window',
    ]);
    expect(red.map((m) => m.box)).toEqual([
      { x: 15, width: 100, y: 40, height: 5 },
      { y: 40, height: 20, x: 15, width: 5 },
      { y: 40, height: 20, x: 110, width: 5 },
    ]);
  });

  it('the preview outlines page 1 with its legend and the red marks listed in words', async () => {
    render(
      <PdfViewerDialog open onClose={() => undefined} url="/x.pdf" title="window.pdf" layout={LAYOUT} showLayout />,
    );
    const overlay = await screen.findByTestId('layout-overlay');
    const red = within(overlay)
      .getAllByRole('img')
      .filter((b) => b.dataset.colour === RED);
    expect(red.map((b) => [b.dataset.kind, b.getAttribute('aria-label'), b.getAttribute('title')])).toEqual([
      ['outside', 'Address runs 4.8 mm below the window', 'Address runs 4.8 mm below the window'],
      ['intrusion', 'The date "21 November 2026" in the window', 'The date "21 November 2026" in the window'],
      ['intrusion', 'A graphic in the window', 'A graphic in the window'],
    ]);
    // The page is drawn 800 px wide: 210 mm across.
    const scale = 800 / 210;
    const outside = red[0]!;
    expect(Number.parseFloat(getComputedStyle(outside).top)).toBeCloseTo(90 * scale, 1);
    expect(Number.parseFloat(getComputedStyle(outside).height)).toBeCloseTo(4.8 * scale, 1);
    expect(
      within(overlay)
        .getAllByRole('img')
        .filter((b) => b.dataset.kind === 'line'),
    ).toHaveLength(3);

    const legend = screen.getByRole('list', { name: 'Legend' });
    expect(
      within(legend)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'Address window',
      'Address read',
      'Address line',
      'Address outside the window',
      'In the window besides the address',
    ]);
    const listed = screen.getByRole('list', { name: 'Marked in red' });
    expect(
      within(listed)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'Address runs 4.8 mm below the window',
      'The date "21 November 2026" in the window',
      'A graphic in the window',
    ]);

    // The outline can be switched off.
    fireEvent.click(screen.getByRole('switch', { name: 'Outline the address window on page 1' }));
    expect(screen.queryByTestId('layout-overlay')).toBeNull();
    expect(screen.queryByRole('list', { name: 'Marked in red' })).toBeNull();
  });
});
