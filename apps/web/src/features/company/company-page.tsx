import { NotAvailableYet } from '../../components/not-available-yet';

export function CompanyPage() {
  return <NotAvailableYet title="Company profile" />;
}

export default CompanyPage;
