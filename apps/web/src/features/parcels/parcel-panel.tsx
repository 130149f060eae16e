import { isParcelStatus, PARCEL_MESSAGES, parcelBadgeColour, parcelHasShipment } from '@lp/domain';
import Block from '@mui/icons-material/Block';
import Download from '@mui/icons-material/Download';
import LocalShipping from '@mui/icons-material/LocalShipping';
import Print from '@mui/icons-material/Print';
import Visibility from '@mui/icons-material/Visibility';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, useState } from 'react';
import { useNavigate } from 'react-router';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { Loading } from '../../components/loading';
import { MessageBanner } from '../../components/message-banner';
import { SidePanel } from '../../components/side-panel';
import { isApiError } from '../../lib/api';
import { formatDisplayDate } from '../../lib/dates';
import { notify } from '../../lib/notify';
import { ColourBadge } from '../letters/status-badge';
import {
  carrierSlug,
  fetchLabel,
  labelUrl,
  type Parcel,
  type ParcelPartyDto,
  parcelFailureMessage,
  parcelKeys,
  trackingStatusText,
  trackPageUrl,
  useParcel,
  useVoidParcel,
  voidFailureMessage,
} from './api';

// pdf.js is big: it is only fetched when a label is previewed.
const PdfViewerDialog = lazy(() => import('../letters/pdf-viewer-dialog'));

export const PARCEL_NOT_FOUND = 'This parcel could not be found.';
export const IN_REVIEW_NOTE = "This parcel is waiting for a supervisor's approval. It will be booked once approved.";
export const LABEL_BUTTONS = {
  preview: 'Label preview',
  download: 'Download',
  print: 'Print',
  track: 'Track',
} as const;

/** Voiding a booked label (decision 0034). */
export const VOID_TEXT = {
  button: 'Cancel label',
  title: 'Cancel this label?',
  message: (carrier: string, cost: string) =>
    `${carrier} will void the label and ${cost} will be refunded to your balance. Do not send the parcel with this label. This cannot be undone.`,
  done: (cost: string) => `The label was cancelled and ${cost} refunded.`,
  cancelledNote: 'This label was cancelled: do not use it. Its price was refunded.',
} as const;

/** A parcel's status badge in the spec's colours (Pending blue, In Review and Awaiting Label orange, ...). */
export function ParcelStatusBadge({ status }: { status: string }) {
  // The server's schema says string; a status the domain does not know is shown red, as the server colours it.
  return <ColourBadge colour={isParcelStatus(status) ? parcelBadgeColour(status) : 'red'} label={status} />;
}

/** A yyyy-MM-dd date as dd.MM.yy (the day part of the spec's display format). */
export function formatCollectionDate(date: string | null | undefined): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(date ?? '');
  return m ? `${m[3]}.${m[2]}.${m[1]!.slice(2)}` : (date ?? '');
}

/** A party as lines: name, address lines, town, county, postcode, then phone and email. */
export function partyLines(p: ParcelPartyDto | null | undefined): string[] {
  if (!p) return [];
  return [p.name, p.addressLine1, p.addressLine2, p.addressLine3, p.town, p.county, p.postcode, p.phoneNumber, p.email]
    .map((l) => (l ?? '').trim())
    .filter(Boolean);
}

export interface ParcelPanelProps {
  /** The parcel's uuid; null when closed. */
  parcelId: string | null;
  /** The table's row, shown at once while the fresh record loads. */
  row?: Parcel | undefined;
  /** see_parcels: the label (preview, download, print) and tracking. */
  canSeeLabels: boolean;
  /** create_parcel: a booked label not yet scanned may be cancelled. */
  canVoid?: boolean;
  onClose: () => void;
}

/** The parcel panel (part 1 section 2): the parcel's details, its label (preview, download, print) and Track. */
export function ParcelPanel({ parcelId, row, canSeeLabels, canVoid = false, onClose }: ParcelPanelProps) {
  const parcel = useParcel(parcelId, row);
  const data = parcel.data;
  return (
    <SidePanel
      open={!!parcelId}
      onClose={onClose}
      title={data ? `Parcel to ${data.recipient?.name ?? ''}`.trim() : 'Parcel'}
      data-testid="parcel-panel"
    >
      {data ? (
        <ParcelDetails key={data.parcel_uuid} parcel={data} canSeeLabels={canSeeLabels} canVoid={canVoid} />
      ) : parcel.isError ? (
        <MessageBanner kind="error">
          {isApiError(parcel.error, 404) ? PARCEL_NOT_FOUND : parcelFailureMessage(parcel.error)}
        </MessageBanner>
      ) : (
        <Loading />
      )}
    </SidePanel>
  );
}

type LabelNotice = null | 'notReady' | 'failed';
type LabelAction = 'preview' | 'download' | 'print';

function ParcelDetails({ parcel, canSeeLabels, canVoid }: { parcel: Parcel; canSeeLabels: boolean; canVoid: boolean }) {
  const queryClient = useQueryClient();
  const voiding = useVoidParcel();
  const [askVoid, setAskVoid] = useState(false);
  const [voidError, setVoidError] = useState<string | null>(null);
  const confirmVoid = async () => {
    setVoidError(null);
    try {
      await voiding.mutateAsync(parcel.parcel_uuid);
      notify(VOID_TEXT.done(parcel.cost_text), { variant: 'success' });
    } catch (error) {
      setVoidError(voidFailureMessage(error));
    } finally {
      setAskVoid(false);
    }
  };
  const navigate = useNavigate();
  const [notice, setNotice] = useState<LabelNotice>(null);
  const [busy, setBusy] = useState<LabelAction | null>(null);
  const [previewing, setPreviewing] = useState(false);
  const hasShipment = isParcelStatus(parcel.status) && parcelHasShipment(parcel.status);

  const refetch = () => {
    void queryClient.invalidateQueries({ queryKey: parcelKeys.detail(parcel.parcel_uuid) });
    void queryClient.invalidateQueries({ queryKey: parcelKeys.list });
  };

  /** Asks for the label: 204 (still being made) warns and refetches the parcel; an Awaiting Label parcel is refetched after any answer. */
  const label = async (action: LabelAction) => {
    // A tab opened now, in the click, is not blocked as a pop-up; it is pointed at the label once it is ready.
    const tab = action === 'print' ? window.open('', '_blank') : null;
    setBusy(action);
    try {
      const blob = await fetchLabel(parcel.parcel_uuid, action === 'download');
      if (!blob) {
        tab?.close();
        setNotice('notReady');
        refetch();
        return;
      }
      setNotice(null);
      if (parcel.status === 'Awaiting Label') refetch();
      if (action === 'preview') setPreviewing(true);
      if (action === 'download')
        saveFile(
          blob,
          `label-${parcel.carrier_slug || carrierSlug(parcel.carrier_name)}-${parcel.shipment_id ?? parcel.parcel_uuid}.pdf`,
        );
      if (action === 'print') {
        // The browser's PDF viewer prints it (the CSP allows no frames to print from).
        if (tab) tab.location.href = labelUrl(parcel.parcel_uuid);
        else window.open(labelUrl(parcel.parcel_uuid), '_blank');
      }
    } catch {
      tab?.close();
      setNotice('failed');
      if (parcel.status === 'Awaiting Label') refetch();
    } finally {
      setBusy(null);
    }
  };

  const dims = `${parcel.length} × ${parcel.width} × ${parcel.height} cm`;
  const facts: [string, ReactNode][] = [
    ['Status', <ParcelStatusBadge key="status" status={parcel.status} />],
    ['Carrier', [parcel.carrier_name, parcel.service_name].filter(Boolean).join(' – ') || '—'],
    ['Tracking number', parcel.shipment_id || '—'],
    ['Cost', parcel.cost_text || '—'],
    ['Collection date', formatCollectionDate(parcel.collection_date) || '—'],
    ['Sender', <PartyBlock key="sender" party={parcel.sender} fallback={parcel.pickup_address} />],
    ['Recipient', <PartyBlock key="recipient" party={parcel.recipient} fallback={parcel.destination_address} />],
    ['Dimensions', dims],
    ['Weight', `${parcel.weight} kg`],
    ['Goods value', `£${Number(parcel.goods_value).toFixed(2)}`],
    ['Goods', parcel.goods_description || '—'],
    ['Delivery notes', parcel.delivery_notes || '—'],
    ['Created', formatDisplayDate(parcel.created_at) || '—'],
  ];
  if (parcel.tracking_label || parcel.tracking_status)
    facts.splice(3, 0, ['Tracking', parcel.tracking_label || trackingStatusText(parcel.tracking_status)]);

  const failed = parcel.status === 'Failed to Create Shipment' || parcel.status === 'Denied by Supervisor';

  return (
    <Box>
      {failed && parcel.failure_reason ? (
        <Box sx={{ mb: 2 }}>
          <MessageBanner kind="error">{parcel.failure_reason}</MessageBanner>
        </Box>
      ) : null}
      {parcel.status === 'Cancelled' ? (
        <Box sx={{ mb: 2 }}>
          <MessageBanner kind="info">{VOID_TEXT.cancelledNote}</MessageBanner>
        </Box>
      ) : null}
      {voidError ? (
        <Box sx={{ mb: 2 }} data-testid="void-error">
          <MessageBanner kind="error" onClose={() => setVoidError(null)}>
            {voidError}
          </MessageBanner>
        </Box>
      ) : null}
      {parcel.status === 'In Review' ? (
        <Box sx={{ mb: 2 }}>
          <MessageBanner kind="info">{IN_REVIEW_NOTE}</MessageBanner>
        </Box>
      ) : null}
      <Box
        component="dl"
        sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 2, rowGap: 1, m: 0 }}
      >
        {facts.map(([name, value]) => (
          <Box key={name} sx={{ display: 'contents' }}>
            <Typography component="dt" color="text.secondary">
              {name}
            </Typography>
            <Typography component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
              {value}
            </Typography>
          </Box>
        ))}
      </Box>

      {canSeeLabels ? (
        <Box component="section" aria-label="Label and tracking" sx={{ mt: 3 }}>
          {notice ? (
            <Box sx={{ mb: 1.5 }} data-testid="label-notice">
              <MessageBanner kind={notice === 'notReady' ? 'warning' : 'error'} onClose={() => setNotice(null)}>
                {notice === 'notReady' ? PARCEL_MESSAGES.labelNotReady : PARCEL_MESSAGES.labelFailed}
              </MessageBanner>
            </Box>
          ) : null}
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
            <Button
              variant="outlined"
              startIcon={<Visibility />}
              disabled={!hasShipment || busy !== null}
              onClick={() => void label('preview')}
            >
              {LABEL_BUTTONS.preview}
            </Button>
            <Button
              variant="outlined"
              startIcon={<Download />}
              disabled={!hasShipment || busy !== null}
              onClick={() => void label('download')}
            >
              {LABEL_BUTTONS.download}
            </Button>
            <Button
              variant="outlined"
              startIcon={<Print />}
              disabled={!hasShipment || busy !== null}
              onClick={() => void label('print')}
            >
              {LABEL_BUTTONS.print}
            </Button>
            <Button
              variant="contained"
              startIcon={<LocalShipping />}
              disabled={!parcel.shipment_id}
              onClick={() => {
                if (parcel.shipment_id)
                  void navigate(trackPageUrl(parcel.carrier_slug || parcel.carrier_name, parcel.shipment_id));
              }}
            >
              {LABEL_BUTTONS.track}
            </Button>
          </Box>
        </Box>
      ) : null}

      {canVoid && parcel.may_void ? (
        <Box sx={{ mt: 2 }}>
          <Button
            color="error"
            variant="outlined"
            startIcon={<Block />}
            disabled={voiding.isPending}
            onClick={() => setAskVoid(true)}
          >
            {VOID_TEXT.button}
          </Button>
        </Box>
      ) : null}
      <ConfirmDialog
        open={askVoid}
        title={VOID_TEXT.title}
        message={VOID_TEXT.message(parcel.carrier_name, parcel.cost_text)}
        busy={voiding.isPending}
        onCancel={() => setAskVoid(false)}
        onConfirm={() => void confirmVoid()}
      />

      {previewing ? (
        <Suspense fallback={null}>
          <PdfViewerDialog
            open
            onClose={() => setPreviewing(false)}
            url={labelUrl(parcel.parcel_uuid)}
            title={`Label ${parcel.shipment_id ?? ''}`.trim()}
          />
        </Suspense>
      ) : null}
    </Box>
  );
}

function PartyBlock({ party, fallback }: { party: ParcelPartyDto | null | undefined; fallback: string }) {
  const lines = partyLines(party);
  if (lines.length === 0) return <>{fallback || '—'}</>;
  return (
    <Box component="span" sx={{ display: 'block', whiteSpace: 'pre-line' }}>
      {lines.join('\n')}
    </Box>
  );
}

/** Saves bytes as a file through a temporary link. */
function saveFile(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.style.display = 'none';
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
