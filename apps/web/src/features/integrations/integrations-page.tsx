import { NotAvailableYet } from '../../components/not-available-yet';

export function IntegrationsPage() {
  return <NotAvailableYet title="Integrations" />;
}

export default IntegrationsPage;
