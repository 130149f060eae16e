import { NotAvailableYet } from '../../components/not-available-yet';

export function LetterheadsPage() {
  return <NotAvailableYet title="Letterheads" />;
}

export default LetterheadsPage;
