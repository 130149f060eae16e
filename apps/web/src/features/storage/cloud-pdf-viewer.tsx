import { LETTER_MESSAGES, MESSAGES } from '@lp/domain';
import ChevronLeft from '@mui/icons-material/ChevronLeft';
import ChevronRight from '@mui/icons-material/ChevronRight';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { Loading } from '../../components/loading';
import { MessageBanner } from '../../components/message-banner';
import { stepPage } from '../letters/pdf-viewer-dialog';
import { PdfPageCanvas, useBlobPdf } from './pdf-page';

/** The widest a page is drawn, in CSS pixels (A4 at about 110%). */
const MAX_PAGE_WIDTH = 900;

/**
 * The letter on the page (not in a dialog): one page at a time, "Page X of Y" with Previous and
 * Next (and the arrow keys while the page has focus), "Loading document..." meanwhile.
 */
export function CloudPdfViewer({ blob, title }: { blob: Blob | undefined; title: string }) {
  const loaded = useBlobPdf(blob, 'cloud letter');
  const [page, setPage] = useState(1);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new file opens on its first page
  useEffect(() => setPage(1), [blob]);
  const pages = loaded.state === 'ready' ? loaded.doc.numPages : 0;
  const go = (step: number) => setPage((p) => stepPage(p, step, pages));

  return (
    <Box>
      {/* The page may be taller than the screen: the region takes focus so the keyboard can scroll and turn it. */}
      <Box
        role="region"
        tabIndex={0}
        aria-label={pages > 0 ? `${title}, ${LETTER_MESSAGES.pageOf(page, pages)}` : title}
        onKeyDown={(e) => {
          if (e.key === 'ArrowRight' || e.key === 'PageDown') {
            e.preventDefault();
            go(1);
          }
          if (e.key === 'ArrowLeft' || e.key === 'PageUp') {
            e.preventDefault();
            go(-1);
          }
        }}
        sx={{
          bgcolor: 'grey.100',
          p: { xs: 1, sm: 2 },
          minHeight: 320,
          borderRadius: 1,
          outline: 'none',
          '&:focus-visible': { boxShadow: (t) => `0 0 0 3px ${t.palette.primary.main}` },
        }}
      >
        {!blob || loaded.state === 'loading' ? (
          <Loading label={LETTER_MESSAGES.loadingDocument} minHeight={320} />
        ) : null}
        {blob && loaded.state === 'error' ? <MessageBanner kind="error">{MESSAGES.genericError}</MessageBanner> : null}
        {blob && loaded.state === 'ready' ? (
          <PdfPageCanvas
            doc={loaded.doc}
            page={page}
            label={`${title}, ${LETTER_MESSAGES.pageOf(page, loaded.doc.numPages)}`}
            maxWidth={MAX_PAGE_WIDTH}
            what="cloud letter"
          />
        ) : null}
      </Box>
      <Box
        component="nav"
        aria-label="Pages"
        sx={{ display: 'flex', alignItems: 'center', justifyContent: 'center', gap: { xs: 1, sm: 2 }, pt: 1.5 }}
      >
        <Button startIcon={<ChevronLeft />} onClick={() => go(-1)} disabled={pages === 0 || page <= 1}>
          Previous
        </Button>
        <Typography aria-live="polite" data-testid="pdf-page-label" sx={{ minWidth: 100, textAlign: 'center' }}>
          {pages > 0 ? LETTER_MESSAGES.pageOf(page, pages) : ''}
        </Typography>
        <Button endIcon={<ChevronRight />} onClick={() => go(1)} disabled={pages === 0 || page >= pages}>
          Next
        </Button>
      </Box>
    </Box>
  );
}
