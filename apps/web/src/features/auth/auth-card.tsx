import Paper from '@mui/material/Paper';
import type { ReactNode } from 'react';
import { Page } from '../../components/page';

/** The narrow centred card the signed-out forms sit in. */
export function AuthCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Page title={title} maxWidth={480}>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        {children}
      </Paper>
    </Page>
  );
}
