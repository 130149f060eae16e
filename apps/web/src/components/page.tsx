import HelpOutline from '@mui/icons-material/HelpOutlineOutlined';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { useDocumentTitle } from './use-document-title';

export interface PageProps {
  title: string;
  /** Shown beside the title (for example a toolbar). */
  actions?: ReactNode;
  children?: ReactNode;
  maxWidth?: number | string;
  /** The guide article about this screen (its slug): a help button beside the title opens /guide/{help}. */
  help?: string;
}

/** The help button's tooltip and accessible name beside a screen's title. */
export const pageHelpLabel = (title: string) => `Help: read the guide about ${title}`;

/** A page of the app: one h1 with the page's title, then its content. */
export function Page({ title, actions, children, maxWidth, help }: PageProps) {
  useDocumentTitle(title);
  return (
    <Box sx={{ maxWidth, mx: maxWidth ? 'auto' : undefined, width: '100%' }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap', mb: 2 }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, flex: 1, minWidth: 0 }}>
          <Typography variant="h4" component="h1" sx={{ fontSize: { xs: '1.6rem', sm: '2rem' } }}>
            {title}
          </Typography>
          {help ? (
            // A native title, not MUI's Tooltip: Page is on /signIn too, whose bundle has a budget (Tooltip is 12 KB).
            <IconButton
              component={RouterLink}
              to={`/guide/${help}`}
              aria-label={pageHelpLabel(title)}
              title={pageHelpLabel(title)}
              size="small"
              color="primary"
              data-testid="page-help"
            >
              <HelpOutline fontSize="small" />
            </IconButton>
          ) : null}
        </Box>
        {actions}
      </Box>
      {children}
    </Box>
  );
}
