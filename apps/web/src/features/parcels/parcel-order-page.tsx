import { NotAvailableYet } from '../../components/not-available-yet';

export function ParcelOrderPage() {
  return <NotAvailableYet title="Book a parcel" />;
}

export default ParcelOrderPage;
