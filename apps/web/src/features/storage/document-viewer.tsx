import { BREAKPOINTS, MESSAGES, STORAGE_VIEWER_IMAGE_MAX_WIDTH } from '@lp/domain';
import Close from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useId, useState } from 'react';
import { Loading } from '../../components/loading';
import { MessageBanner } from '../../components/message-banner';
import { PdfViewerDialog } from '../letters/pdf-viewer-dialog';
import { itemFileUrl, type StorageItem } from './api';
import { displayName, isImage } from './items';

export const LOADING_IMAGE = 'Loading image...';

/**
 * The document viewer (part 2 "Document storage screen"): a PDF (a letter-linked item shows its
 * letter's document) one page at a time through the app's pdf.js set-up, with "Page X of Y",
 * previous and next and "Loading document..."; an image at most 600 wide.
 */
export function DocumentViewer({ item, onClose }: { item: StorageItem; onClose: () => void }) {
  const title = displayName(item);
  const url = itemFileUrl(item.id);
  if (!isImage(item)) return <PdfViewerDialog open onClose={onClose} url={url} title={title} />;
  return <ImageViewer url={url} title={title} onClose={onClose} />;
}

function ImageViewer({ url, title, onClose }: { url: string; title: string; onClose: () => void }) {
  const titleId = useId();
  const [state, setState] = useState<'loading' | 'ready' | 'error'>('loading');
  const fullScreen = useMediaQuery(`(max-width:${BREAKPOINTS.small - 0.05}px)`);
  return (
    <Dialog
      open
      onClose={onClose}
      aria-labelledby={titleId}
      maxWidth={false}
      fullScreen={fullScreen}
      data-testid="image-viewer"
    >
      <DialogTitle id={titleId} sx={{ display: 'flex', alignItems: 'center', gap: 1, pr: 1 }}>
        <Box component="span" sx={{ flex: 1, overflowWrap: 'anywhere' }}>
          {title}
        </Box>
        <IconButton aria-label="Close preview" onClick={onClose}>
          <Close />
        </IconButton>
      </DialogTitle>
      <DialogContent dividers sx={{ bgcolor: 'grey.100', p: { xs: 1, sm: 2 } }}>
        {state === 'loading' ? <Loading label={LOADING_IMAGE} minHeight={200} /> : null}
        {state === 'error' ? <MessageBanner kind="error">{MESSAGES.genericError}</MessageBanner> : null}
        <Box
          component="img"
          src={url}
          alt={title}
          onLoad={() => setState('ready')}
          onError={() => setState('error')}
          sx={{
            display: state === 'ready' ? 'block' : 'none',
            width: 'auto',
            maxWidth: `min(${STORAGE_VIEWER_IMAGE_MAX_WIDTH}px, 100%)`,
            height: 'auto',
            mx: 'auto',
          }}
        />
      </DialogContent>
    </Dialog>
  );
}
