/** Business constants of part 1 section 9 and part 2 section 9. */
export const IDLE_TIMEOUT_MS = 1_795_000;
export const IDLE_SIGN_OUT_DELAY_MS = 5_000;
export const IDLE_DEBOUNCE_MS = 300;
export const AUTH_DEBOUNCE_MS = 200;
export const SEARCH_DEBOUNCE_MS = 500;
export const DEPARTMENT_NAME_DEBOUNCE_MS = 300;
export const NOTIFICATION_WATCHDOG_MS = 20_000;
export const SNACKBAR_MAX = 10;
export const PRIMARY_COLOUR = '#4D00E5';
export const BREAKPOINTS = { tabs: 700, small: 840, cards: 900, medium: 1000, drawer: 1100, wide: 1366 } as const;
export const DRAWER_WIDTH = 700;
export const ROW_HEIGHT = 150;
export const DASHBOARD_TILE_WIDTH = 300;
export const PAGE_SIZE_OPTIONS = [5, 10, 25, 50, 100, 'All'] as const;
export const DEFAULT_PAGE_SIZE = 5;
export const PASSWORD_MIN_LENGTH = 8;
export const NUMERIC_MIN = 0.01;
export const MIN_POSTCODE_LENGTH = 5;
export const MAIL_MAX_PAGES = 50;
export const UPLOAD_MAX_FILES = 100;
export const BADGE_CAP = 99;
export const DATE_DISPLAY_FORMAT = 'dd.MM.yy | hh:mm a';

/** The count shown on the bell: the number, or "99+" above 99. */
export function formatBadgeCount(count: number): string {
  return count > BADGE_CAP ? `${BADGE_CAP}+` : String(Math.max(0, Math.trunc(count)));
}

/** The largest letter file the server takes, in megabytes. */
export const UPLOAD_MAX_MB = 50;
