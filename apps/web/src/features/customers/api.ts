import { type CloudDriveId, MESSAGES } from '@lp/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type DataTableParams, type DataTableResult, listUrl } from '../../components/data-table';
import { api, isApiError } from '../../lib/api';

/** A customer as GET /api/customers answers (one row). */
export interface Customer {
  customer_uuid: string;
  recipient: string;
  /** Comma-separated, the postcode last. */
  address: string;
  address_lines: string[];
  postcode: string | null;
  email: string | null;
  phone: string | null;
  communications_preference: string[];
  /** The drive the customer keeps their letters in (google_drive, dropbox, onedrive), or null. */
  cloud_storage_provider: string | null;
  created_at: string;
  updated_at: string;
}

/** One of the customer's letters, as GET /api/customers/:id lists them (newest first). */
export interface CustomerLetter {
  uuid: string;
  name: string;
  status: string;
  display_status: string;
  creation_date: string;
}

export interface CustomerDetail extends Customer {
  letters: CustomerLetter[];
}

/** POST /api/customers. */
export interface NewCustomerBody {
  name: string;
  address_lines: string[];
  postcode: string;
  email: string;
  phone: string;
  communications_preference: string[];
  /** A drive's id, or null for none. */
  cloud_storage_provider: CloudDriveId | null;
}

/** PUT /api/customers: a field left out stays as it is; null clears the email or the phone. */
export interface CustomerUpdateBody {
  customer_uuid: string;
  new_customer_name?: string;
  new_customer_address?: { address_lines: string[]; postcode: string };
  customer_email?: string | null;
  customer_phone?: string | null;
  communications_preferences?: string[];
  /** A drive's id; null takes it off. */
  cloud_storage_provider?: CloudDriveId | null;
}

/** Every customers query starts with 'customers', so a `refresh` naming customers refetches them. */
export const customerKeys = {
  all: ['customers'] as const,
  list: ['customers', 'list'] as const,
  detail: (id: string) => ['customers', 'detail', id] as const,
};

const path = (id: string) => `/api/customers/${encodeURIComponent(id)}`;

export const fetchCustomers = (params: DataTableParams, signal?: AbortSignal) =>
  api.get<DataTableResult<Customer>>(listUrl('/api/customers', params), { signal });

/** One customer and their letters; the table's row is shown at once while the record loads. */
export function useCustomer(id: string | null, placeholder?: Customer) {
  return useQuery({
    queryKey: customerKeys.detail(id ?? ''),
    queryFn: ({ signal }) => api.get<CustomerDetail>(path(id ?? ''), { signal }),
    enabled: !!id,
    placeholderData: placeholder && placeholder.customer_uuid === id ? { ...placeholder, letters: [] } : undefined,
  });
}

function useInvalidateCustomers() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: customerKeys.all });
}

export function useCreateCustomer() {
  const invalidate = useInvalidateCustomers();
  return useMutation({
    mutationFn: (body: NewCustomerBody) => api.post<Customer>('/api/customers', body),
    onSuccess: () => {
      void invalidate();
    },
  });
}

export function useUpdateCustomer() {
  const queryClient = useQueryClient();
  const invalidate = useInvalidateCustomers();
  return useMutation({
    mutationFn: (body: CustomerUpdateBody) => api.put<Customer>('/api/customers', body),
    onSuccess: (saved) => {
      // The panel shows the saved record at once; its letters stay until the refetch.
      queryClient.setQueryData<CustomerDetail>(customerKeys.detail(saved.customer_uuid), (old) =>
        old ? { ...old, ...saved } : old,
      );
      void invalidate();
    },
  });
}

export function useDeleteCustomer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<{ customer_uuid: string; message: string }>(path(id)),
    onSuccess: (_, id) => {
      // The open panel's record is gone: drop it rather than refetch a 404.
      queryClient.removeQueries({ queryKey: customerKeys.detail(id) });
      void queryClient.invalidateQueries({ queryKey: customerKeys.list });
      // The customer's letters stay, unlinked.
      void queryClient.invalidateQueries({ queryKey: ['letters'] });
    },
  });
}

/** A failed customers call for people: "Permission denied" for a refusal, the server's words for a 4xx, else the generic text. */
export function customerFailureMessage(error: unknown): string {
  if (isApiError(error, 401) || isApiError(error, 403)) return MESSAGES.permissionDenied;
  if (isApiError(error) && error.status >= 400 && error.status < 500 && error.message) return error.message;
  // The postcode service may be down for a moment: the server says so.
  if (isApiError(error, 503) && error.message) return error.message;
  return MESSAGES.genericError;
}
