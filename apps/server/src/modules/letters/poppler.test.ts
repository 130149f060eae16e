// poppler's XHTML output (pdftotext -bbox) escapes what it prints: names must come back as printed.
import { describe, expect, it } from 'vitest';
import { cellsWithInk, decodeEntities } from './poppler.js';

describe('decodeEntities', () => {
  it('decodes the named and numeric entities poppler writes, once', () => {
    expect(decodeEntities('O&apos;Neill')).toBe("O'Neill");
    expect(decodeEntities('Smith &amp; Sons Ltd')).toBe('Smith & Sons Ltd');
    expect(decodeEntities('&lt;Ted&gt; &quot;Barker&quot;')).toBe('<Ted> "Barker"');
    expect(decodeEntities('Zo&#235; Bront&#xEB;, &#321;ukasz, Ffordd &#x174;yr')).toBe(
      'Zoë Brontë, Łukasz, Ffordd Ŵyr',
    );
    // Decoded in one pass: an escaped entity stays an entity, as printed.
    expect(decodeEntities('&amp;lt;')).toBe('&lt;');
  });
  it('leaves what is not an entity, or not a character, as written', () => {
    expect(decodeEntities('AT&T & co; &unknown; &#0; &#xD800; &#x110000;')).toBe(
      'AT&T & co; &unknown; &#0; &#xD800; &#x110000;',
    );
    expect(decodeEntities('')).toBe('');
  });
});

describe('cellsWithInk', () => {
  /** The cell-by-cell reading it replaced: each cell's own pixels scanned until one is inked. */
  function reference(
    image: { width: number; height: number; pixels: Uint8Array; offset: number },
    area: { x: number; y: number; width: number; height: number },
    pxPerMm: number,
    x0: number,
    y0: number,
  ) {
    const cells: { x: number; y: number; width: number; height: number }[] = [];
    for (let r = 0; r < Math.ceil(area.height); r += 1)
      for (let c = 0; c < Math.ceil(area.width); c += 1) {
        const px0 = Math.max(0, Math.floor((area.x + c) * pxPerMm) - x0);
        const py0 = Math.max(0, Math.floor((area.y + r) * pxPerMm) - y0);
        const px1 = Math.min(image.width, Math.floor((area.x + c + 1) * pxPerMm) - x0);
        const py1 = Math.min(image.height, Math.floor((area.y + r + 1) * pxPerMm) - y0);
        let inked = false;
        for (let y = py0; y < py1 && !inked; y += 1)
          for (let x = px0; x < px1 && !inked; x += 1)
            if (image.pixels[image.offset + y * image.width + x]! < 225) inked = true;
        if (inked) cells.push({ x: area.x + c, y: area.y + r, width: 1, height: 1 });
      }
    return cells;
  }

  it('finds the same inked cells as reading cell by cell: hairlines, specks, the edges, a tint at the threshold', () => {
    let seed = 7;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    const pxPerMm = 100 / 25.4;
    for (let round = 0; round < 40; round += 1) {
      // The DL reading area or a random one, at a fractional position as the real one is.
      const area = {
        x: 10 + random() * 30,
        y: 30 + random() * 30,
        width: 20 + random() * 90,
        height: 10 + random() * 50,
      };
      const x0 = Math.floor(area.x * pxPerMm);
      const y0 = Math.floor(area.y * pxPerMm);
      const width = Math.ceil(area.width * pxPerMm);
      const height = Math.ceil(area.height * pxPerMm);
      const offset = 15; // a PGM header's length
      const pixels = new Uint8Array(offset + width * height).fill(255);
      const ink = (x: number, y: number, level: number) => {
        if (x >= 0 && y >= 0 && x < width && y < height) pixels[offset + y * width + x] = level;
      };
      for (let i = 0; i < 30; i += 1) ink(Math.floor(random() * width), Math.floor(random() * height), 0); // specks
      const row = Math.floor(random() * height);
      for (let x = 0; x < width; x += 1) ink(x, row, 200); // a hairline rule
      const col = Math.floor(random() * width);
      for (let y = 0; y < height; y += 1) ink(col, y, 224); // just dark enough
      for (let y = 0; y < height; y += 1) ink(width - 1, y, 225); // just too light
      ink(0, 0, 10);
      ink(width - 1, height - 1, 10); // the corners
      const image = { width, height, pixels, offset };
      const found = cellsWithInk(image, area, pxPerMm, x0, y0);
      expect(found).toEqual(reference(image, area, pxPerMm, x0, y0));
      expect(found.length).toBeGreaterThan(0);
    }
  });

  it('finds nothing on a white page', () => {
    const image = { width: 400, height: 200, pixels: new Uint8Array(400 * 200 + 15).fill(255), offset: 15 };
    expect(cellsWithInk(image, { x: 20, y: 45, width: 100, height: 50 }, 100 / 25.4, 78, 177)).toEqual([]);
  });
});
