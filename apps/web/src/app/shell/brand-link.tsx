import Link from '@mui/material/Link';
import { Link as RouterLink } from 'react-router';
import { PRODUCT_NAME } from '../../components/use-document-title';

/** The product name at the left of the header, linking home. */
export function BrandLink({ to, compact }: { to: string; compact: boolean }) {
  return (
    <Link
      component={RouterLink}
      to={to}
      color="inherit"
      underline="none"
      sx={{ fontWeight: 800, fontSize: compact ? '1.1rem' : '1.35rem', letterSpacing: '-0.02em', whiteSpace: 'nowrap' }}
    >
      {PRODUCT_NAME}
    </Link>
  );
}
