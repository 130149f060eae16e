import { INSERT_MAX_BYTES, INSERT_MESSAGES, INSERTS_MAX, MESSAGES } from '@lp/domain';
import Delete from '@mui/icons-material/Delete';
import UploadFile from '@mui/icons-material/UploadFile';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState } from 'react';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { Loading } from '../../components/loading';
import { type ApiResponse, api, isApiError } from '../../lib/api';
import { notify } from '../../lib/notify';
import { uploadForm } from '../../lib/upload';
import { letterheadKeys } from './api';

export type Insert = ApiResponse<'/api/inserts'>['inserts'][number];

export const INSERTS_TEXT = {
  title: 'Inserts',
  intro:
    'An insert (terms and conditions, a leaflet) is a PDF of up to 2 sheets added behind the letters you choose it for. It is uploaded once and priced as its sheets.',
  none: 'No inserts yet.',
  loadFailed: 'The inserts could not be loaded.',
  upload: 'Upload an insert',
  uploaded: (name: string) => `The insert ${name} was uploaded.`,
  failed: 'The insert could not be uploaded. Please try again.',
  deleteQuestion: (name: string) =>
    `Delete the insert ${name}? Letters already sent or scheduled with it keep it; it can no longer be chosen.`,
  size: (i: Pick<Insert, 'pages' | 'sheets'>) =>
    `${i.pages === 1 ? '1 page' : `${i.pages} pages`}, ${i.sheets === 1 ? '1 sheet' : `${i.sheets} sheets`} on both sides`,
} as const;

/** Why a chosen file cannot be an insert, or null (exactly one, a PDF by its name or type, at most 10 MB). */
export function checkInsertFiles(files: readonly File[]): string | null {
  if (files.length !== 1) return INSERT_MESSAGES.oneFile;
  const file = files[0]!;
  if (file.type !== 'application/pdf' && !/\.pdf$/i.test(file.name)) return INSERT_MESSAGES.type;
  if (file.size > INSERT_MAX_BYTES) return INSERT_MESSAGES.tooLarge;
  return null;
}

export function useInsertList() {
  return useQuery({
    queryKey: [...letterheadKeys.all, 'inserts'],
    queryFn: async ({ signal }) => {
      try {
        return (await api.get('/api/inserts', { signal })).inserts;
      } catch (error) {
        // As the letterheads' list: a 404 is none.
        if (isApiError(error, 404)) return [];
        throw error;
      }
    },
  });
}

/**
 * The Letterheads page's inserts (issue 28 item 4, decision 0037): the company's PDFs added behind
 * letters; manage_letterheads uploads and deletes, send_letter sees them (to choose one).
 */
export function InsertsSection({ canManage }: { canManage: boolean }) {
  const headingId = useId();
  const list = useInsertList();
  const queryClient = useQueryClient();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [deleting, setDeleting] = useState<Insert | null>(null);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: letterheadKeys.all });

  const upload = async (files: File[]) => {
    const refused = checkInsertFiles(files);
    if (refused) {
      notify(refused, { variant: 'error' });
      return;
    }
    const form = new FormData();
    form.append('file', files[0]!, files[0]!.name);
    setBusy(true);
    try {
      const made = await uploadForm('/api/inserts', {}, form, {
        statusMessages: { 413: INSERT_MESSAGES.tooLarge, 415: INSERT_MESSAGES.type },
      });
      notify(INSERTS_TEXT.uploaded(made.name), { variant: 'success' });
    } catch (error) {
      notify(isApiError(error) ? error.message : INSERTS_TEXT.failed, { variant: 'error' });
    } finally {
      setBusy(false);
      if (input.current) input.current.value = '';
      refresh();
    }
  };

  const remove = async () => {
    if (!deleting) return;
    setBusy(true);
    try {
      const answer = await api.delete('/api/inserts/{id}', { params: { id: deleting.id } });
      notify(answer.message, { variant: 'success' });
    } catch (error) {
      notify(isApiError(error) ? error.message : MESSAGES.genericError, { variant: 'error' });
    } finally {
      setBusy(false);
      setDeleting(null);
      refresh();
    }
  };

  const inserts = list.data ?? [];
  return (
    <Box component="section" aria-labelledby={headingId} data-testid="inserts" sx={{ mt: 4 }}>
      <Typography id={headingId} component="h2" variant="h6" sx={{ mb: 1 }}>
        {INSERTS_TEXT.title}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {INSERTS_TEXT.intro}
      </Typography>
      {list.isPending ? <Loading /> : null}
      {list.isError ? (
        <Typography color="error" data-testid="inserts-error">
          {INSERTS_TEXT.loadFailed}{' '}
          <Button size="small" onClick={() => void list.refetch()}>
            Try again
          </Button>
        </Typography>
      ) : null}
      {list.data && inserts.length === 0 ? <Typography color="text.secondary">{INSERTS_TEXT.none}</Typography> : null}
      {inserts.length > 0 ? (
        <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {inserts.map((i) => (
            <Box
              component="li"
              key={i.id}
              data-testid="insert"
              sx={{
                display: 'flex',
                flexWrap: 'wrap',
                alignItems: 'center',
                columnGap: 2,
                py: 1,
                borderTop: 1,
                borderColor: 'divider',
              }}
            >
              <Link href={i.path} target="_blank" rel="noreferrer" sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
                {i.name}
              </Link>
              <Typography variant="body2" color="text.secondary" sx={{ flex: '1 1 12rem' }}>
                {INSERTS_TEXT.size(i)}
              </Typography>
              {canManage ? (
                <Button
                  size="small"
                  color="error"
                  startIcon={<Delete />}
                  onClick={() => setDeleting(i)}
                  aria-label={`Delete ${i.name}`}
                >
                  Delete
                </Button>
              ) : null}
            </Box>
          ))}
        </Box>
      ) : null}
      {canManage ? (
        <Box sx={{ mt: 2 }}>
          <input
            ref={input}
            type="file"
            accept=".pdf,application/pdf"
            hidden
            aria-hidden="true"
            tabIndex={-1}
            onChange={(e) => void upload([...(e.target.files ?? [])])}
          />
          <Button
            variant="outlined"
            startIcon={<UploadFile />}
            disabled={busy || inserts.length >= INSERTS_MAX}
            onClick={() => input.current?.click()}
          >
            {INSERTS_TEXT.upload}
          </Button>
          {inserts.length >= INSERTS_MAX ? (
            <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
              {INSERT_MESSAGES.tooMany}
            </Typography>
          ) : null}
        </Box>
      ) : null}
      <ConfirmDialog
        open={deleting !== null}
        message={deleting ? INSERTS_TEXT.deleteQuestion(deleting.name) : undefined}
        onConfirm={() => void remove()}
        onCancel={() => setDeleting(null)}
        busy={busy}
      />
    </Box>
  );
}
