import { canDeleteLetter, DEFAULT_LIST_PREFERENCES, isLetterTabShown, ROW_HEIGHT } from '@lp/domain';
import Collections from '@mui/icons-material/Collections';
import TableRows from '@mui/icons-material/TableRows';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { DataTable, type DataTableColumn, type DataTableParams } from '../../components/data-table';
import { Loading } from '../../components/loading';
import { Page } from '../../components/page';
import { formatDisplayDate } from '../../lib/dates';
import { notify } from '../../lib/notify';
import { useMe } from '../../lib/session';
import { useListPreferences } from '../account/api';
import { SCREEN_HELP } from '../guide/screen-help';
import {
  fetchLetters,
  LETTER_TABS,
  type Letter,
  letterFailureMessage,
  letterKeys,
  thumbnailStreamUrl,
  useLetterBulk,
  useMarkProcessed,
} from './api';
import { BulkDeliverDialog } from './bulk-deliver-dialog';
import { CloudSyncedMark } from './cloud-sync-section';
import { LetterPanel } from './letter-panel';
import { hasWords, letterProblemWord } from './letter-problem';
import { LETTER_MESSAGES } from './messages';
import { letterDisplayStatus, StatusBadge } from './status-badge';
import { useThumbnailStream } from './thumbnail-stream';
import { UploadDropzone } from './upload-dropzone';
import { canUploadLetters } from './upload-entry';
import { uploadDialog } from './upload-store';

export type LetterView = 'table' | 'gallery';

/** While letters on screen are being analysed, the list is also refetched this often (the live stream may be down). */
const PROCESSING_POLL_MS = 10_000;

const BASE_COLUMNS: DataTableColumn<Letter>[] = [
  {
    key: 'name',
    label: 'Name',
    primary: true,
    render: (l) => (
      <>
        {l.name}
        {l.document_type === 'merged' ? (
          <Chip size="small" label="Merged" variant="outlined" sx={{ ml: 1, verticalAlign: 'middle' }} />
        ) : null}
        {l.cloud_synced ? <CloudSyncedMark /> : null}
      </>
    ),
  },
  {
    key: 'recipient',
    label: 'Recipient',
    render: (l) =>
      hasWords(l.recipient_name_snapshot) ? (
        <>
          {l.recipient_name_snapshot}
          {hasWords(l.postcode) ? (
            <Box component="span" sx={{ display: 'block', color: 'text.secondary', fontSize: '0.8rem' }}>
              {l.postcode}
            </Box>
          ) : null}
        </>
      ) : (
        <Box component="span" aria-label="No recipient read" data-testid="no-recipient">
          —
        </Box>
      ),
  },
  {
    key: 'status',
    label: 'Status',
    filterable: true,
    render: (l) => {
      // A letter that cannot be posted as it is says in a word what is wrong, under its badge.
      const problem = letterProblemWord(l);
      return (
        <>
          <StatusBadge status={letterDisplayStatus(l)} />
          {problem ? (
            <Box
              component="span"
              data-testid="letter-problem"
              sx={{ display: 'block', mt: 0.5, color: 'text.secondary', fontSize: '0.8rem', whiteSpace: 'nowrap' }}
            >
              {problem}
            </Box>
          ) : null}
        </>
      );
    },
  },
  {
    key: 'num_pages',
    label: 'Pages',
    secondary: true,
    render: (l) => (l.num_pages === null ? '—' : String(l.num_pages)),
  },
  {
    key: 'creator',
    label: 'Creator',
    filterable: true,
    secondary: true,
    render: (l) => l.creator_name || l.creator_email || '—',
  },
  {
    key: 'creation_date',
    label: 'Created',
    filterable: true,
    date: true,
    render: (l) => formatDisplayDate(l.creation_date),
  },
];

/** /letters: the letters of the company, the upload dropzone, the gallery view and the letter panel. */
export function LettersPage() {
  const me = useMe().data;
  const abilities = me?.abilities ?? [];
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const [selected, setSelected] = useState<Letter | null>(null);
  const [view, setView] = useState<LetterView>('table');
  // The parameters and rows of the list on screen: the gallery's stream asks for the same letters.
  const [shown, setShown] = useState<{ params: DataTableParams; rows: readonly Letter[] } | null>(null);

  const fetcher = useCallback(async (p: DataTableParams, signal?: AbortSignal) => {
    const list = await fetchLetters(p, signal);
    setShown({ params: p, rows: list.rows });
    return list;
  }, []);

  const processing = shown?.rows.some((l) => letterDisplayStatus(l) === 'Processing') ?? false;
  useEffect(() => {
    if (!processing) return;
    const timer = setInterval(
      () => void queryClient.invalidateQueries({ queryKey: letterKeys.list }),
      PROCESSING_POLL_MS,
    );
    return () => clearInterval(timer);
  }, [processing, queryClient]);

  const gallery = view === 'gallery';
  const streamKey = shown ? shown.rows.map((l) => `${l.uuid}:${l.status}`).join(',') : '';
  const thumbnails = useThumbnailStream(
    gallery && shown && shown.rows.length > 0 ? thumbnailStreamUrl(shown.params) : null,
    streamKey,
  );

  const columns = useMemo<DataTableColumn<Letter>[]>(
    () =>
      gallery
        ? [
            {
              key: 'thumbnail',
              label: 'Preview',
              render: (l) => <GalleryThumbnail letter={l} src={thumbnails.get(l.uuid)} />,
            },
            ...BASE_COLUMNS,
          ]
        : BASE_COLUMNS,
    [gallery, thumbnails],
  );

  // The user's list preferences choose the tabs; until they load the table waits (a tab shown and
  // then taken away would leave the list on a tab the user does not see). A failed read shows all.
  const listPreferences = useListPreferences();
  const tabs = useMemo(() => {
    const chosen = listPreferences.data ?? DEFAULT_LIST_PREFERENCES;
    return LETTER_TABS.filter((tab) => isLetterTabShown(tab.value, chosen));
  }, [listPreferences.data]);

  const openId = selected?.uuid ?? params.get('letter');
  const close = () => {
    setSelected(null);
    if (params.has('letter')) setParams({}, { replace: true });
  };

  const canUpload = canUploadLetters(abilities);
  return (
    <Page title="Letters" help={SCREEN_HELP.letters}>
      {canUpload ? (
        <Box sx={{ mb: 2, display: 'flex', gap: 1, alignItems: 'stretch', flexWrap: { xs: 'wrap', sm: 'nowrap' } }}>
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <UploadDropzone compact onFiles={(files) => uploadDialog.open(files)} />
          </Box>
          <Button variant="outlined" component={RouterLink} to="/letters/merge" sx={{ flexShrink: 0 }}>
            Mail merge
          </Button>
        </Box>
      ) : null}
      {listPreferences.isPending ? (
        <Loading />
      ) : (
        <DataTable<Letter>
          title="Letters"
          queryKey={letterKeys.list}
          fetcher={fetcher}
          columns={columns}
          rowKey={(l) => l.uuid}
          tabs={tabs}
          onRowClick={setSelected}
          selectable
          toolbar={<ViewToggle view={view} onChange={setView} />}
          // Rows carrying the first page's preview are ROW_HEIGHT (150 px) high, the preview's height.
          {...(gallery ? { rowHeight: ROW_HEIGHT } : {})}
          bulkActions={(rows, clear) => <BulkActions rows={rows} clear={clear} abilities={abilities} />}
        />
      )}
      <LetterPanel letterId={openId} row={selected ?? undefined} abilities={abilities} onClose={close} />
    </Page>
  );
}

function ViewToggle({ view, onChange }: { view: LetterView; onChange: (view: LetterView) => void }) {
  return (
    <ToggleButtonGroup
      size="small"
      exclusive
      value={view}
      onChange={(_, v: LetterView | null) => {
        if (v) onChange(v);
      }}
      aria-label="View"
    >
      <ToggleButton value="table" aria-label="Table view">
        <TableRows fontSize="small" />
      </ToggleButton>
      <ToggleButton value="gallery" aria-label="Gallery view">
        <Collections fontSize="small" />
      </ToggleButton>
    </ToggleButtonGroup>
  );
}

/** A letter's first page in the gallery view, as the thumbnail stream delivered it. */
function GalleryThumbnail({ letter, src }: { letter: Letter; src: string | null | undefined }) {
  const height = ROW_HEIGHT;
  const width = Math.round((height * 210) / 297);
  return (
    <Box
      data-testid="gallery-thumbnail"
      data-loaded={src ? 'true' : 'false'}
      sx={{
        width,
        height,
        border: 1,
        borderColor: 'divider',
        borderRadius: 1,
        bgcolor: 'background.paper',
        overflow: 'hidden',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
      }}
    >
      {src ? (
        <img
          src={src}
          alt={`First page of ${letter.name}`}
          width={width}
          height={height}
          style={{ objectFit: 'contain' }}
        />
      ) : (
        <Typography variant="caption" color="text.secondary" sx={{ p: 1, textAlign: 'center' }}>
          {src === null ? 'No preview' : 'Loading…'}
        </Typography>
      )}
    </Box>
  );
}

type BulkAction = 'trash' | 'restore' | 'delete-permanently' | 'processed';

/**
 * The selection's actions: Deliver (with send_letter), Delete (to the trash) and Mark processed; in the
 * trash Restore and Delete Permanently. Deleting asks "Are you sure?" first.
 */
function BulkActions({
  rows,
  clear,
  abilities,
}: {
  rows: readonly Letter[];
  clear: () => void;
  abilities: readonly string[];
}) {
  const [confirming, setConfirming] = useState<BulkAction | null>(null);
  const [delivering, setDelivering] = useState(false);
  const trash = useLetterBulk('trash');
  const restore = useLetterBulk('restore');
  const destroy = useLetterBulk('delete-permanently');
  const processed = useMarkProcessed();
  const mayDelete = abilities.includes('delete_letter');
  const inTrash = rows.every((r) => r.mark_for_deletion);
  const deletable = rows.every((r) => canDeleteLetter(r.status));
  const busy = trash.isPending || restore.isPending || destroy.isPending || processed.isPending;
  const ids = rows.map((r) => r.uuid);

  const run = (action: BulkAction) => {
    const n = ids.length;
    const [mutation, done] =
      action === 'trash'
        ? [trash.mutateAsync(ids), LETTER_MESSAGES.trashed(n)]
        : action === 'restore'
          ? [restore.mutateAsync(ids), LETTER_MESSAGES.restored(n)]
          : action === 'delete-permanently'
            ? [destroy.mutateAsync(ids), LETTER_MESSAGES.deleted(n)]
            : [processed.mutateAsync(ids), LETTER_MESSAGES.processed(n)];
    return mutation.then(
      () => {
        notify(done, { variant: 'success' });
        setConfirming(null);
        clear();
      },
      (error) => {
        setConfirming(null);
        notify(letterFailureMessage(error), { variant: 'error' });
      },
    );
  };

  return (
    <>
      {inTrash ? (
        <>
          <Button variant="outlined" size="small" disabled={!mayDelete || busy} onClick={() => void run('restore')}>
            Restore
          </Button>
          <Button
            variant="contained"
            color="error"
            size="small"
            disabled={!mayDelete || busy}
            onClick={() => setConfirming('delete-permanently')}
          >
            Delete Permanently
          </Button>
        </>
      ) : (
        <>
          {!deletable && mayDelete ? (
            <Typography variant="body2" color="text.secondary">
              Some of these letters cannot be deleted now.
            </Typography>
          ) : null}
          {abilities.includes('send_letter') ? (
            <Button variant="contained" size="small" disabled={busy} onClick={() => setDelivering(true)}>
              Deliver
            </Button>
          ) : null}
          <Button
            variant="outlined"
            size="small"
            disabled={!abilities.includes('see_letters') || busy}
            onClick={() => void run('processed')}
          >
            Mark processed
          </Button>
          <Button
            variant="contained"
            color="error"
            size="small"
            disabled={!mayDelete || !deletable || busy}
            onClick={() => setConfirming('trash')}
          >
            Delete
          </Button>
        </>
      )}
      <ConfirmDialog
        open={confirming !== null}
        busy={busy}
        onCancel={() => setConfirming(null)}
        onConfirm={() => confirming && void run(confirming)}
        message={
          confirming === 'delete-permanently'
            ? `${ids.length === 1 ? 'This letter' : `These ${ids.length} letters`} will be deleted for good, with their files.`
            : `${ids.length === 1 ? 'This letter' : `These ${ids.length} letters`} will be moved to the trash.`
        }
      />
      {delivering ? <BulkDeliverDialog open uuids={ids} onClose={() => setDelivering(false)} onDone={clear} /> : null}
    </>
  );
}

export default LettersPage;
