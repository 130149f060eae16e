import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Toolbar from '@mui/material/Toolbar';
import useMediaQuery from '@mui/material/useMediaQuery';
import { Suspense } from 'react';
import { NavLink, Outlet } from 'react-router';
import { Loading } from '../../components/loading';
import { COMPACT_QUERY } from '../theme';
import { BrandLink } from './brand-link';
import { MAIN_ID, SkipLink } from './skip-link';

/** The signed-out shell: a neutral header with Sign In and Register, and the page. */
export function SignedOutShell() {
  const compact = useMediaQuery(COMPACT_QUERY);
  return (
    <>
      <SkipLink />
      <AppBar
        position="static"
        color="inherit"
        elevation={0}
        sx={{ bgcolor: 'background.paper', borderBottom: 1, borderColor: 'divider' }}
      >
        <Toolbar variant={compact ? 'dense' : 'regular'} sx={{ gap: 1, px: compact ? 1.5 : 3 }}>
          <Box sx={{ color: 'primary.main', flex: 1 }}>
            <BrandLink to="/" compact={compact} />
          </Box>
          <Box component="nav" aria-label="Account" sx={{ display: 'flex', gap: 1 }}>
            <Button component={NavLink} to="/signIn" color="primary">
              Sign In
            </Button>
            <Button component={NavLink} to="/signUp" variant="contained" color="primary">
              Register
            </Button>
          </Box>
        </Toolbar>
      </AppBar>
      <Box
        component="main"
        id={MAIN_ID}
        tabIndex={-1}
        sx={{ outline: 'none', px: compact ? 1.5 : 3, py: compact ? 2 : 4 }}
      >
        <Suspense fallback={<Loading />}>
          <Outlet />
        </Suspense>
      </Box>
    </>
  );
}
