import { BREAKPOINTS, LETTER_MESSAGES, type SplitProposal, splitSignalLabel, splitStartsProblem } from '@lp/domain';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useId, useMemo, useState } from 'react';
import { MessageBanner } from '../../components/message-banner';
import { PageThumbnail, usePdfDocument } from './split-page-thumbnails';

export interface SplitReviewDialogProps {
  open: boolean;
  /** The letter's file name, shown under the title. */
  name: string;
  /** The merged file as PDF (the pages are drawn from it). */
  fileUrl: string;
  proposal: SplitProposal;
  busy?: boolean;
  /** A failed confirm, for people. */
  error?: string | null;
  onCancel: () => void;
  onConfirm: (starts: number[]) => void;
}

/**
 * "Review the split": every page of the merged file in order, drawn small, with a bar before each
 * page that starts a letter (its number and the recipient read there). Each page but the first has
 * a "Starts a new letter" checkbox (click or Space) to add or take away a cut; the summary counts
 * the letters, and Create makes them.
 */
export function SplitReviewDialog({
  open,
  name,
  fileUrl,
  proposal,
  busy = false,
  error = null,
  onCancel,
  onConfirm,
}: SplitReviewDialogProps) {
  const fullScreen = useMediaQuery(`(max-width:${BREAKPOINTS.small - 0.05}px)`);
  const titleId = useId();
  const pdf = usePdfDocument(fileUrl);
  const doc = pdf.state === 'ready' ? pdf.doc : null;
  const [starts, setStarts] = useState<ReadonlySet<number>>(() => new Set([1, ...proposal.starts.map((s) => s.page)]));
  const ordered = useMemo(() => [...starts].sort((a, b) => a - b), [starts]);
  const problem = splitStartsProblem(ordered, proposal.pages);
  const proposed = useMemo(() => new Map(proposal.starts.map((s) => [s.page, s])), [proposal]);
  const addresses = useMemo(() => new Map(proposal.addresses.map((a) => [a.page, a.recipient])), [proposal]);

  const toggle = (page: number) =>
    setStarts((current) => {
      const next = new Set(current);
      if (next.has(page)) next.delete(page);
      else next.add(page);
      return next;
    });

  const pages = Array.from({ length: proposal.pages }, (_, i) => i + 1);
  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : onCancel}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="lg"
      fullScreen={fullScreen}
      data-testid="split-review"
    >
      <DialogTitle id={titleId}>{LETTER_MESSAGES.splitReviewTitle}</DialogTitle>
      <DialogContent dividers>
        <Typography color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          {name}
        </Typography>
        <Typography sx={{ mt: 1 }}>{LETTER_MESSAGES.splitReviewHelp}</Typography>
        {proposal.note ? (
          <Box sx={{ mt: 2 }}>
            <MessageBanner kind="info">{proposal.note}</MessageBanner>
          </Box>
        ) : null}
        {pdf.state === 'error' ? (
          <Box sx={{ mt: 2 }}>
            <MessageBanner kind="warning">
              The pages could not be drawn; the page numbers still show where each letter starts.
            </MessageBanner>
          </Box>
        ) : null}
        <Box
          component="ol"
          aria-label="Pages"
          sx={{ listStyle: 'none', p: 0, m: 0, mt: 2, display: 'flex', flexWrap: 'wrap', columnGap: 1, rowGap: 2 }}
        >
          {pages.map((page) => {
            const isStart = starts.has(page);
            const letterNo = isStart ? ordered.indexOf(page) + 1 : 0;
            const recipient = proposed.get(page)?.recipient ?? addresses.get(page) ?? null;
            const signals = isStart ? (proposed.get(page)?.signals ?? []) : [];
            const labelId = `${titleId}-page-${page}`;
            return (
              <Box component="li" key={page} sx={{ display: 'flex' }}>
                {/* The cut: a bar before the page, with the letter's number and recipient. */}
                <Box
                  aria-hidden="true"
                  data-testid={isStart ? 'cut-marker' : undefined}
                  sx={{
                    width: 6,
                    mr: 1,
                    borderRadius: 1,
                    bgcolor: isStart ? 'primary.main' : 'transparent',
                    flexShrink: 0,
                  }}
                />
                <Box
                  role="group"
                  aria-labelledby={labelId}
                  data-page={page}
                  sx={{ width: 150, display: 'flex', flexDirection: 'column', gap: 0.5 }}
                >
                  <Box sx={{ minHeight: 40 }}>
                    {isStart ? (
                      <>
                        <Typography variant="subtitle2" component="p" sx={{ color: 'primary.main', fontWeight: 700 }}>
                          Letter {letterNo}
                        </Typography>
                        <Typography
                          variant="body2"
                          data-testid="cut-recipient"
                          sx={{ overflowWrap: 'anywhere', lineHeight: 1.2 }}
                        >
                          {recipient ?? 'Recipient read once created'}
                        </Typography>
                      </>
                    ) : null}
                  </Box>
                  <PageThumbnail doc={doc} page={page} label={`Page ${page}`} />
                  <Typography id={labelId} variant="body2" sx={{ fontWeight: 600 }}>
                    Page {page}
                  </Typography>
                  <FormControlLabel
                    sx={{ m: 0, alignItems: 'flex-start' }}
                    control={
                      <Checkbox
                        size="small"
                        sx={{ p: 0.5 }}
                        checked={isStart}
                        disabled={page === 1 || busy}
                        onChange={() => toggle(page)}
                      />
                    }
                    label={<Typography variant="body2">{LETTER_MESSAGES.splitStartsNewLetter}</Typography>}
                  />
                  {signals.length > 0 ? (
                    <Typography variant="caption" color="text.secondary" sx={{ lineHeight: 1.3 }}>
                      {signals.map(splitSignalLabel).join(' · ')}
                    </Typography>
                  ) : null}
                </Box>
              </Box>
            );
          })}
        </Box>
        {error ? (
          <Box sx={{ mt: 2 }}>
            <MessageBanner kind="error">{error}</MessageBanner>
          </Box>
        ) : null}
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 1.5, gap: 1, flexWrap: 'wrap' }}>
        <Typography role="status" data-testid="split-summary" sx={{ flex: 1, fontWeight: 600 }}>
          {LETTER_MESSAGES.splitLetters(ordered.length)}
          {ordered.length < 2 ? ` — ${LETTER_MESSAGES.splitNeedsTwo}` : ''}
        </Typography>
        <Button onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
        <Button variant="contained" disabled={busy || problem !== null} onClick={() => onConfirm(ordered)}>
          {LETTER_MESSAGES.splitCreate(ordered.length)}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

export default SplitReviewDialog;
