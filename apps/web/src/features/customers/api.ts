import { MESSAGES } from '@lp/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type DataTableParams, listSearchParams } from '../../components/data-table';
import { type ApiBody, type ApiResponse, api, isApiError } from '../../lib/api';

/** A customer as GET /api/customers answers (one row). */
export type Customer = ApiResponse<'/api/customers'>['rows'][number];

/** One customer and their letters (newest first), as GET /api/customers/:id answers. */
export type CustomerDetail = ApiResponse<'/api/customers/{id}'>;

/** One of the customer's letters. */
export type CustomerLetter = CustomerDetail['letters'][number];

/** POST /api/customers. */
export type NewCustomerBody = ApiBody<'/api/customers', 'post'>;

/** PUT /api/customers: a field left out stays as it is; null clears the email or the phone. */
export type CustomerUpdateBody = ApiBody<'/api/customers', 'put'>;

/** Every customers query starts with 'customers', so a `refresh` naming customers refetches them. */
export const customerKeys = {
  all: ['customers'] as const,
  list: ['customers', 'list'] as const,
  detail: (id: string) => ['customers', 'detail', id] as const,
};

export const fetchCustomers = (params: DataTableParams, signal?: AbortSignal) =>
  api.get('/api/customers', { query: listSearchParams(params), signal });

/** One customer and their letters; the table's row is shown at once while the record loads. */
export function useCustomer(id: string | null, placeholder?: Customer) {
  return useQuery({
    queryKey: customerKeys.detail(id ?? ''),
    queryFn: ({ signal }) => api.get('/api/customers/{id}', { params: { id: id ?? '' }, signal }),
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
    mutationFn: (body: NewCustomerBody) => api.post('/api/customers', { body }),
    onSuccess: () => {
      void invalidate();
    },
  });
}

export function useUpdateCustomer() {
  const queryClient = useQueryClient();
  const invalidate = useInvalidateCustomers();
  return useMutation({
    mutationFn: (body: CustomerUpdateBody) => api.put('/api/customers', { body }),
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
    mutationFn: (id: string) => api.delete('/api/customers/{id}', { params: { id } }),
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
