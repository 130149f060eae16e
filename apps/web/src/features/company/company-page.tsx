import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { NotAvailableYet } from '../../components/not-available-yet';

export function CompanyPage() {
  return (
    <NotAvailableYet title="Company profile">
      <Typography sx={{ mt: 2 }}>
        Your company's plan:{' '}
        <Link component={RouterLink} to="/plans" sx={{ fontWeight: 600 }}>
          Plans
        </Link>
      </Typography>
    </NotAvailableYet>
  );
}

export default CompanyPage;
