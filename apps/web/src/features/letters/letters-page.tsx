import { NotAvailableYet } from '../../components/not-available-yet';

export function LettersPage() {
  return <NotAvailableYet title="Letters" />;
}

export default LettersPage;
