import { LETTER_STATUS, MERGE_MESSAGES, MESSAGES, type MergeRecipients } from '@lp/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, type ApiResponse, api, apiUrl, CSRF_HEADER, getCsrfToken, resetCsrfToken } from '../../lib/api';

export type MergeTemplate = ApiResponse<'/api/merge-templates/{id}'>;
export type MergePreview = ApiResponse<'/api/merge-templates/{id}/preview', 'post'>;
export type MergeRun = ApiResponse<'/api/merge-runs/{id}'>;

/** Every mail merge query starts with 'merge': a `refresh` naming merge refetches them. */
export const mergeKeys = {
  all: ['merge'] as const,
  templates: ['merge', 'templates'] as const,
  preview: (templateId: string, recipients: MergeRecipients | null, index: number) =>
    ['merge', 'preview', templateId, JSON.stringify(recipients), index] as const,
  /** Under letters: the run's letters change status (analysed, delivered) with every letters event. */
  run: (id: string) => ['letters', 'merge-run', id] as const,
};

export function useTemplates() {
  return useQuery({
    queryKey: mergeKeys.templates,
    queryFn: ({ signal }) => api.get('/api/merge-templates', { signal }),
  });
}

/** The Word file posted as multipart "file" (the JSON client sends JSON only). */
async function postTemplate(file: File, retried = false): Promise<MergeTemplate> {
  const form = new FormData();
  form.append('file', file);
  const res = await fetch(apiUrl('/api/merge-templates', {}), {
    method: 'POST',
    headers: { accept: 'application/json', [CSRF_HEADER]: await getCsrfToken() },
    credentials: 'same-origin',
    body: form,
  }).catch(() => {
    throw new ApiError(0, 'NETWORK_ERROR', MESSAGES.genericError);
  });
  if (res.ok) return (await res.json()) as MergeTemplate;
  const body = (await res.json().catch(() => ({}))) as { code?: string; message?: string };
  if (res.status === 403 && body.code === 'CSRF_INVALID' && !retried) {
    resetCsrfToken();
    return postTemplate(file, true);
  }
  const fallback =
    res.status === 413 ? MERGE_MESSAGES.tooLarge : res.status === 415 ? MERGE_MESSAGES.onlyDocx : MESSAGES.genericError;
  throw new ApiError(res.status, body.code ?? `HTTP_${res.status}`, body.message || fallback);
}

export function useUploadTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => postTemplate(file),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: mergeKeys.templates }),
  });
}

export function useDeleteTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete('/api/merge-templates/{id}', { params: { id } }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: mergeKeys.templates }),
  });
}

/** One recipient's filled letter (kept while the next one loads, so Previous / Next do not flash). */
export function usePreview(templateId: string | null, recipients: MergeRecipients | null, index: number) {
  return useQuery({
    queryKey: mergeKeys.preview(templateId ?? '', recipients, index),
    queryFn: ({ signal }) =>
      api.post('/api/merge-templates/{id}/preview', {
        params: { id: templateId ?? '' },
        body: { recipients: recipients!, index },
        signal,
      }),
    enabled: !!templateId && !!recipients,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
    retry: false,
  });
}

export function useSendMerge() {
  return useMutation({
    mutationFn: (v: { templateId: string; recipients: MergeRecipients; deliver: boolean }) =>
      api.post('/api/merge-templates/{id}/send', {
        params: { id: v.templateId },
        body: { recipients: v.recipients, deliver: v.deliver },
      }),
  });
}

/** A run's progress: refetched on the live letters events, and every 2 s until every letter made is analysed. */
export function useMergeRun(id: string | null) {
  return useQuery({
    queryKey: mergeKeys.run(id ?? ''),
    queryFn: ({ signal }) => api.get('/api/merge-runs/{id}', { params: { id: id ?? '' }, signal }),
    enabled: !!id,
    refetchInterval: (q) => {
      const run = q.state.data;
      const settled =
        run?.status === 'done' &&
        run.recipients.every(
          (r) => r.outcome !== 'created' || (r.letter_status && r.letter_status !== LETTER_STATUS.analysing),
        );
      return settled ? false : 2000;
    },
  });
}
