import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useDocumentTitle } from './use-document-title';

export interface PageProps {
  title: string;
  /** Shown beside the title (for example a toolbar). */
  actions?: ReactNode;
  children?: ReactNode;
  maxWidth?: number | string;
}

/** A page of the app: one h1 with the page's title, then its content. */
export function Page({ title, actions, children, maxWidth }: PageProps) {
  useDocumentTitle(title);
  return (
    <Box sx={{ maxWidth, mx: maxWidth ? 'auto' : undefined, width: '100%' }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap', mb: 2 }}>
        <Typography variant="h4" component="h1" sx={{ flex: 1, fontSize: { xs: '1.6rem', sm: '2rem' } }}>
          {title}
        </Typography>
        {actions}
      </Box>
      {children}
    </Box>
  );
}
