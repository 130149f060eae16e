import { useQuery } from '@tanstack/react-query';
import { type ApiResponse, api, apiPostForBlob, isApiError } from '../../lib/api';

/** What POST /api/cloud/open answers for a live link (decision 0016); `num_pages` is null while the pages are not counted. */
export type CloudLetter = ApiResponse<'/api/cloud/open', 'post'>;

/** Longest token taken from a link; the server's are far shorter (32 random bytes, encoded). */
const TOKEN_MAX = 512;

/**
 * The token of a cloud link, `{PUBLIC_URL}/cloud#<token>`, from the URL's fragment (never the path
 * or the query: the fragment stays out of server logs and referrers). Null when there is none.
 */
export function cloudTokenFromHash(hash: string): string | null {
  let text = hash.startsWith('#') ? hash.slice(1) : hash;
  try {
    text = decodeURIComponent(text);
  } catch {
    // A stray "%" is kept as typed; the server answers 404 for a token it does not know.
  }
  text = text.trim();
  if (!text || text.length > TOKEN_MAX || /[\s/?#]/.test(text)) return null;
  return text;
}

/** A cloud link that does not exist (or no longer): the server answers 404 (410 would mean the same). */
export function isGoneError(error: unknown): boolean {
  return isApiError(error, 404) || isApiError(error, 410);
}

const cloudKey = (token: string) => ['cloud', token] as const;

/** The letter behind a cloud link; opening it records the first opening (part of the server's contract). */
export function useCloudLetter(token: string | null) {
  return useQuery({
    queryKey: cloudKey(token ?? ''),
    queryFn: ({ signal }) => api.post('/api/cloud/open', { body: { token: token ?? '' }, signal }),
    enabled: token !== null,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** The letter's PDF (POST /api/cloud/file), once the link has been opened. */
export function useCloudFile(token: string | null, enabled: boolean) {
  return useQuery({
    queryKey: [...cloudKey(token ?? ''), 'file'],
    queryFn: async ({ signal }) => {
      const blob = await apiPostForBlob('/api/cloud/file', { body: { token: token ?? '' }, signal });
      // Downloads are saved as a PDF whatever type the answer was labelled with.
      return blob.type === 'application/pdf' ? blob : new Blob([blob], { type: 'application/pdf' });
    },
    enabled: token !== null && enabled,
    staleTime: Number.POSITIVE_INFINITY,
    // A document is large; keep it only while the page is open.
    gcTime: 0,
  });
}

/** A file name for the saved letter: the letter's name without characters file systems refuse, ending in .pdf. */
export function pdfFileName(name: string): string {
  // Control characters become "|" first, so that a run of refused characters becomes one "_".
  const printable = [...name].map((c) => (c.charCodeAt(0) < 32 ? '|' : c)).join('');
  const safe = printable
    .replace(/[\\/:*?"<>|]+/g, '_')
    .trim()
    .slice(0, 150)
    .replace(/^\.+/, '');
  const base = safe || 'letter';
  return /\.pdf$/i.test(base) ? base : `${base}.pdf`;
}

/** Saves a file the way a download link would: a temporary object URL clicked with a file name. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // Some browsers read the URL after the click returns: revoke it a little later.
  setTimeout(() => URL.revokeObjectURL(url), 30_000);
}
