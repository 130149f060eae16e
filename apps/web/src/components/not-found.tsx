import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { Page } from './page';

/** The page for an address the product does not have. */
export function NotFound() {
  return (
    <Page title="Page not found">
      <Typography sx={{ mb: 2 }}>We could not find the page you asked for.</Typography>
      <Link component={RouterLink} to="/">
        Go to the home page
      </Link>
    </Page>
  );
}

export default NotFound;
