import { DELIVERY_MESSAGES, LETTER_STATUS, MESSAGES } from '@lp/domain';
import Download from '@mui/icons-material/Download';
import Visibility from '@mui/icons-material/Visibility';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { lazy, type ReactNode, Suspense, useState } from 'react';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { Loading } from '../../components/loading';
import { MessageBanner } from '../../components/message-banner';
import { SidePanel } from '../../components/side-panel';
import { isApiError } from '../../lib/api';
import { formatDisplayDate } from '../../lib/dates';
import { notify } from '../../lib/notify';
import { MessagesSection } from '../messages/messages-section';
import { AddressFixSection } from './address-fix-section';
import {
  type Letter,
  letterFailureMessage,
  letterFileUrl,
  letterThumbnailUrl,
  useLetter,
  useLetterBulk,
  useLetterMetadata,
} from './api';
import { CloudSyncSection } from './cloud-sync-section';
import { LetterCustomerSection } from './customer-link';
import { deliveryFailureMessage, useCancelDelivery } from './delivery-api';
import { DeliveryDetails, LetterTimeline } from './delivery-details';
import { DeliveryForm } from './delivery-form';
import { hasWords } from './letter-problem';
import { LETTER_MESSAGES } from './messages';
import { letterActions } from './panel-actions';
import { SplitSection } from './split-section';
import { letterDisplayStatus, StatusBadge } from './status-badge';

// pdf.js is big: it is only fetched when a preview is opened.
const PdfViewerDialog = lazy(() => import('./pdf-viewer-dialog'));

const PROBLEMS = new Set(['Encountered Issues', 'Failed', 'Denied by Supervisor']);

export interface LetterPanelProps {
  /** The letter's uuid; null when closed. */
  letterId: string | null;
  /** The table's row, shown at once while the fresh record loads. */
  row?: Letter | undefined;
  abilities: readonly string[];
  onClose: () => void;
}

/** The letter panel (part 1 sections 2 and 4): preview, details, the delivery form and the letter's actions. */
export function LetterPanel({ letterId, row, abilities, onClose }: LetterPanelProps) {
  const letter = useLetter(letterId, row);
  const data = letter.data;
  return (
    <SidePanel open={!!letterId} onClose={onClose} title={data?.name ?? 'Letter'} data-testid="letter-panel">
      {data ? (
        <LetterDetails key={data.uuid} letter={data} abilities={abilities} onClose={onClose} />
      ) : letter.isError ? (
        <MessageBanner kind="error">
          {isApiError(letter.error, 404) ? 'This letter could not be found.' : MESSAGES.genericError}
        </MessageBanner>
      ) : (
        <Loading />
      )}
    </SidePanel>
  );
}

type Confirming = null | 'trash' | 'delete-permanently' | 'cancel-delivery';

function LetterDetails({
  letter,
  abilities,
  onClose,
}: {
  letter: Letter;
  abilities: readonly string[];
  onClose: () => void;
}) {
  const status = letterDisplayStatus(letter);
  const actions = letterActions(letter, abilities);
  const processing = status === 'Processing';
  const [previewing, setPreviewing] = useState<false | 'plain' | 'outlined'>(false);
  const [confirming, setConfirming] = useState<Confirming>(null);
  const trash = useLetterBulk('trash');
  const restore = useLetterBulk('restore');
  const destroy = useLetterBulk('delete-permanently');
  const cancelDelivery = useCancelDelivery();
  const corrupted = letter.status === LETTER_STATUS.corrupted;
  const failedToRead = corrupted || letter.status === LETTER_STATUS.failedToAnalyse;
  const metadata = useLetterMetadata(letter.uuid, letter.num_pages === null && !processing && !failedToRead);
  const pages = letter.num_pages ?? metadata.data?.page_count ?? null;

  const run = (mutation: typeof trash, done: string, close: boolean) =>
    mutation.mutateAsync([letter.uuid]).then(
      () => {
        notify(done, { variant: 'success' });
        setConfirming(null);
        if (close) onClose();
      },
      (error) => {
        setConfirming(null);
        notify(letterFailureMessage(error), { variant: 'error' });
      },
    );

  const cancel = () =>
    cancelDelivery.mutateAsync(letter.uuid).then(
      () => {
        setConfirming(null);
        notify(DELIVERY_MESSAGES.cancelled, { variant: 'success' });
      },
      (error) => {
        setConfirming(null);
        notify(deliveryFailureMessage('cancel', error), { variant: 'error' });
      },
    );

  const busy = trash.isPending || restore.isPending || destroy.isPending || cancelDelivery.isPending;
  const address = (letter.recipient_address_snapshot ?? []).filter(hasWords);
  const facts: [string, ReactNode][] = [
    ['Status', <StatusBadge key="status" status={status} reading="panel" />],
    [
      'Pages',
      pages !== null ? String(pages) : metadata.isError ? LETTER_MESSAGES.metadataFailed : processing ? '…' : '—',
    ],
    ['Recipient', hasWords(letter.recipient_name_snapshot) ? letter.recipient_name_snapshot : '—'],
    [
      'Address',
      address.length > 0 ? (
        <Box key="address" component="span" sx={{ display: 'block', whiteSpace: 'pre-line' }}>
          {address.join('\n')}
        </Box>
      ) : (
        '—'
      ),
    ],
    ['Postcode', hasWords(letter.postcode) ? letter.postcode : '—'],
    ['Type', letter.document_type === 'merged' ? 'Merged letter' : 'Regular letter'],
    ['Created by', letter.creator_name || letter.creator_email || '—'],
    ['Created', formatDisplayDate(letter.creation_date)],
  ];
  if (letter.source_type) facts.splice(6, 0, ['File', letter.source_type.toUpperCase()]);

  const showReason = PROBLEMS.has(status) && letter.status_reason && !corrupted;

  return (
    <Box>
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'flex-start' }}>
        <Thumbnail letter={letter} processing={processing} />
        <Box
          component="dl"
          sx={{
            flex: '1 1 260px',
            display: 'grid',
            gridTemplateColumns: 'max-content 1fr',
            columnGap: 2,
            rowGap: 1,
            m: 0,
          }}
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
        </Box>
      </Box>

      {corrupted ? (
        <Box sx={{ mt: 2 }}>
          <MessageBanner kind="warning">{LETTER_MESSAGES.corrupted}</MessageBanner>
        </Box>
      ) : null}
      {showReason ? (
        <Box sx={{ mt: 2 }}>
          <MessageBanner kind={status === 'Encountered Issues' ? 'warning' : 'error'}>
            {letter.status_reason}
          </MessageBanner>
        </Box>
      ) : null}

      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 2 }}>
        <Button
          variant="outlined"
          startIcon={<Visibility />}
          onClick={() => setPreviewing('plain')}
          disabled={processing || corrupted}
        >
          Preview
        </Button>
        <Button
          variant="outlined"
          startIcon={<Download />}
          component="a"
          href={letterFileUrl(letter.uuid, true)}
          download
          disabled={processing}
        >
          Download
        </Button>
      </Box>

      <AddressFixSection letter={letter} abilities={abilities} onShowProblem={() => setPreviewing('outlined')} />
      <LetterCustomerSection letter={letter} abilities={abilities} />

      {actions.split.shown ? <SplitSection letter={letter} enabled={actions.split.enabled} /> : null}
      {actions.deliver.shown ? (
        <DeliveryForm
          letter={letter}
          mailDisabled={actions.mailDisabled}
          canDeliver={actions.deliver.enabled}
          refusal={actions.deliverRefusal}
        />
      ) : null}
      {actions.inTrash ? null : <DeliveryDetails letterId={letter.uuid} abilities={abilities} />}
      {actions.inTrash ? null : <MessagesSection owner="letters" id={letter.uuid} />}
      <CloudSyncSection syncs={letter.cloud_syncs} />
      <LetterTimeline letterId={letter.uuid} />

      <Box
        sx={{
          display: 'flex',
          flexWrap: 'wrap',
          gap: 1,
          justifyContent: 'flex-end',
          mt: 3,
          pt: 2,
          borderTop: 1,
          borderColor: 'divider',
        }}
      >
        {actions.restore.shown ? (
          <Button
            variant="outlined"
            disabled={!actions.restore.enabled || busy}
            onClick={() => void run(restore, LETTER_MESSAGES.restored(1), true)}
          >
            Restore
          </Button>
        ) : null}
        {actions.deletePermanently.shown ? (
          <Button
            color="error"
            variant="contained"
            disabled={!actions.deletePermanently.enabled || busy}
            onClick={() => setConfirming('delete-permanently')}
          >
            Delete Permanently
          </Button>
        ) : null}
        {actions.cancelDelivery.shown ? (
          <Button
            color="error"
            variant="outlined"
            disabled={!actions.cancelDelivery.enabled || busy}
            onClick={() => setConfirming('cancel-delivery')}
          >
            Cancel Delivery
          </Button>
        ) : null}
        {actions.delete.shown ? (
          <Button
            color="error"
            variant="outlined"
            disabled={!actions.delete.enabled || busy}
            onClick={() => setConfirming('trash')}
          >
            Delete
          </Button>
        ) : null}
      </Box>

      <ConfirmDialog
        open={confirming !== null}
        busy={busy}
        onCancel={() => setConfirming(null)}
        onConfirm={() =>
          void (confirming === 'cancel-delivery'
            ? cancel()
            : confirming === 'delete-permanently'
              ? run(destroy, LETTER_MESSAGES.deleted(1), true)
              : run(trash, LETTER_MESSAGES.trashed(1), true))
        }
        message={
          confirming === 'cancel-delivery'
            ? `The delivery of ${letter.name} will be cancelled and the money held for it released.`
            : confirming === 'delete-permanently'
              ? `${letter.name} will be deleted for good, with its file.`
              : `${letter.name} will be moved to the trash.`
        }
      />
      {previewing ? (
        <Suspense fallback={null}>
          <PdfViewerDialog
            open
            onClose={() => setPreviewing(false)}
            url={letterFileUrl(letter.uuid)}
            title={letter.name}
            layout={letter.layout ?? null}
            showLayout={previewing === 'outlined'}
          />
        </Suspense>
      ) : null}
    </Box>
  );
}

/** The first page's thumbnail, or a blank page while there is none. */
function Thumbnail({ letter, processing }: { letter: Letter; processing: boolean }) {
  const [failed, setFailed] = useState(false);
  const available = !processing && letter.has_thumbnail !== false && !failed;
  return (
    <Box
      sx={{
        width: 150,
        height: 212,
        flexShrink: 0,
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
      {available ? (
        <img
          src={letterThumbnailUrl(letter.uuid)}
          alt={`First page of ${letter.name}`}
          width={150}
          height={212}
          style={{ objectFit: 'contain', display: 'block' }}
          onError={() => setFailed(true)}
        />
      ) : (
        <Typography variant="body2" color="text.secondary" sx={{ p: 1, textAlign: 'center' }}>
          {processing ? 'Preparing preview…' : 'No preview'}
        </Typography>
      )}
    </Box>
  );
}
