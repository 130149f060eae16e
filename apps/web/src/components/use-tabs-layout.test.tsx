import { renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NARROW_TABS_QUERY, useTabsLayout } from './use-tabs-layout';

function viewport(width: number) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: query === NARROW_TABS_QUERY ? width < 700 : false,
    media: query,
    onchange: null,
    addEventListener: () => {},
    removeEventListener: () => {},
    addListener: () => {},
    removeListener: () => {},
    dispatchEvent: () => false,
  }));
}

describe('tabs follow the 700 px breakpoint', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('scroll sideways with arrows below 700 px, and sit side by side from 700 px', () => {
    viewport(390);
    expect(renderHook(() => useTabsLayout()).result.current).toEqual({
      variant: 'scrollable',
      scrollButtons: true,
      allowScrollButtonsMobile: true,
    });
    viewport(699);
    expect(renderHook(() => useTabsLayout()).result.current.variant).toBe('scrollable');
    viewport(700);
    expect(renderHook(() => useTabsLayout()).result.current).toEqual({ variant: 'standard' });
    viewport(1400);
    expect(renderHook(() => useTabsLayout()).result.current).toEqual({ variant: 'standard' });
  });
});
