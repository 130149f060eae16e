import { formatPounds, MESSAGE_CHANNELS, type MessageChannel } from '@lp/domain';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { Loading } from '../../components/loading';
import { type ApiResponse, api } from '../../lib/api';
import { formatDisplayDate } from '../../lib/dates';

type MessagePage = ApiResponse<'/api/customers/{id}/messages'>;
export type PastMessage = MessagePage['rows'][number];

export const MESSAGES_TEXT = {
  heading: 'Messages',
  all: 'All',
  filterLabel: 'Show messages by channel',
  none: (channel: MessageChannel | null) =>
    channel
      ? `No ${channel === 'Letter' ? 'letters' : channel === 'Parcel' ? 'parcels' : channel === 'SMS' ? 'text messages' : 'emails'} sent yet.`
      : 'Nothing sent yet.',
  more: 'Show more',
  failed: 'The messages could not be loaded.',
  retry: 'Try again',
} as const;

const CHANNEL_NAMES: Record<MessageChannel, string> = {
  Email: 'Email',
  SMS: 'SMS',
  Letter: 'Letter',
  Parcel: 'Parcel',
};

/** GET /api/customers/{id}/messages or /api/letters/{id}/messages, a keyset page at a time, under 'customers' or 'letters'. */
function useMessages(owner: 'customers' | 'letters', id: string, channel: MessageChannel | null) {
  return useInfiniteQuery({
    queryKey: [owner, id, 'messages', channel] as const,
    queryFn: ({ pageParam, signal }): Promise<MessagePage> => {
      const query = { limit: 10, ...(channel ? { channel } : {}), ...(pageParam ? { cursor: pageParam } : {}) };
      return owner === 'customers'
        ? api.get('/api/customers/{id}/messages', { params: { id }, query, signal })
        : api.get('/api/letters/{id}/messages', { params: { id }, query, signal });
    },
    initialPageParam: '',
    getNextPageParam: (last) => last.next_cursor ?? undefined,
  });
}

/**
 * Past messages by channel (part 1 section 7, comms retrieve; issue 27 item 24): on the customer
 * panel (letters by post, emails, texts, parcels) and on the letter panel (its post, emails and
 * texts), newest first, filtered by channel, ten at a time.
 */
export function MessagesSection({
  owner,
  id,
  canSeeLetters = false,
}: {
  owner: 'customers' | 'letters';
  id: string;
  /** Letters named in the list link to their panel. */
  canSeeLetters?: boolean;
}) {
  const [channel, setChannel] = useState<MessageChannel | null>(null);
  const headingId = useId();
  const list = useMessages(owner, id, channel);
  const channels = owner === 'letters' ? MESSAGE_CHANNELS.filter((c) => c !== 'Parcel') : MESSAGE_CHANNELS;
  const rows = list.data?.pages.flatMap((p) => p.rows) ?? [];
  return (
    <Box component="section" aria-labelledby={headingId} sx={{ mt: 4 }} data-testid="messages-section">
      <Typography id={headingId} component="h3" variant="subtitle1" sx={{ fontWeight: 700, mb: 1 }}>
        {MESSAGES_TEXT.heading}
      </Typography>
      <ToggleButtonGroup
        size="small"
        exclusive
        value={channel ?? 'all'}
        onChange={(_, v: string | null) => {
          if (v !== null) setChannel(v === 'all' ? null : (v as MessageChannel));
        }}
        aria-label={MESSAGES_TEXT.filterLabel}
        sx={{ mb: 1, flexWrap: 'wrap' }}
      >
        <ToggleButton value="all">{MESSAGES_TEXT.all}</ToggleButton>
        {channels.map((c) => (
          <ToggleButton key={c} value={c}>
            {CHANNEL_NAMES[c]}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
      {list.isPending ? (
        <Loading minHeight={60} />
      ) : list.isError && rows.length === 0 ? (
        <Box role="alert">
          <Typography color="error">{MESSAGES_TEXT.failed}</Typography>
          <Button size="small" onClick={() => void list.refetch()}>
            {MESSAGES_TEXT.retry}
          </Button>
        </Box>
      ) : rows.length === 0 ? (
        <Typography color="text.secondary">{MESSAGES_TEXT.none(channel)}</Typography>
      ) : (
        <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {rows.map((m) => (
            <Box
              component="li"
              key={m.id}
              data-testid="message-row"
              sx={{ py: 1, borderBottom: 1, borderColor: 'divider', display: 'flex', flexWrap: 'wrap', gap: 1 }}
            >
              <Box sx={{ flex: '1 1 200px', minWidth: 0, overflowWrap: 'break-word' }}>
                <Typography component="span" sx={{ fontWeight: 600 }}>
                  {CHANNEL_NAMES[m.channel]}
                </Typography>
                {m.recipient ? ` to ${m.recipient}` : null}
                {m.letter_name && owner === 'customers' ? (
                  <Typography variant="body2">
                    {canSeeLetters && m.letter_uuid ? (
                      <Link component={RouterLink} to={`/letters?letter=${encodeURIComponent(m.letter_uuid)}`}>
                        {m.letter_name}
                      </Link>
                    ) : (
                      m.letter_name
                    )}
                  </Typography>
                ) : null}
                <Typography variant="body2" color="text.secondary">
                  {`${formatDisplayDate(m.sent_at)} · ${formatPounds(m.price_pence)}`}
                </Typography>
                {m.reason ? (
                  <Typography variant="body2" color="error">
                    {m.reason}
                  </Typography>
                ) : null}
              </Box>
              <Typography variant="body2" sx={{ alignSelf: 'center' }}>
                {m.status}
              </Typography>
            </Box>
          ))}
        </Box>
      )}
      {list.hasNextPage ? (
        <Button
          size="small"
          onClick={() => void list.fetchNextPage()}
          disabled={list.isFetchingNextPage}
          sx={{ mt: 1 }}
        >
          {MESSAGES_TEXT.more}
        </Button>
      ) : null}
    </Box>
  );
}
