import { BREAKPOINTS, PRIMARY_COLOUR } from '@lp/domain';
import { createTheme } from '@mui/material/styles';

/** Media query for the compact layout (below 840px). */
export const COMPACT_QUERY = `(max-width:${BREAKPOINTS.small - 0.05}px)`;
/** Media query under which the navigation collapses into a side drawer (below 1100px). */
export const DRAWER_QUERY = `(max-width:${BREAKPOINTS.drawer - 0.05}px)`;

export const theme = createTheme({
  palette: {
    primary: { main: PRIMARY_COLOUR },
    secondary: { main: '#00796b' },
    error: { main: '#c62828' },
    background: { default: '#f7f7fb' },
  },
  // The spec's breakpoints: 700 (tabs), 900 (cards), 1100 (drawer), 1366; 840 is COMPACT_QUERY.
  breakpoints: {
    values: { xs: 0, sm: BREAKPOINTS.tabs, md: BREAKPOINTS.cards, lg: BREAKPOINTS.drawer, xl: BREAKPOINTS.wide },
  },
  typography: {
    fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
    button: { textTransform: 'none', fontWeight: 600 },
  },
  shape: { borderRadius: 8 },
  components: {
    MuiFormLabel: {
      styleOverrides: {
        // Required fields carry a red asterisk.
        asterisk: ({ theme }) => ({ color: theme.palette.error.main }),
      },
    },
    MuiButton: { defaultProps: { disableElevation: true } },
  },
});
