import Close from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useSyncExternalStore } from 'react';
import { Link as RouterLink } from 'react-router';
import { type ToastColour, type UploadItem, type UploadQueue, uploadSummary } from './upload-queue';

/** The toast's colours (part 1 section 4), dark enough for white text (above 4.5:1). */
export const TOAST_COLOURS: Record<ToastColour, string> = {
  purple: '#4D00E5',
  teal: '#00695c',
  red: '#b71c1c',
  orange: '#a84300',
};

function itemState(item: UploadItem): string {
  if (item.uploaded === 'uploaded') return 'Uploaded';
  if (item.uploaded === 'failed') return `Failed: ${item.error ?? ''}`.trim();
  return item.progress > 0 ? `Uploading ${Math.round(item.progress * 100)}%` : 'Waiting';
}

/**
 * The upload-progress toast: its colour and message follow the queue (purple while pending, teal all
 * uploaded, red all failed, orange mixed); each file has a progress bar; the close button is
 * disabled while any file is still to be sent; a link leads to the letters.
 */
export function UploadToast({ queue }: { queue: UploadQueue }) {
  const snapshot = useSyncExternalStore(queue.subscribe, queue.getSnapshot, queue.getSnapshot);
  if (!snapshot.open || snapshot.items.length === 0) return null;
  const summary = uploadSummary(snapshot.items);
  return (
    <Paper
      elevation={8}
      data-testid="upload-toast"
      data-colour={summary.colour}
      aria-label="Letter uploads"
      role="region"
      sx={{
        position: 'fixed',
        right: { xs: 8, sm: 16 },
        bottom: { xs: 8, sm: 16 },
        // Above the page, below drawers and dialogs (which would otherwise have their buttons covered).
        zIndex: (t) => t.zIndex.appBar,
        width: { xs: 'calc(100% - 16px)', sm: 400 },
        bgcolor: TOAST_COLOURS[summary.colour],
        color: '#fff',
        borderRadius: 1,
        overflow: 'hidden',
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, pl: 2, pr: 1, py: 1 }}>
        <Typography role="status" sx={{ flex: 1, fontWeight: 600, fontSize: '0.9rem' }}>
          {summary.message}
        </Typography>
        <IconButton
          aria-label="Close upload progress"
          size="small"
          color="inherit"
          disabled={!summary.canClose}
          onClick={() => queue.dismiss()}
          sx={{ '&.Mui-disabled': { color: 'rgba(255,255,255,0.6)' } }}
        >
          <Close fontSize="small" />
        </IconButton>
      </Box>
      <Box
        component="ul"
        aria-label="Files"
        sx={{ listStyle: 'none', m: 0, px: 2, py: 0, maxHeight: 220, overflowY: 'auto' }}
      >
        {snapshot.items.map((item) => (
          <Box component="li" key={item.index} data-testid="upload-item" data-state={item.uploaded} sx={{ pb: 1 }}>
            <Box sx={{ display: 'flex', gap: 1, fontSize: '0.8rem' }}>
              <Box component="span" sx={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
                {item.file.name}
              </Box>
              <Box component="span" sx={{ flexShrink: 0, maxWidth: '55%', textAlign: 'right' }}>
                {itemState(item)}
              </Box>
            </Box>
            <LinearProgress
              variant="determinate"
              color="inherit"
              value={item.uploaded === 'ready' ? item.progress * 100 : 100}
              aria-label={`Upload of ${item.file.name}`}
              sx={{ mt: 0.5, height: 4, borderRadius: 2, opacity: item.uploaded === 'failed' ? 0.5 : 1 }}
            />
          </Box>
        ))}
      </Box>
      <Box sx={{ px: 2, pb: 1.5 }}>
        <Link component={RouterLink} to="/letters" color="inherit" sx={{ fontWeight: 600, fontSize: '0.85rem' }}>
          Go to letters
        </Link>
      </Box>
    </Paper>
  );
}
