import { GENERIC_BADGE_COLOURS } from '@lp/domain';
import Star from '@mui/icons-material/Star';
import { cleanup, render, screen, within } from '@testing-library/react';
import axe from 'axe-core';
import { afterEach, describe, expect, it } from 'vitest';
import { BADGE_ICONS, BADGE_STYLES, Badge } from './badge';

afterEach(cleanup);

/** WCAG relative luminance contrast of two #rrggbb colours. */
function contrast(a: string, b: string): number {
  const lum = (hex: string) => {
    const [r, g, bl] = [1, 3, 5].map((i) => {
      const c = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * bl!;
  };
  const [hi, lo] = [lum(a), lum(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}

describe('the generic badge (part 1 section 4)', () => {
  it('offers blue, purple, green, yellow and red', () => {
    expect([...GENERIC_BADGE_COLOURS]).toEqual(['blue', 'purple', 'green', 'yellow', 'red']);
  });

  it.each(GENERIC_BADGE_COLOURS)(
    '%s: an icon and the text, readable, the icon hidden from screen readers',
    (colour) => {
      render(
        <main>
          <Badge colour={colour} text="Réglé d’avance" />
        </main>,
      );
      const badge = screen.getByTestId('badge');
      expect(badge.dataset.colour).toBe(colour);
      expect(badge.textContent).toBe('Réglé d’avance');
      const icon = within(badge).getByTestId('badge-icon');
      expect(icon.closest('[aria-hidden="true"]')).not.toBeNull();
      expect(contrast(BADGE_STYLES[colour].fg, BADGE_STYLES[colour].bg)).toBeGreaterThanOrEqual(4.5);
      // Each colour has its own icon, so colour is never the only signal.
      expect(new Set(GENERIC_BADGE_COLOURS.map((c) => BADGE_ICONS[c])).size).toBe(GENERIC_BADGE_COLOURS.length);
    },
  );

  it('takes another icon, or none', () => {
    render(
      <main>
        <Badge colour="purple" text="Favourite" icon={<Star data-testid="star" />} data-testid="custom" />
        <Badge colour="green" text="Plain" icon={null} data-testid="plain" />
      </main>,
    );
    expect(within(screen.getByTestId('custom')).getByTestId('star')).toBeTruthy();
    expect(within(screen.getByTestId('custom')).queryByTestId('badge-icon')).toBeNull();
    expect(screen.getByTestId('plain').querySelector('svg')).toBeNull();
  });

  it('has no axe violations', async () => {
    const view = render(
      <main>
        {GENERIC_BADGE_COLOURS.map((c) => (
          <Badge key={c} colour={c} text={`Badge ${c}`} />
        ))}
      </main>,
    );
    const result = await axe.run(view.container);
    expect(result.violations.map((v) => v.id)).toEqual([]);
  });
});
