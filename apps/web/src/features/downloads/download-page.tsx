import { useParams } from 'react-router';
import { NotAvailableYet } from '../../components/not-available-yet';
import { NotFound } from '../../components/not-found';

const SYSTEMS: Record<string, string> = { windows: 'Windows', mac: 'Mac' };

/** /download/:os, where os is windows or mac; any other value is not a page. */
export function DownloadPage() {
  const { os = '' } = useParams();
  const name = Object.hasOwn(SYSTEMS, os) ? SYSTEMS[os] : undefined;
  if (!name) return <NotFound />;
  return <NotAvailableYet title={`Download for ${name}`} />;
}

export default DownloadPage;
