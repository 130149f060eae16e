import { MESSAGES, type PermissionsByKind } from '@lp/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type DataTableParams, type DataTableResult, listUrl } from '../../components/data-table';
import { api, isApiError } from '../../lib/api';

/** A member as GET /api/users answers (the API contract's `UserRow`). */
export interface UserRow {
  id: string;
  user_name: string;
  email_address: string;
  department: string | null;
  roles: string[];
  permissions: PermissionsByKind;
  approvals: PermissionsByKind;
  supervised_departments: string[];
  accepted_invite: boolean;
  job_title: string;
  phone_number: string;
  is_owner: boolean;
  is_self: boolean;
  created_at: string;
}

export interface Department {
  id: string;
  name: string;
  permissions: PermissionsByKind;
  approvals: PermissionsByKind;
  supervised_by: string[];
  numMembers: number;
}

export interface DepartmentMember {
  id: string;
  user_name: string;
  email_address: string;
  roles: string[];
}

export interface DepartmentDetail extends Department {
  members: DepartmentMember[];
}

export type DepartmentList = DataTableResult<Department> & { employees?: number };

/** Pence; 0 means Unlimited. */
export interface SpendingCap {
  cap: number;
  override_cap: number;
  amount_spent: number;
  month: string;
}

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
export interface AuditEntry {
  id: number;
  /** ISO 8601. */
  at: string;
  /** Null for a change the system made on its own. */
  actor_email: string | null;
  /** 'user.invited', 'spending_cap.set', 'approval.approve', ... */
  action: string;
  entity_type: string;
  entity_id: string;
  before: unknown;
  after: unknown;
}

/** Every audit query starts with 'audit' (live refresh). */
export const auditKeys = {
  all: ['audit'] as const,
  list: ['audit', 'list'] as const,
};

/** The finances screen's list of members' limits (features/finances financeKeys.spendingCaps). */
const FINANCE_SPENDING_CAPS_KEY = ['finances', 'spending-caps'] as const;

const ALL_ROWS: DataTableParams = { page: 0, limit: 'all', search: '', filters: {}, tab: '' };

export const fetchUsers = (params: DataTableParams, signal?: AbortSignal) =>
  api.get<DataTableResult<UserRow>>(listUrl('/api/users', params), { signal });

export const fetchDepartments = (params: DataTableParams, signal?: AbortSignal) =>
  api.get<DepartmentList>(listUrl('/api/departments', params), { signal });

/** The owner's audit log (403 for anyone else). */
export const fetchAudit = (params: DataTableParams, signal?: AbortSignal) =>
  api.get<DataTableResult<AuditEntry>>(listUrl('/api/audit', params), { signal });

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
    queryFn: ({ signal }) => api.get<UserRow>(`/api/users/${encodeURIComponent(id ?? '')}`, { signal }),
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
    queryFn: ({ signal }) => api.get<SpendingCap>(`/api/users/${encodeURIComponent(id)}/spending-cap`, { signal }),
    enabled,
  });
}

export function useDepartment(id: string | null) {
  return useQuery({
    queryKey: departmentKeys.detail(id ?? ''),
    queryFn: ({ signal }) => api.get<DepartmentDetail>(`/api/departments/${encodeURIComponent(id ?? '')}`, { signal }),
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
export interface InviteBody {
  user_name: string;
  email_address: string;
  roles: string[];
  permissions: PermissionsByKind;
  approvals: PermissionsByKind;
  department: string | null;
  supervised_departments: string[];
}

/** 201 `{ message, user }` or 202 `{ message, approval_id, status: "In Review" }`. */
export interface InviteAnswer {
  message?: string;
  user?: UserRow;
  approval_id?: string;
  status?: string;
}

export function useInviteUser() {
  const invalidate = useInvalidateAdmin();
  return useMutation({
    mutationFn: (body: InviteBody) => api.post<InviteAnswer>('/api/users', body),
    onSuccess: () => invalidate(),
  });
}

export type EditUserBody = Omit<InviteBody, 'user_name' | 'email_address'>;

export function useEditUser(id: string) {
  const invalidate = useInvalidateAdmin();
  return useMutation({
    mutationFn: (body: EditUserBody) =>
      // 200 `{ message, user }`, or 202 `{ message, approval_id, status: "In Review" }` when it awaits approval.
      api.put<InviteAnswer>(`/api/users/${encodeURIComponent(id)}`, body),
    onSuccess: () => invalidate(),
  });
}

export function useDeleteUser(id: string) {
  const invalidate = useInvalidateAdmin();
  return useMutation({
    // 204, or 202 `{ message, approval_id, status: "In Review" }` when it awaits approval.
    mutationFn: () => api.delete<InviteAnswer | undefined>(`/api/users/${encodeURIComponent(id)}`),
    // Not awaited: the deleted record's details would refetch (404) before the panel can close.
    onSuccess: () => {
      void invalidate();
    },
  });
}

export function useSaveSpendingCap(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { cap: number; override_cap: number }) =>
      api.put<SpendingCap & { message?: string }>(`/api/users/${encodeURIComponent(id)}/spending-cap`, body),
    onSuccess: (answer) => {
      const { message: _message, ...cap } = answer;
      if (typeof cap.cap === 'number') queryClient.setQueryData(userKeys.cap(id), cap);
      void queryClient.invalidateQueries({ queryKey: auditKeys.all });
      // The finances screen lists every member's limit.
      void queryClient.invalidateQueries({ queryKey: FINANCE_SPENDING_CAPS_KEY });
      return queryClient.invalidateQueries({ queryKey: userKeys.cap(id) });
    },
  });
}

export interface DepartmentBody {
  name: string;
  permissions: PermissionsByKind;
  approvals: PermissionsByKind;
  supervised_by: string[];
}

export function useCreateDepartments() {
  const invalidate = useInvalidateAdmin();
  return useMutation({
    mutationFn: (departments: DepartmentBody[]) => api.post<{ message?: string }>('/api/departments', { departments }),
    onSuccess: () => invalidate(),
  });
}

export function useUpdateDepartment(id: string) {
  const invalidate = useInvalidateAdmin();
  return useMutation({
    mutationFn: (body: DepartmentBody) =>
      api.put<{ message?: string }>(`/api/departments/${encodeURIComponent(id)}`, body),
    onSuccess: () => invalidate(),
  });
}

export function useDeleteDepartment(id: string) {
  const invalidate = useInvalidateAdmin();
  return useMutation({
    mutationFn: () => api.delete<void>(`/api/departments/${encodeURIComponent(id)}`),
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
