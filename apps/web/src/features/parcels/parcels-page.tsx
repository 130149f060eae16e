import { MESSAGES } from '@lp/domain';
import AddBox from '@mui/icons-material/AddBox';
import Button from '@mui/material/Button';
import { useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { DataTable, type DataTableColumn } from '../../components/data-table';
import { MessageBanner } from '../../components/message-banner';
import { Page } from '../../components/page';
import { formatDisplayDate } from '../../lib/dates';
import { type Me, useMe } from '../../lib/session';
import { SCREEN_HELP } from '../guide/screen-help';
import { fetchParcels, type Parcel, parcelKeys } from './api';
import { formatCollectionDate, ParcelPanel, ParcelStatusBadge } from './parcel-panel';

export const BOOK_PARCEL = 'Book a parcel';

export const PARCEL_COLUMNS: DataTableColumn<Parcel>[] = [
  { key: 'recipient', label: 'Recipient', primary: true, render: (p) => p.recipient?.name || '—' },
  { key: 'destination_address', label: 'Destination', render: (p) => p.destination_address || '—' },
  {
    key: 'carrier_name',
    label: 'Carrier',
    filterable: true,
    render: (p) => [p.carrier_name, p.service_name].filter(Boolean).join(' – ') || '—',
  },
  { key: 'shipment_id', label: 'Tracking number', render: (p) => p.shipment_id || '—' },
  { key: 'collection_date', label: 'Collection date', render: (p) => formatCollectionDate(p.collection_date) },
  { key: 'cost', label: 'Cost', render: (p) => p.cost_text || '—' },
  { key: 'status', label: 'Status', filterable: true, render: (p) => <ParcelStatusBadge status={p.status} /> },
  { key: 'created_at', label: 'Created', render: (p) => formatDisplayDate(p.created_at) },
];

/** What the signed-in member may do here (the server refuses the rest). */
function rightsOf(me: Me) {
  const abilities = new Set(me.abilities);
  const create = abilities.has('create_parcel');
  const seeParcels = abilities.has('see_parcels');
  return { list: seeParcels || create || abilities.has('approve'), create, seeParcels };
}

/**
 * /parcels (part 1 section 2; issue 13): the company's parcels in the shared table, the parcel panel
 * (a row, or ?parcel=<id>), and "Book a parcel" with create_parcel.
 */
export function ParcelsPage() {
  const me = useMe().data;
  if (!me) return null;
  const rights = rightsOf(me);
  if (!rights.list) {
    return (
      <Page title="Parcels">
        <MessageBanner kind="info">{MESSAGES.permissionDenied}</MessageBanner>
      </Page>
    );
  }
  return <Parcels rights={rights} />;
}

function Parcels({ rights }: { rights: ReturnType<typeof rightsOf> }) {
  const [params, setParams] = useSearchParams();
  const [open, setOpen] = useState<{ id: string; row?: Parcel } | null>(null);
  const linked = params.get('parcel');
  const shown = open ?? (linked ? { id: linked } : null);
  const close = () => {
    setOpen(null);
    if (params.has('parcel')) setParams({}, { replace: true });
  };
  return (
    <Page
      title="Parcels"
      help={SCREEN_HELP.parcels}
      actions={
        rights.create ? (
          <Button variant="contained" startIcon={<AddBox />} component={RouterLink} to="/parcels/order">
            {BOOK_PARCEL}
          </Button>
        ) : null
      }
    >
      <DataTable<Parcel>
        title="Parcels"
        queryKey={parcelKeys.list}
        fetcher={fetchParcels}
        columns={PARCEL_COLUMNS}
        rowKey={(p) => p.parcel_uuid}
        onRowClick={(p) => setOpen({ id: p.parcel_uuid, row: p })}
      />
      <ParcelPanel
        parcelId={shown?.id ?? null}
        row={shown?.row}
        canSeeLabels={rights.seeParcels}
        canVoid={rights.create}
        onClose={close}
      />
    </Page>
  );
}

export default ParcelsPage;
