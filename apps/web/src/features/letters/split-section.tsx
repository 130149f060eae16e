import { LETTER_MESSAGES } from '@lp/domain';
import CallSplit from '@mui/icons-material/CallSplit';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState } from 'react';
import { MessageBanner } from '../../components/message-banner';
import { notify } from '../../lib/notify';
import { type Letter, letterFailureMessage, letterFileUrl } from './api';
import { letterKeys } from './keys';
import { useConfirmSplit, useRequestSplit, useSplitProposal } from './split-api';

// The review draws the pages with pdf.js: it is only fetched when a review opens.
const SplitReviewDialog = lazy(() => import('./split-review-dialog'));

/** While the server works on the split, the letter is asked for again this often (if the live stream is down). */
const POLL_MS = 3000;

/**
 * The merged letter's part of the panel: Split, "Finding the letters…" while the server looks
 * for them, then the review of the proposed cuts (opened at once when the proposal arrives, and
 * again with "Review the split"), "being split" while the letters are made, and the result.
 */
export function SplitSection({ letter, enabled }: { letter: Letter; enabled: boolean }) {
  const state = letter.split_status ?? null;
  const queryClient = useQueryClient();
  const request = useRequestSplit(letter.uuid);
  const confirm = useConfirmSplit(letter.uuid);
  const [reviewing, setReviewing] = useState(false);
  const [awaiting, setAwaiting] = useState(false);
  const proposal = useSplitProposal(letter.uuid, state === 'proposed');
  const working = state === 'proposing' || state === 'splitting';

  // Open the review as soon as the proposal this panel asked for is ready.
  useEffect(() => {
    if (awaiting && state === 'proposed') {
      setAwaiting(false);
      setReviewing(true);
    }
  }, [awaiting, state]);

  useEffect(() => {
    if (!working) return;
    const timer = setInterval(
      () => void queryClient.invalidateQueries({ queryKey: letterKeys.detail(letter.uuid) }),
      POLL_MS,
    );
    return () => clearInterval(timer);
  }, [working, queryClient, letter.uuid]);

  const startSplit = () =>
    request.mutateAsync().then(
      () => setAwaiting(true),
      (error) => notify(letterFailureMessage(error), { variant: 'error' }),
    );

  const confirmSplit = (starts: number[]) =>
    confirm.mutateAsync(starts).then(
      () => {
        setReviewing(false);
        notify(LETTER_MESSAGES.splitConfirmed, { variant: 'info' });
      },
      () => {
        // The dialog shows why (letterFailureMessage of confirm.error).
      },
    );

  const answer = proposal.data;
  return (
    <Box sx={{ mt: 3 }}>
      <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 700, mb: 1 }}>
        Merged letter
      </Typography>
      {state === 'split' ? (
        <MessageBanner kind="success" data-testid="split-result">
          {LETTER_MESSAGES.splitDone(letter.split_count ?? 0)}
        </MessageBanner>
      ) : state === 'proposing' ? (
        <Box data-testid="split-progress">
          <Typography sx={{ mb: 1 }}>{LETTER_MESSAGES.splitFinding}</Typography>
          <LinearProgress aria-label={LETTER_MESSAGES.splitFinding} />
        </Box>
      ) : state === 'proposed' ? (
        <MessageBanner kind="info">
          {LETTER_MESSAGES.splitProposed(proposal.data?.proposal?.starts.length ?? 0)}
        </MessageBanner>
      ) : state === 'splitting' ? (
        <Box data-testid="split-progress">
          <MessageBanner kind="info">{LETTER_MESSAGES.splitting}</MessageBanner>
          <LinearProgress aria-label={LETTER_MESSAGES.splitting} sx={{ mt: 1 }} />
        </Box>
      ) : state === 'failed' ? (
        <MessageBanner kind="error">{LETTER_MESSAGES.splitFailed}</MessageBanner>
      ) : (
        <Typography color="text.secondary">
          This file holds several letters. Split it to get one letter per recipient, each ready to deliver.
        </Typography>
      )}
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 1, mt: 2 }}>
        {state === 'proposed' ? (
          <Button variant="contained" onClick={() => setReviewing(true)}>
            {LETTER_MESSAGES.splitReviewTitle}
          </Button>
        ) : null}
        <Button
          variant={state === 'proposed' ? 'outlined' : 'contained'}
          startIcon={<CallSplit />}
          disabled={!enabled || request.isPending}
          onClick={() => void startSplit()}
        >
          Split
        </Button>
      </Box>
      {reviewing && state === 'proposed' && proposal.isError ? (
        <Box sx={{ mt: 2 }}>
          <MessageBanner kind="error">{letterFailureMessage(proposal.error)}</MessageBanner>
        </Box>
      ) : null}
      {reviewing && answer?.proposal && answer.split_status === 'proposed' ? (
        <Suspense fallback={null}>
          <SplitReviewDialog
            open
            name={letter.name}
            fileUrl={letterFileUrl(letter.uuid)}
            proposal={answer.proposal}
            busy={confirm.isPending}
            error={confirm.isError ? letterFailureMessage(confirm.error) : null}
            onCancel={() => {
              confirm.reset();
              setReviewing(false);
            }}
            onConfirm={(starts) => void confirmSplit(starts)}
          />
        </Suspense>
      ) : null}
    </Box>
  );
}
