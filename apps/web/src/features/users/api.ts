import { MESSAGES } from '@lp/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type DataTableParams, listSearchParams } from '../../components/data-table';
import { type ApiAnswer, type ApiBody, type ApiResponse, api, isApiError } from '../../lib/api';

/** A member as GET /api/users answers (the API contract's `UserRow`). */
export type UserRow = ApiResponse<'/api/users'>['rows'][number];

/** A department as GET /api/departments lists it. */
export type Department = DepartmentList['rows'][number];

/** A department with its members (GET /api/departments/:id). */
export type DepartmentDetail = ApiResponse<'/api/departments/{id}'>;
export type DepartmentMember = DepartmentDetail['members'][number];

/** The departments and the company's head count. */
export type DepartmentList = ApiResponse<'/api/departments'>;

/** Pence; 0 means Unlimited. */
export type SpendingCap = ApiResponse<'/api/users/{id}/spending-cap'>;

/** Every users query starts with 'users' and every departments query with 'departments' (live refresh). */
export const userKeys = {
  all: ['users'] as const,
  list: ['users', 'list'] as const,
  detail: (id: string) => ['users', 'detail', id] as const,
  byEmail: (email: string) => ['users', 'by-email', email] as const,
  cap: (id: string) => ['users', 'spending-cap', id] as const,
  options: ['users', 'options'] as const,
};

export const departmentKeys = {
  all: ['departments'] as const,
  list: ['departments', 'list'] as const,
  every: ['departments', 'every'] as const,
  detail: (id: string) => ['departments', 'detail', id] as const,
};

/** An entry of the owner's audit log, as GET /api/audit answers (newest first). */
export type AuditEntry = ApiResponse<'/api/audit'>['rows'][number];

/** Every audit query starts with 'audit' (live refresh). */
export const auditKeys = {
  all: ['audit'] as const,
  list: ['audit', 'list'] as const,
};

/** The finances screen's list of members' limits (features/finances financeKeys.spendingCaps). */
const FINANCE_SPENDING_CAPS_KEY = ['finances', 'spending-caps'] as const;

const ALL_ROWS: DataTableParams = { page: 0, limit: 'all', search: '', filters: {}, tab: '' };

export const fetchUsers = (params: DataTableParams, signal?: AbortSignal) =>
  api.get('/api/users', { query: listSearchParams(params), signal });

export const fetchDepartments = (params: DataTableParams, signal?: AbortSignal) =>
  api.get('/api/departments', { query: listSearchParams(params), signal });

/** The owner's audit log (403 for anyone else). */
export const fetchAudit = (params: DataTableParams, signal?: AbortSignal) =>
  api.get('/api/audit', { query: listSearchParams(params), signal });

/** Every department (the invite panel's choices, the supervisors' extras) and the company's head count. */
export function useAllDepartments(enabled = true) {
  return useQuery({
    queryKey: departmentKeys.every,
    queryFn: ({ signal }) => fetchDepartments(ALL_ROWS, signal),
    enabled,
    staleTime: 30_000,
  });
}

/** Every member's email address (the supervisors' choices). */
export function useMemberEmails(enabled = true) {
  return useQuery({
    queryKey: userKeys.options,
    queryFn: ({ signal }) => fetchUsers(ALL_ROWS, signal),
    select: (list) => list.rows.map((u) => u.email_address).sort((a, b) => a.localeCompare(b)),
    enabled,
    staleTime: 30_000,
  });
}

/** One member, shown at once from the table's row while the fresh record loads. */
export function useUser(id: string | null, placeholder?: UserRow) {
  return useQuery({
    queryKey: userKeys.detail(id ?? ''),
    queryFn: ({ signal }) => api.get('/api/users/{id}', { params: { id: id ?? '' }, signal }),
    enabled: !!id,
    placeholderData: placeholder,
  });
}

/** A member found by email address (the notifications panel's "View" of a supervised user). */
export function useUserByEmail(email: string | null) {
  return useQuery({
    queryKey: userKeys.byEmail(email ?? ''),
    enabled: !!email,
    queryFn: async ({ signal }) => {
      const wanted = (email ?? '').toLowerCase();
      const list = await fetchUsers({ ...ALL_ROWS, limit: 25, search: email ?? '' }, signal);
      return list.rows.find((u) => u.email_address.toLowerCase() === wanted) ?? null;
    },
  });
}

export function useSpendingCap(id: string, enabled: boolean) {
  return useQuery({
    queryKey: userKeys.cap(id),
    queryFn: ({ signal }) => api.get('/api/users/{id}/spending-cap', { params: { id }, signal }),
    enabled,
  });
}

export function useDepartment(id: string | null) {
  return useQuery({
    queryKey: departmentKeys.detail(id ?? ''),
    queryFn: ({ signal }) => api.get('/api/departments/{id}', { params: { id: id ?? '' }, signal }),
    enabled: !!id,
  });
}

/** After any change: users and departments (member counts, supervisors) and the audit log are refetched. */
function useInvalidateAdmin() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: userKeys.all }),
      queryClient.invalidateQueries({ queryKey: departmentKeys.all }),
      queryClient.invalidateQueries({ queryKey: auditKeys.all }),
    ]);
}

/** POST /api/users (the domain's inviteUserSchema). */
export type InviteBody = ApiBody<'/api/users', 'post'>;

/** Held for a supervisor's approval: 202 `{ message, approval_id, status: "In Review" }`. */
export type InReviewAnswer = ApiAnswer<'/api/users', 'post', 202>;

/** 201 `{ message, user }`, or 202 when the invitation awaits a supervisor's approval. */
export type InviteAnswer = ApiResponse<'/api/users', 'post'>;

/** 200 `{ message, user }`, or 202 when the change awaits a supervisor's approval. */
export type EditUserAnswer = ApiResponse<'/api/users/{id}', 'put'>;

/** 204 (nothing), or 202 when the removal awaits a supervisor's approval. */
export type DeleteUserAnswer = ApiResponse<'/api/users/{id}', 'delete'>;

/** True when the call is held for a supervisor's approval (202 "In Review") instead of done. */
export function isInReview(answer: InviteAnswer | EditUserAnswer | DeleteUserAnswer): answer is InReviewAnswer {
  return !!answer && ('approval_id' in answer || ('status' in answer && answer.status === 'In Review'));
}

export function useInviteUser() {
  const invalidate = useInvalidateAdmin();
  return useMutation({
    mutationFn: (body: InviteBody): Promise<InviteAnswer> => api.post('/api/users', { body }),
    onSuccess: () => invalidate(),
  });
}

export type EditUserBody = ApiBody<'/api/users/{id}', 'put'>;

export function useEditUser(id: string) {
  const invalidate = useInvalidateAdmin();
  return useMutation({
    mutationFn: (body: EditUserBody): Promise<EditUserAnswer> => api.put('/api/users/{id}', { params: { id }, body }),
    onSuccess: () => invalidate(),
  });
}

export function useDeleteUser(id: string) {
  const invalidate = useInvalidateAdmin();
  return useMutation({
    // 204, or 202 `{ message, approval_id, status: "In Review" }` when it awaits approval.
    mutationFn: (): Promise<DeleteUserAnswer> => api.delete('/api/users/{id}', { params: { id } }),
    // Not awaited: the deleted record's details would refetch (404) before the panel can close.
    onSuccess: () => {
      void invalidate();
    },
  });
}

export function useSaveSpendingCap(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ApiBody<'/api/users/{id}/spending-cap', 'put'>) =>
      api.put('/api/users/{id}/spending-cap', { params: { id }, body }),
    onSuccess: (answer) => {
      const { message: _message, ...cap } = answer;
      queryClient.setQueryData<SpendingCap>(userKeys.cap(id), cap);
      void queryClient.invalidateQueries({ queryKey: auditKeys.all });
      // The finances screen lists every member's limit.
      void queryClient.invalidateQueries({ queryKey: FINANCE_SPENDING_CAPS_KEY });
      return queryClient.invalidateQueries({ queryKey: userKeys.cap(id) });
    },
  });
}

/** A department as POST /api/departments and PUT /api/departments/:id take it. */
export type DepartmentBody = ApiBody<'/api/departments/{id}', 'put'>;

export function useCreateDepartments() {
  const invalidate = useInvalidateAdmin();
  return useMutation({
    mutationFn: (departments: DepartmentBody[]) => api.post('/api/departments', { body: { departments } }),
    onSuccess: () => invalidate(),
  });
}

export function useUpdateDepartment(id: string) {
  const invalidate = useInvalidateAdmin();
  return useMutation({
    mutationFn: (body: DepartmentBody) => api.put('/api/departments/{id}', { params: { id }, body }),
    onSuccess: () => invalidate(),
  });
}

export function useDeleteDepartment(id: string) {
  const invalidate = useInvalidateAdmin();
  return useMutation({
    mutationFn: () => api.delete('/api/departments/{id}', { params: { id } }),
    // Not awaited: the deleted record's details would refetch (404) before the panel can close.
    onSuccess: () => {
      void invalidate();
    },
  });
}

/** True when the server said something of its own (not the client's generic fallback). */
function ownMessage(error: unknown): string | null {
  if (!isApiError(error) || !error.message || error.message === MESSAGES.genericError) return null;
  return error.message;
}

/**
 * The message for a failed administration call (part 1 section 8): for 426 the server's text or the
 * upgrade text; a refusal (401, 403) is "Permission denied"; a 422 names its first field error; another
 * answer of the server (400, 404, 409) is shown as is; anything else (5xx, no answer) gives the
 * action's own failure text.
 */
export function adminFailureMessage(error: unknown, fallback: string): string {
  if (isApiError(error, 426)) return ownMessage(error) ?? MESSAGES.upgradePlan;
  if (isApiError(error, 401) || isApiError(error, 403)) return MESSAGES.permissionDenied;
  if (isApiError(error, 422)) return error.fields[0]?.message ?? fallback;
  if (isApiError(error) && error.status >= 400 && error.status < 500) return ownMessage(error) ?? fallback;
  return fallback;
}
