import { MESSAGES } from '@lp/domain';
import Download from '@mui/icons-material/Download';
import PersonAdd from '@mui/icons-material/PersonAdd';
import UploadFile from '@mui/icons-material/UploadFile';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { DataTable, type DataTableColumn } from '../../components/data-table';
import { MessageBanner } from '../../components/message-banner';
import { Page } from '../../components/page';
import { type Me, useMe } from '../../lib/session';
import { SCREEN_HELP } from '../guide/screen-help';
import { type Customer, customerKeys, fetchCustomers } from './api';
import { PREFERENCES_LABEL } from './customer-form';
import { ADD_CUSTOMER, CustomerPanel, type CustomerPanelState, PreferenceChips } from './customer-panel';
import { EXPORT_URL } from './import-api';
import { CustomerImportDialog, IMPORT_BUTTON } from './import-dialog';

export const CUSTOMER_COLUMNS: DataTableColumn<Customer>[] = [
  { key: 'recipient', label: 'Recipient', primary: true },
  { key: 'address', label: 'Address', render: (c) => c.address || '—' },
  { key: 'email', label: 'Email', render: (c) => c.email || '—' },
  { key: 'phone', label: 'Phone', render: (c) => c.phone || '—' },
  {
    key: 'communications_preference',
    label: PREFERENCES_LABEL,
    filterable: true,
    render: (c) => <PreferenceChips preferences={c.communications_preference} />,
  },
];

/** What the signed-in member may do here (the server refuses the rest). */
function rightsOf(me: Me) {
  const abilities = new Set(me.abilities);
  const manage = abilities.has('manage_recipients');
  return { see: manage || abilities.has('see_recipients'), manage, seeLetters: abilities.has('see_letters') };
}

/**
 * /customers (part 2 "Customers screen"; issue 12): the company's recipients in the shared table, the
 * customer panel (a row, or ?customer=<id>), Export CSV and, with manage_recipients, Import, Add, Edit and Delete.
 */
export function CustomersPage() {
  const me = useMe().data;
  if (!me) return null;
  const rights = rightsOf(me);
  if (!rights.see) {
    return (
      <Page title="Customers">
        <MessageBanner kind="info">{MESSAGES.permissionDenied}</MessageBanner>
      </Page>
    );
  }
  return <Customers rights={rights} />;
}

function Customers({ rights }: { rights: ReturnType<typeof rightsOf> }) {
  const [params, setParams] = useSearchParams();
  const [panel, setPanel] = useState<CustomerPanelState>({ kind: 'closed' });
  const [importing, setImporting] = useState(false);
  const linked = params.get('customer');
  const shown: CustomerPanelState = panel.kind === 'closed' && linked ? { kind: 'view', id: linked } : panel;
  const close = () => {
    setPanel({ kind: 'closed' });
    if (params.has('customer')) setParams({}, { replace: true });
  };
  return (
    <Page
      title="Customers"
      help={SCREEN_HELP.customers}
      actions={
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
          <Button variant="outlined" startIcon={<Download />} href={EXPORT_URL} download="customers.csv">
            Export CSV
          </Button>
          {rights.manage ? (
            <>
              <Button variant="outlined" startIcon={<UploadFile />} onClick={() => setImporting(true)}>
                {IMPORT_BUTTON}
              </Button>
              <Button variant="contained" startIcon={<PersonAdd />} onClick={() => setPanel({ kind: 'add' })}>
                {ADD_CUSTOMER}
              </Button>
            </>
          ) : null}
        </Box>
      }
    >
      <DataTable<Customer>
        title="Customers"
        queryKey={customerKeys.list}
        fetcher={fetchCustomers}
        columns={CUSTOMER_COLUMNS}
        rowKey={(c) => c.customer_uuid}
        onRowClick={(c) => setPanel({ kind: 'view', id: c.customer_uuid, row: c })}
      />
      <CustomerPanel
        state={shown}
        onClose={close}
        onCreated={(c) => setPanel({ kind: 'view', id: c.customer_uuid, row: c })}
        canManage={rights.manage}
        canSeeLetters={rights.seeLetters}
      />
      {importing ? <CustomerImportDialog onClose={() => setImporting(false)} /> : null}
    </Page>
  );
}

export default CustomersPage;
