import { findIntegrationProvider, type LetterCloudSync } from '@lp/domain';
import CloudDone from '@mui/icons-material/CloudDone';
import CloudOff from '@mui/icons-material/CloudOff';
import CloudQueue from '@mui/icons-material/CloudQueue';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { formatDisplayDate } from '../../lib/dates';

/** The drive's name as its card shows it ("Google Drive"), or its id when the catalogue has no such drive. */
export const driveName = (provider: string) => findIntegrationProvider(provider)?.name ?? provider;

/** What a letter's copy in one drive is doing, in words (issue 15 item 5). */
export const CLOUD_SYNC_TEXT = {
  heading: 'Cloud sync',
  synced: (drive: string) => `Synced to ${drive}`,
  waiting: (drive: string) => `Waiting to sync to ${drive}`,
  retrying: (reason: string) => `Retrying: ${reason}`,
  failed: (drive: string) => `Failed to sync to ${drive}`,
  /** The list row's indicator (letters.cloud_synced). */
  listIndicator: 'Synced to a cloud drive',
} as const;

/** The sentence for one copy: synced, waiting (retrying when the last try failed) or failed. */
export function cloudSyncSentence(sync: LetterCloudSync): { title: string; detail: string | null } {
  const drive = driveName(sync.provider);
  if (sync.status === 'synced') {
    const parts = [sync.synced_at ? formatDisplayDate(sync.synced_at) : null, sync.remote_path].filter(Boolean);
    return { title: CLOUD_SYNC_TEXT.synced(drive), detail: parts.length ? parts.join(' · ') : null };
  }
  if (sync.status === 'failed') return { title: CLOUD_SYNC_TEXT.failed(drive), detail: sync.reason };
  return {
    title: CLOUD_SYNC_TEXT.waiting(drive),
    detail: sync.reason ? CLOUD_SYNC_TEXT.retrying(sync.reason) : null,
  };
}

const ICONS = { synced: CloudDone, pending: CloudQueue, failed: CloudOff } as const;

/**
 * The letter panel's "Cloud sync" section: each drive the letter is copied to (auto-sync, or the
 * customer's own drive) with where the copy stands. Nothing when no drive has the letter. The letter's
 * answer refreshes live when the sync job moves, so this follows without a reload.
 */
export function CloudSyncSection({ syncs }: { syncs: readonly LetterCloudSync[] | undefined }) {
  const headingId = useId();
  if (!syncs || syncs.length === 0) return null;
  return (
    <Box component="section" aria-labelledby={headingId} data-testid="cloud-sync" sx={{ mt: 3 }}>
      <Typography id={headingId} component="h3" variant="subtitle1" sx={{ fontWeight: 700, mb: 1 }}>
        {CLOUD_SYNC_TEXT.heading}
      </Typography>
      <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {syncs.map((s) => {
          const { title, detail } = cloudSyncSentence(s);
          const Icon = ICONS[s.status] ?? CloudQueue;
          return (
            <Box
              component="li"
              key={s.provider}
              data-testid="cloud-sync-drive"
              data-status={s.status}
              sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', py: 0.5 }}
            >
              <Icon
                aria-hidden
                fontSize="small"
                color={s.status === 'synced' ? 'success' : s.status === 'failed' ? 'error' : 'action'}
                sx={{ mt: '2px' }}
              />
              <Box sx={{ minWidth: 0 }}>
                <Typography variant="body2">{title}</Typography>
                {detail ? (
                  <Typography
                    variant="body2"
                    color={s.status === 'failed' ? 'error' : 'text.secondary'}
                    sx={{ overflowWrap: 'anywhere' }}
                  >
                    {detail}
                  </Typography>
                ) : null}
              </Box>
            </Box>
          );
        })}
      </Box>
    </Box>
  );
}

/** The list row's small mark for a letter copied to a drive. */
export function CloudSyncedMark() {
  return (
    <CloudDone
      titleAccess={CLOUD_SYNC_TEXT.listIndicator}
      fontSize="small"
      color="action"
      data-testid="cloud-synced-mark"
      sx={{ ml: 1, verticalAlign: 'middle' }}
    />
  );
}
