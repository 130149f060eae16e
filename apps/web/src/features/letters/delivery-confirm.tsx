import { formatPounds } from '@lp/domain';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { ConfirmDialog } from '../../components/confirm-dialog';

/** What a delivery will cost: the quote's total and, for a member who may see the balance, what is left after it. */
export interface ChargeSummary {
  total_pence: number;
  /** Null for a member who may not see the balance (restrict_balance): the total is shown without it. */
  available_after_pence: number | null;
  /** Of a bulk delivery: letters that cannot be sent as asked (not charged). */
  refused?: number;
}

export const CONFIRM_TEXT = {
  deliver: (name: string, channels: string) => `Deliver “${name}” by ${channels}?`,
  schedule: (name: string, channels: string, when: string) => `Schedule “${name}” by ${channels} for ${when}?`,
  bulk: (n: number, channels: string) => `Deliver ${n === 1 ? '1 letter' : `${n} letters`} by ${channels}?`,
  total: 'Total',
  balanceAfter: 'Balance after',
  reserved: 'The total is reserved now and charged when it is sent.',
  notEnough: 'The available balance does not cover this: top up first, or the delivery is refused.',
  refused: (n: number) =>
    `${n === 1 ? '1 letter cannot' : `${n} letters cannot`} be sent as asked: ${n === 1 ? 'it is' : 'they are'} left out and not charged.`,
} as const;

/**
 * The spec's "Are you sure" confirmation (Yes and No) before a delivery spends money: the question,
 * the total and the balance after it (part 1 section 3; issue 27 item 3).
 */
export function DeliveryConfirm({
  open,
  question,
  summary,
  scheduled = false,
  busy = false,
  onYes,
  onNo,
}: {
  open: boolean;
  question: string;
  summary: ChargeSummary | null;
  scheduled?: boolean;
  busy?: boolean;
  onYes: () => void;
  onNo: () => void;
}) {
  const after = summary?.available_after_pence ?? null;
  return (
    <ConfirmDialog
      open={open}
      busy={busy}
      onConfirm={onYes}
      onCancel={onNo}
      message={question}
      details={
        summary ? (
          <>
            <Box
              component="dl"
              data-testid="confirm-charge"
              sx={{ display: 'grid', gridTemplateColumns: '1fr max-content', columnGap: 3, rowGap: 0.5, m: 0, mt: 2 }}
            >
              <Typography component="dt" sx={{ fontWeight: 700 }}>
                {CONFIRM_TEXT.total}
              </Typography>
              <Typography component="dd" sx={{ m: 0, fontWeight: 700, textAlign: 'right' }} data-testid="confirm-total">
                {formatPounds(summary.total_pence)}
              </Typography>
              {after !== null ? (
                <>
                  <Typography component="dt">{CONFIRM_TEXT.balanceAfter}</Typography>
                  <Typography
                    component="dd"
                    sx={{ m: 0, textAlign: 'right', color: after < 0 ? 'error.main' : undefined }}
                    data-testid="confirm-balance-after"
                  >
                    {formatPounds(after)}
                  </Typography>
                </>
              ) : null}
            </Box>
            {after !== null && after < 0 ? (
              <Typography variant="body2" color="error" sx={{ mt: 1 }} role="alert">
                {CONFIRM_TEXT.notEnough}
              </Typography>
            ) : null}
            {summary.refused ? (
              <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
                {CONFIRM_TEXT.refused(summary.refused)}
              </Typography>
            ) : null}
            {scheduled ? (
              <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
                {CONFIRM_TEXT.reserved}
              </Typography>
            ) : null}
          </>
        ) : null
      }
    />
  );
}
