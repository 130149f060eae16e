import { LETTERHEAD_MAX_BYTES, LETTERHEAD_MESSAGES, type LetterheadKind } from '@lp/domain';
import { useQuery } from '@tanstack/react-query';
import { type ApiResponse, api, apiGetForBlob, isApiError } from '../../lib/api';
import { uploadForm } from '../../lib/upload';

/** A letterhead as GET /api/letterheads lists it. */
export type Letterhead = ApiResponse<'/api/letterheads'>['letterheads'][number];

/** The list's key starts with the entity the server's live `refresh` names ('letterheads'). */
export const letterheadKeys = {
  all: ['letterheads'] as const,
  list: ['letterheads', 'list'] as const,
};

/** The company's letterheads; a 404 is an empty list (part 2: "Letterheads list 404: an empty list, no error"). */
export async function fetchLetterheads(signal?: AbortSignal): Promise<Letterhead[]> {
  try {
    const body = await api.get('/api/letterheads', { signal });
    return body.letterheads;
  } catch (error) {
    if (isApiError(error, 404)) return [];
    throw error;
  }
}

export function useLetterheads() {
  return useQuery({ queryKey: letterheadKeys.list, queryFn: ({ signal }) => fetchLetterheads(signal) });
}

/**
 * The letterhead's file for its preview, fetched with the session cookie. The key carries the upload
 * time, so a new letterhead is fetched once and a live refresh of the list does not fetch it again.
 */
export function useLetterheadFile(letterhead: Letterhead | undefined) {
  return useQuery({
    queryKey: ['letterhead-file', letterhead?.kind ?? '', letterhead?.created_at ?? ''],
    queryFn: ({ signal }) =>
      apiGetForBlob('/api/letterheads/{kind}/file', { params: { kind: letterhead?.kind ?? 'primary' }, signal }),
    enabled: letterhead !== undefined,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 60_000,
  });
}

/** What a file chosen for a letterhead can be (the server decides by its content). */
export const LETTERHEAD_ACCEPT = '.pdf,.png,.jpg,.jpeg,application/pdf,image/png,image/jpeg';

/** Why the files chosen cannot be uploaded as a letterhead, or null when they can (exactly one, at most 10 MB). */
export function checkLetterheadFiles(files: readonly File[]): string | null {
  if (files.length !== 1) return LETTERHEAD_MESSAGES.oneFile;
  if (files[0]!.size > LETTERHEAD_MAX_BYTES) return LETTERHEAD_MESSAGES.tooLarge;
  return null;
}

/** POST /api/letterheads/{kind} (multipart "file"): replaces the letterhead of that kind. */
export function uploadLetterhead(
  kind: LetterheadKind,
  file: File,
  onProgress: (fraction: number) => void,
): Promise<Letterhead> {
  const form = new FormData();
  form.append('file', file, file.name);
  return uploadForm('/api/letterheads/{kind}', { params: { kind } }, form, {
    onProgress,
    statusMessages: { 413: LETTERHEAD_MESSAGES.tooLarge, 415: LETTERHEAD_MESSAGES.type },
  });
}

export function deleteLetterhead(kind: LetterheadKind) {
  return api.delete('/api/letterheads/{kind}', { params: { kind } });
}
