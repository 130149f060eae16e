import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Page } from './page';

export const NOT_AVAILABLE_TEXT = 'This screen is not available yet.';

/** An honest placeholder for a screen that has not been built: its title and a note saying so. */
export function NotAvailableYet({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <Page title={title}>
      <Typography>{NOT_AVAILABLE_TEXT}</Typography>
      {children}
    </Page>
  );
}
