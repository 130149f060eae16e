import { MESSAGES, PARCEL_MESSAGES } from '@lp/domain';
import ArrowBack from '@mui/icons-material/ArrowBack';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { Loading } from '../../components/loading';
import { MessageBanner } from '../../components/message-banner';
import { Page } from '../../components/page';
import { isApiError } from '../../lib/api';
import { formatDisplayDate } from '../../lib/dates';
import { useMe } from '../../lib/session';
import { type TrackingPoint, trackingStatusText, useTracking } from './api';

export const NO_TRACKING_EVENTS = 'The carrier has not reported any tracking events yet.';

/**
 * /parcels/track/:carrierName/:shipmentId, reached from a parcel's Track button: the carrier, the
 * tracking number, the current tracking status and the carrier's events newest first. The server's
 * live refresh naming parcels refetches it, so new events appear without reloading.
 */
export function ParcelTrackPage() {
  const { carrierName = '', shipmentId = '' } = useParams();
  const me = useMe().data;
  if (!me) return null;
  if (!me.abilities.includes('see_parcels')) {
    return (
      <Page title="Track parcel">
        <MessageBanner kind="info">{MESSAGES.permissionDenied}</MessageBanner>
      </Page>
    );
  }
  return <Tracking carrier={carrierName} shipmentId={shipmentId} />;
}

function Tracking({ carrier, shipmentId }: { carrier: string; shipmentId: string }) {
  const tracking = useTracking(carrier, shipmentId);
  const data = tracking.data;
  const headingId = useId();
  const failed = tracking.isError && !data;
  return (
    <Page
      title="Track parcel"
      maxWidth={900}
      actions={
        <Button component={RouterLink} to="/parcels" startIcon={<ArrowBack />}>
          Parcels
        </Button>
      }
    >
      {tracking.isFetching && data ? (
        <LinearProgress aria-label="Loading" sx={{ height: 2 }} />
      ) : (
        <Box sx={{ height: 2 }} />
      )}
      {failed ? (
        <MessageBanner
          kind="error"
          action={
            <Button color="inherit" size="small" onClick={() => void tracking.refetch()}>
              Try again
            </Button>
          }
        >
          {isApiError(tracking.error, 403) ? MESSAGES.permissionDenied : PARCEL_MESSAGES.trackingFailed}
        </MessageBanner>
      ) : !data ? (
        <Loading />
      ) : (
        <>
          {tracking.isError ? (
            <Box sx={{ mb: 2 }}>
              <MessageBanner kind="error">{PARCEL_MESSAGES.trackingFailed}</MessageBanner>
            </Box>
          ) : null}
          <Paper variant="outlined" sx={{ p: 2, mb: 3 }}>
            <Box
              component="dl"
              sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 2, rowGap: 1, m: 0 }}
            >
              {(
                [
                  ['Carrier', data.carrier_name],
                  ['Tracking number', data.shipment_id],
                  ['Status', data.tracking_label || trackingStatusText(data.tracking_status) || '—'],
                ] as const
              ).map(([label, value]) => (
                <Box key={label} sx={{ display: 'contents' }}>
                  <Typography component="dt" color="text.secondary">
                    {label}
                  </Typography>
                  <Typography
                    component="dd"
                    sx={{ m: 0, overflowWrap: 'anywhere', fontWeight: label === 'Status' ? 700 : undefined }}
                    data-testid={label === 'Status' ? 'tracking-status' : undefined}
                  >
                    {value}
                  </Typography>
                </Box>
              ))}
            </Box>
          </Paper>
          <Box component="section" aria-labelledby={headingId}>
            <Typography id={headingId} component="h2" variant="h6" sx={{ mb: 1 }}>
              Tracking history
            </Typography>
            {data.points.length === 0 ? (
              <Typography color="text.secondary">{NO_TRACKING_EVENTS}</Typography>
            ) : (
              <Timeline points={data.points} />
            )}
          </Box>
        </>
      )}
    </Page>
  );
}

/** The events as a vertical timeline, in the order the server gives them (newest first). */
function Timeline({ points }: { points: readonly TrackingPoint[] }) {
  return (
    <Box component="ol" aria-label="Tracking events" sx={{ listStyle: 'none', p: 0, m: 0 }}>
      {points.map((p, i) => (
        <Box
          component="li"
          key={`${p.time}-${p.status}-${p.carrier_message}`}
          data-testid="tracking-point"
          sx={{ display: 'flex', gap: 2, position: 'relative', pb: 2 }}
        >
          <Box aria-hidden sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', pt: 0.5 }}>
            <Box
              sx={{
                width: 12,
                height: 12,
                borderRadius: '50%',
                bgcolor: i === 0 ? 'primary.main' : 'grey.400',
                flexShrink: 0,
              }}
            />
            {i < points.length - 1 ? <Box sx={{ flex: 1, width: 2, bgcolor: 'divider', mt: 0.5 }} /> : null}
          </Box>
          <Box sx={{ minWidth: 0, flex: 1 }}>
            <Typography variant="body2" color="text.secondary">
              <time dateTime={p.time}>{formatDisplayDate(p.time)}</time>
            </Typography>
            <Typography sx={{ fontWeight: 600 }}>{trackingStatusText(p.status)}</Typography>
            {p.carrier_message ? (
              <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                {p.carrier_message}
              </Typography>
            ) : null}
          </Box>
        </Box>
      ))}
    </Box>
  );
}

export default ParcelTrackPage;
