import { NotAvailableYet } from '../../components/not-available-yet';

export function ParcelsPage() {
  return <NotAvailableYet title="Parcels" />;
}

export default ParcelsPage;
