import { BREAKPOINTS } from '@lp/domain';
import useMediaQuery from '@mui/material/useMediaQuery';

/** Media query under which tabs scroll sideways with arrows (the spec's 700 px "tabs" breakpoint). */
export const NARROW_TABS_QUERY = `(max-width:${BREAKPOINTS.tabs - 0.05}px)`;

/**
 * How a row of tabs lays out (issue 27 item 22, part 1's breakpoints): from 700 px wide the tabs
 * sit side by side at their own width; below it they scroll sideways, with arrow buttons, so no
 * tab is squeezed or wraps.
 */
export function useTabsLayout() {
  const narrow = useMediaQuery(NARROW_TABS_QUERY);
  return narrow
    ? ({ variant: 'scrollable', scrollButtons: true, allowScrollButtonsMobile: true } as const)
    : ({ variant: 'standard' } as const);
}
