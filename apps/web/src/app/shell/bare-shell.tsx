import Box from '@mui/material/Box';
import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { Loading } from '../../components/loading';
import { MAIN_ID } from './skip-link';

/** The page alone, without header, help button, balance or global upload (/cloud, signed in or out). */
export function BareShell() {
  return (
    <Box component="main" id={MAIN_ID} tabIndex={-1} sx={{ outline: 'none', minHeight: '100vh' }}>
      <Suspense fallback={<Loading minHeight="100vh" />}>
        <Outlet />
      </Suspense>
    </Box>
  );
}
