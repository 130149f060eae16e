import {
  CHANNEL_LABELS,
  type ChannelState,
  canRevokeCloudLink,
  type DeliveryChannel,
  type DeliveryState,
  formatLongDay,
  formatPounds,
  LETTER_SERVICE_LABELS,
  POST_ZONE_LABELS,
} from '@lp/domain';
import ContentCopy from '@mui/icons-material/ContentCopy';
import Download from '@mui/icons-material/Download';
import LinkOff from '@mui/icons-material/LinkOff';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { type ReactNode, useId, useState } from 'react';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { formatDisplayDate } from '../../lib/dates';
import { notify } from '../../lib/notify';
import {
  type DeliveryChannelRow,
  deliveryFailureMessage,
  type LetterDelivery,
  useLetterDelivery,
  useLetterHistory,
  useRevokeCloudLinks,
} from './delivery-api';

export const DELIVERY_STATE_LABELS: Record<DeliveryState, string> = {
  in_review: 'Waiting for a supervisor’s approval',
  scheduled: 'Scheduled',
  sending: 'Sending',
  done: 'Done',
  cancelled: 'Cancelled',
  denied: 'Denied by Supervisor',
};

export const CHANNEL_STATE_LABELS: Record<ChannelState, string> = {
  queued: 'Waiting',
  handed_over: 'Handed over',
  succeeded: 'Delivered',
  failed: 'Failed',
  cancelled: 'Cancelled',
};

/**
 * Mail is not tracked to the door (ordinary 1st and 2nd class post): once Royal Mail has it, it is
 * Posted with the day it is expected, never "Delivered" (issue 27 item 6).
 */
export const MAIL_STATE_LABELS: Partial<Record<ChannelState, string>> = {
  handed_over: 'With the printer',
  succeeded: 'Posted',
};

/** A tracked letter Royal Mail delivered reads Delivered (decision 0037); ordinary post stays Posted. */
const stateLabel = (c: {
  channel: string;
  state: ChannelState;
  provider_status?: string | null;
  tracking?: unknown;
}) => {
  if (c.channel === 'mail' && c.tracking && c.provider_status === 'delivered' && c.state === 'succeeded')
    return 'Delivered';
  return (c.channel === 'mail' ? MAIL_STATE_LABELS[c.state] : undefined) ?? CHANNEL_STATE_LABELS[c.state] ?? c.state;
};

type SentMail = NonNullable<NonNullable<LetterDelivery['delivery']>['options']['mail']>;

/**
 * "2nd class, black and white"; with issue 28's options: "Signed For 1st class, colour, one side,
 * with Terms and conditions", "International Standard to World Zone 1, black and white".
 */
export const mailOptionsText = (
  m: Pick<SentMail, 'is_premium' | 'is_colour'> &
    Partial<Pick<SentMail, 'mail_service' | 'is_double_sided' | 'insert' | 'zone'>>,
) => {
  const service = m.mail_service ? LETTER_SERVICE_LABELS[m.mail_service] : m.is_premium ? '1st class' : '2nd class';
  return [
    m.zone ? `${service} to ${POST_ZONE_LABELS[m.zone]}` : service,
    m.is_colour ? 'colour' : 'black and white',
    ...(m.is_double_sided === false ? ['one side'] : []),
    ...(m.insert ? [`with ${m.insert.name}`] : []),
  ].join(', ');
};

/** "Posted 12.03.26 | 04:00 PM · expected by Tuesday 17 March 2026" (1st class: "expected on"). */
export function postedText(m: SentMail): string | null {
  if (!m.posted_at) return null;
  const expected = m.expected_delivery
    ? ` · expected ${m.is_premium ? 'on' : 'by'} ${formatLongDay(m.expected_delivery)}`
    : '';
  return `Posted ${formatDisplayDate(m.posted_at)}${expected}`;
}

const channelLabel = (c: string) => CHANNEL_LABELS[c as DeliveryChannel] ?? c;

function Section({ title, children, testId }: { title: string; children: ReactNode; testId: string }) {
  const headingId = useId();
  return (
    <Box component="section" aria-labelledby={headingId} data-testid={testId} sx={{ mt: 3 }}>
      <Typography id={headingId} component="h3" variant="subtitle1" sx={{ fontWeight: 700, mb: 1 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

type CloudLink = NonNullable<DeliveryChannelRow['cloud_link']>;

/** A link that still opens: neither revoked nor expired. */
const isLive = (link: CloudLink | null) =>
  !!link && !link.revoked_at && new Date(link.expires_at).getTime() > Date.now();

/**
 * The letter's delivery (GET /api/letters/:id/delivery): each channel with its state, price, the
 * reason when it failed, and for a cloud link whether it was opened, or revoked. With send_letter,
 * Revoke link ends every live link to the letter. Refreshed live with the letters.
 */
export function DeliveryDetails({ letterId, abilities = [] }: { letterId: string; abilities?: readonly string[] }) {
  const answer = useLetterDelivery(letterId);
  const data = answer.data;
  if (!data || (!data.delivery && data.delivery_channels.length === 0)) return null;
  // Posted mail says when it is expected (in its channel) instead of "Delivered on".
  const mailPosted = !!data.delivery?.options.mail?.posted_at;
  return (
    <Section title="Delivery details" testId="delivery-details">
      {data.delivery ? (
        <CurrentDelivery delivery={data.delivery} letterId={letterId} canRevoke={canRevokeCloudLink(abilities)} />
      ) : (
        <PastChannels data={data} />
      )}
      {data.delivered_on && !mailPosted ? (
        <Typography variant="body2" sx={{ mt: 1 }}>
          Delivered on {formatDisplayDate(data.delivered_on)}
        </Typography>
      ) : null}
    </Section>
  );
}

function CurrentDelivery({
  delivery,
  letterId,
  canRevoke,
}: {
  delivery: NonNullable<LetterDelivery['delivery']>;
  letterId: string;
  canRevoke: boolean;
}) {
  const hasLiveLink = delivery.channels.some((c) => isLive(c.cloud_link));
  return (
    <>
      <Typography variant="body2">
        {DELIVERY_STATE_LABELS[delivery.state] ?? delivery.state}
        {delivery.state === 'scheduled' && delivery.scheduled_for
          ? ` for ${formatDisplayDate(delivery.scheduled_for)}`
          : ''}
        {` · ${formatPounds(delivery.total_pence)}`}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        Requested {formatDisplayDate(delivery.created_at)}
        {delivery.requested_by ? ` by ${delivery.requested_by.name || delivery.requested_by.email}` : ''}
      </Typography>
      <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, mt: 1 }}>
        {delivery.channels.map((c) => (
          <ChannelItem key={c.channel} channel={c} mail={c.channel === 'mail' ? delivery.options.mail : null} />
        ))}
      </Box>
      {canRevoke && hasLiveLink ? <RevokeLink letterId={letterId} /> : null}
    </>
  );
}

/** Revoke link, after "Are you sure?": every live link to the letter then answers as an unknown link. */
function RevokeLink({ letterId }: { letterId: string }) {
  const [confirming, setConfirming] = useState(false);
  const revoke = useRevokeCloudLinks();
  const confirm = () =>
    revoke.mutateAsync(letterId).then(
      (answer) => {
        setConfirming(false);
        notify(answer.message, { variant: answer.revoked > 0 ? 'success' : 'info' });
      },
      (error) => {
        setConfirming(false);
        notify(deliveryFailureMessage('revoke', error), { variant: 'error' });
      },
    );
  return (
    <Box sx={{ mt: 1 }}>
      <Button
        size="small"
        color="error"
        variant="outlined"
        startIcon={<LinkOff />}
        disabled={revoke.isPending}
        onClick={() => setConfirming(true)}
      >
        Revoke link
      </Button>
      <ConfirmDialog
        open={confirming}
        busy={revoke.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={() => void confirm()}
        message="Every link to this letter (the cloud link, and any sent by email or text message) stops working at once. This cannot be undone."
      />
    </Box>
  );
}

async function copyLink(url: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(url);
    notify('The link was copied. Send it to the recipient.', { variant: 'success' });
  } catch {
    notify('The link could not be copied: select it and copy it yourself.', { variant: 'error' });
  }
}

/**
 * A tracked letter (decision 0037): Royal Mail's tracking number, its events (UK time), who signed
 * and the signature, and the proof of delivery to download.
 */
function MailTracking({ tracking: t }: { tracking: NonNullable<DeliveryChannelRow['tracking']> }) {
  const headingId = useId();
  return (
    <Box aria-labelledby={headingId} role="group" data-testid="mail-tracking" sx={{ flexBasis: '100%', mt: 1 }}>
      <Typography id={headingId} variant="body2" sx={{ fontWeight: 700 }}>
        Tracking number{' '}
        <Box component="span" sx={{ fontFamily: 'monospace', fontWeight: 400 }}>
          {t.number ?? 'not given yet'}
        </Box>
      </Typography>
      {t.events.length > 0 ? (
        <Box component="ol" sx={{ listStyle: 'none', p: 0, m: 0, mt: 0.5 }} aria-label="Tracking events">
          {t.events.map((e) => (
            <Typography key={`${e.at}-${e.status}`} component="li" variant="body2" color="text.secondary">
              {formatDisplayDate(e.at)} · {e.description}
              {e.location ? `, ${e.location}` : ''}
            </Typography>
          ))}
        </Box>
      ) : null}
      {t.signed_by ? (
        <Typography variant="body2" data-testid="mail-signed" sx={{ mt: 0.5 }}>
          Signed for by {t.signed_by}
          {t.signed_at ? ` on ${formatDisplayDate(t.signed_at)}` : ''}
        </Typography>
      ) : null}
      {t.signature_path ? (
        <Box
          component="img"
          src={t.signature_path}
          alt={`Signature of ${t.signed_by ?? 'the recipient'}`}
          sx={{
            display: 'block',
            maxWidth: '100%',
            width: 240,
            height: 'auto',
            mt: 0.5,
            border: 1,
            borderColor: 'divider',
          }}
        />
      ) : null}
      {t.proof_of_delivery_path ? (
        <Button size="small" href={t.proof_of_delivery_path} download startIcon={<Download />} sx={{ mt: 0.5 }}>
          Proof of delivery (PDF)
        </Button>
      ) : null}
    </Box>
  );
}

function ChannelItem({ channel: c, mail }: { channel: DeliveryChannelRow; mail: SentMail | null }) {
  const posted = mail && c.state === 'succeeded' ? postedText(mail) : null;
  return (
    <Box
      component="li"
      data-testid="delivery-channel"
      sx={{ py: 1, borderTop: 1, borderColor: 'divider', display: 'flex', flexWrap: 'wrap', columnGap: 2 }}
    >
      <Typography component="span" variant="body2" sx={{ fontWeight: 700, flex: '1 1 8rem' }}>
        {channelLabel(c.channel)}
      </Typography>
      <Typography
        component="span"
        variant="body2"
        sx={{ flex: '1 1 8rem', color: c.state === 'failed' ? 'error.main' : undefined }}
      >
        {stateLabel(c)}
      </Typography>
      <Typography component="span" variant="body2" sx={{ flex: '0 0 auto' }}>
        {formatPounds(c.price_pence)}
      </Typography>
      {mail ? (
        <Typography variant="body2" color="text.secondary" data-testid="mail-options" sx={{ flexBasis: '100%' }}>
          {mailOptionsText(mail)}
        </Typography>
      ) : null}
      {posted ? (
        <Typography variant="body2" data-testid="mail-posted" sx={{ flexBasis: '100%' }}>
          {posted}
        </Typography>
      ) : null}
      {c.recipient ? (
        <Typography variant="body2" color="text.secondary" sx={{ flexBasis: '100%', overflowWrap: 'anywhere' }}>
          To {c.recipient}
        </Typography>
      ) : null}
      {c.tracking ? <MailTracking tracking={c.tracking} /> : null}
      {c.state === 'failed' && c.reason ? (
        <Typography variant="body2" color="error" sx={{ flexBasis: '100%' }}>
          {c.reason}
        </Typography>
      ) : null}
      {c.cloud_link ? (
        <Typography variant="body2" color="text.secondary" sx={{ flexBasis: '100%' }}>
          {c.cloud_link.first_opened_at
            ? `First opened ${formatDisplayDate(c.cloud_link.first_opened_at)}`
            : 'Not opened yet'}
          {c.cloud_link.revoked_at
            ? ` · revoked ${formatDisplayDate(c.cloud_link.revoked_at)}`
            : ` · expires ${formatDisplayDate(c.cloud_link.expires_at)}`}
        </Typography>
      ) : null}
      {c.channel === 'cloud_link' && c.cloud_link?.url && !c.cloud_link.revoked_at ? (
        <Box sx={{ flexBasis: '100%', display: 'flex', alignItems: 'center', gap: 1, minWidth: 0 }}>
          <Link
            href={c.cloud_link.url}
            target="_blank"
            rel="noreferrer"
            variant="body2"
            data-testid="cloud-link-url"
            sx={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', minWidth: 0 }}
          >
            {c.cloud_link.url}
          </Link>
          <Button size="small" startIcon={<ContentCopy />} onClick={() => copyLink(c.cloud_link!.url!)}>
            Copy link
          </Button>
        </Box>
      ) : null}
    </Box>
  );
}

/** A letter delivered before per-channel records: the channels and how each went. */
function PastChannels({ data }: { data: LetterDelivery }) {
  const ok = new Set(data.successful_delivery_channels);
  const failed = new Set(data.unsuccessful_delivery_channels);
  return (
    <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
      {data.delivery_channels.map((c) => (
        <Box component="li" key={c} sx={{ py: 0.5 }}>
          <Typography variant="body2">
            {channelLabel(c)}:{' '}
            {ok.has(c) ? (c === 'mail' ? 'Posted' : 'Delivered') : failed.has(c) ? 'Failed' : 'Waiting'}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

/** The letter's statuses over time (GET /api/letters/:id/history), oldest first, dated dd.MM.yy | hh:mm a. */
export function LetterTimeline({ letterId }: { letterId: string }) {
  const history = useLetterHistory(letterId);
  const rows = history.data ?? [];
  if (rows.length === 0) return null;
  return (
    <Section title="History" testId="letter-timeline">
      <Box component="ol" sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {rows.map((row, i) => (
          <Box
            component="li"
            // The rows have no id; their order is fixed (oldest first) and only grows.
            // biome-ignore lint/suspicious/noArrayIndexKey: see above
            key={i}
            sx={{
              display: 'grid',
              gridTemplateColumns: { xs: '1fr', sm: '10.5rem 1fr' },
              columnGap: 2,
              py: 0.75,
              borderLeft: 2,
              borderColor: 'divider',
              pl: 1.5,
            }}
          >
            <Typography component="span" variant="body2" color="text.secondary">
              <time dateTime={row.at}>{formatDisplayDate(row.at)}</time>
            </Typography>
            <Box>
              <Typography component="span" variant="body2" sx={{ fontWeight: 500 }}>
                {row.status}
              </Typography>
              {row.reason ? (
                <Typography variant="body2" color="text.secondary">
                  {row.reason}
                </Typography>
              ) : null}
            </Box>
          </Box>
        ))}
      </Box>
    </Section>
  );
}
