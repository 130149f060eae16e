// poppler's XHTML output (pdftotext -bbox) escapes what it prints: names must come back as printed.
import { describe, expect, it } from 'vitest';
import { decodeEntities } from './poppler.js';

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
