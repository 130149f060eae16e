import {
  CUSTOMER_MESSAGES,
  cloudDriveOf,
  DISPLAY_STATUSES,
  type DisplayStatus,
  displayLetterStatus,
  findIntegrationProvider,
  MESSAGES,
} from '@lp/domain';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { Loading } from '../../components/loading';
import { MessageBanner } from '../../components/message-banner';
import { SidePanel } from '../../components/side-panel';
import { isApiError } from '../../lib/api';
import { formatDisplayDate } from '../../lib/dates';
import { notify } from '../../lib/notify';
import { StatusBadge } from '../letters/status-badge';
import { MessagesSection } from '../messages/messages-section';
import {
  type Customer,
  type CustomerDetail,
  type CustomerLetter,
  customerFailureMessage,
  useCreateCustomer,
  useCustomer,
  useDeleteCustomer,
  useUpdateCustomer,
} from './api';
import {
  CLOUD_STORAGE_LABEL,
  customerFormValues,
  customerUpdateBody,
  emptyCustomerForm,
  newCustomerBody,
  PREFERENCES_LABEL,
} from './customer-form';
import { CustomerForm } from './customer-form-fields';

/** A letter to this address came back (decision 0037): shown until the address is changed. */
export const RETURNED_ADDRESS_TEXT = (reason: string, at: string) =>
  `A letter to this address was returned to sender on ${at}: ${reason}. Check the address before posting again.`;

export const ADD_CUSTOMER = 'Add customer';
export const NOTHING_CHANGED = 'Nothing was changed.';
export const NO_LETTERS = 'No letters for this customer yet.';
export const CUSTOMER_NOT_FOUND = 'This customer could not be found.';

/** What the customer panel shows: nothing, a customer (with the table's row while it loads), or the add form. */
export type CustomerPanelState = { kind: 'closed' } | { kind: 'view'; id: string; row?: Customer } | { kind: 'add' };

export interface CustomerPanelProps {
  state: CustomerPanelState;
  onClose: () => void;
  /** After adding: the new customer, to show it. */
  onCreated: (customer: Customer) => void;
  /** manage_recipients: Add, Edit and Delete. */
  canManage: boolean;
  /** see_letters: the customer's letters link to their panel in /letters. */
  canSeeLetters: boolean;
}

/** The customer panel (a side drawer): the customer's details and letters, Edit and Delete; or the Add form. */
export function CustomerPanel({ state, onClose, onCreated, canManage, canSeeLetters }: CustomerPanelProps) {
  const id = state.kind === 'view' ? state.id : null;
  const customer = useCustomer(id, state.kind === 'view' ? state.row : undefined);
  const data = customer.data;
  const title = state.kind === 'add' ? ADD_CUSTOMER : data?.recipient || 'Customer';
  return (
    <SidePanel open={state.kind !== 'closed'} onClose={onClose} title={title} data-testid="customer-panel">
      {state.kind === 'add' ? (
        canManage ? (
          <AddCustomer onCancel={onClose} onCreated={onCreated} />
        ) : (
          <MessageBanner kind="info">{MESSAGES.permissionDenied}</MessageBanner>
        )
      ) : data ? (
        <CustomerDetails
          key={data.customer_uuid}
          customer={data}
          lettersLoading={customer.isPlaceholderData}
          onClose={onClose}
          canManage={canManage}
          canSeeLetters={canSeeLetters}
        />
      ) : customer.isError ? (
        <MessageBanner kind="error">
          {isApiError(customer.error, 404) ? CUSTOMER_NOT_FOUND : customerFailureMessage(customer.error)}
        </MessageBanner>
      ) : (
        <Loading />
      )}
    </SidePanel>
  );
}

function AddCustomer({ onCancel, onCreated }: { onCancel: () => void; onCreated: (customer: Customer) => void }) {
  const create = useCreateCustomer();
  return (
    <CustomerForm
      defaultValues={emptyCustomerForm()}
      saveLabel={ADD_CUSTOMER}
      onCancel={onCancel}
      onSave={async (values) => {
        const created = await create.mutateAsync(newCustomerBody(values));
        notify(CUSTOMER_MESSAGES.saved, { variant: 'success' });
        onCreated(created);
      }}
    />
  );
}

function CustomerDetails({
  customer,
  lettersLoading,
  onClose,
  canManage,
  canSeeLetters,
}: {
  customer: CustomerDetail;
  lettersLoading: boolean;
  onClose: () => void;
  canManage: boolean;
  canSeeLetters: boolean;
}) {
  const [editing, setEditing] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const update = useUpdateCustomer();
  const remove = useDeleteCustomer();
  const lettersId = useId();

  if (editing) {
    return (
      <Box>
        <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 700 }}>
          Edit customer
        </Typography>
        <CustomerForm
          defaultValues={customerFormValues(customer)}
          onCancel={() => setEditing(false)}
          onSave={async (values) => {
            const body = customerUpdateBody(customer, values);
            if (!body) {
              notify(NOTHING_CHANGED, { variant: 'info' });
              setEditing(false);
              return;
            }
            await update.mutateAsync(body);
            notify(CUSTOMER_MESSAGES.saved, { variant: 'success' });
            setEditing(false);
          }}
        />
      </Box>
    );
  }

  const confirmRemoval = () =>
    remove.mutateAsync(customer.customer_uuid).then(
      (answer) => {
        notify(answer?.message || CUSTOMER_MESSAGES.deleted, { variant: 'success' });
        setConfirmDelete(false);
        onClose();
      },
      (error) => {
        setConfirmDelete(false);
        notify(customerFailureMessage(error), { variant: 'error' });
      },
    );

  const facts: [string, string][] = [
    ['Name', customer.recipient],
    ['Address', customer.address || '—'],
    ['Email', customer.email || '—'],
    ['Phone', customer.phone || '—'],
  ];
  if (customer.cloud_storage_provider) {
    const drive = cloudDriveOf(customer.cloud_storage_provider);
    facts.push([
      CLOUD_STORAGE_LABEL,
      (drive && findIntegrationProvider(drive)?.name) || customer.cloud_storage_provider,
    ]);
  }

  return (
    <Box>
      {customer.address_returned ? (
        <Alert severity="warning" data-testid="address-returned" sx={{ mb: 2 }}>
          {RETURNED_ADDRESS_TEXT(customer.address_returned.reason, formatDisplayDate(customer.address_returned.at))}
        </Alert>
      ) : null}
      <Box
        component="dl"
        sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 2, rowGap: 1, m: 0 }}
      >
        {facts.map(([label, value]) => (
          <Box key={label} sx={{ display: 'contents' }}>
            <Typography component="dt" color="text.secondary">
              {label}
            </Typography>
            <Typography component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
              {value}
            </Typography>
          </Box>
        ))}
        <Box sx={{ display: 'contents' }}>
          <Typography component="dt" color="text.secondary">
            {PREFERENCES_LABEL}
          </Typography>
          <Box component="dd" sx={{ m: 0 }}>
            <PreferenceChips preferences={customer.communications_preference} />
          </Box>
        </Box>
      </Box>
      {canManage ? (
        <Box sx={{ display: 'flex', gap: 1, mt: 3 }}>
          <Button variant="contained" onClick={() => setEditing(true)}>
            Edit
          </Button>
          <Button color="error" variant="outlined" onClick={() => setConfirmDelete(true)}>
            Delete
          </Button>
        </Box>
      ) : null}
      <Box component="section" aria-labelledby={lettersId} sx={{ mt: 4 }}>
        <Typography id={lettersId} component="h3" variant="subtitle1" sx={{ fontWeight: 700, mb: 1 }}>
          Letters
        </Typography>
        {lettersLoading ? (
          <Loading minHeight={60} />
        ) : customer.letters.length === 0 ? (
          <Typography color="text.secondary">{NO_LETTERS}</Typography>
        ) : (
          <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
            {customer.letters.map((l) => (
              <Box
                component="li"
                key={l.uuid}
                sx={{
                  display: 'flex',
                  flexWrap: 'wrap',
                  alignItems: 'center',
                  gap: 1,
                  py: 1,
                  borderBottom: 1,
                  borderColor: 'divider',
                }}
              >
                <Box sx={{ flex: '1 1 200px', minWidth: 0, overflowWrap: 'anywhere' }}>
                  {canSeeLetters ? (
                    <Link component={RouterLink} to={`/letters?letter=${encodeURIComponent(l.uuid)}`}>
                      {l.name}
                    </Link>
                  ) : (
                    l.name
                  )}
                  <Typography variant="body2" color="text.secondary">
                    {formatDisplayDate(l.creation_date)}
                  </Typography>
                </Box>
                <StatusBadge status={customerLetterStatus(l)} />
              </Box>
            ))}
          </Box>
        )}
      </Box>
      <MessagesSection owner="customers" id={customer.customer_uuid} canSeeLetters={canSeeLetters} />
      <ConfirmDialog
        open={confirmDelete}
        busy={remove.isPending}
        onCancel={() => setConfirmDelete(false)}
        onConfirm={() => void confirmRemoval()}
        message={`${customer.recipient} will be deleted. Their letters stay, without a customer.`}
      />
    </Box>
  );
}

const isDisplayStatus = (status: string): status is DisplayStatus =>
  (DISPLAY_STATUSES as readonly string[]).includes(status);

/** The letter's label: the server's reading (it knows whether the letter was forced to fail), else the raw status's. */
function customerLetterStatus(letter: CustomerLetter): DisplayStatus {
  return isDisplayStatus(letter.display_status) ? letter.display_status : displayLetterStatus(letter.status);
}

/** The communication preferences as chips. */
export function PreferenceChips({ preferences }: { preferences: readonly string[] }) {
  if (preferences.length === 0) return <>—</>;
  return (
    <Box component="span" sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
      {preferences.map((p) => (
        <Chip key={p} size="small" label={p} />
      ))}
    </Box>
  );
}
