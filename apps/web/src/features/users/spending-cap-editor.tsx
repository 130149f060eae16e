import {
  ADMIN_MESSAGES,
  capPoundsField,
  effectiveCap,
  formatPounds,
  MESSAGES,
  penceToPounds,
  type SpendingMode,
  spendingMode,
} from '@lp/domain';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { useInvalidSubmitSnackbar } from '../../components/form-fields';
import { Loading } from '../../components/loading';
import { AppTextField } from '../../components/text-field';
import { isApiError } from '../../lib/api';
import { notify } from '../../lib/notify';
import { type SpendingCap, useSaveSpendingCap, useSpendingCap } from './api';

export const CAP_SAVED = 'Spending limit saved';
export const MODE_LABELS: Record<SpendingMode, string> = {
  no_limit: 'No limit',
  standard: 'Standard cap',
  override: 'Override cap',
};
const AMOUNT_LABEL = 'Amount (£)';
const LABELS = { amount: AMOUNT_LABEL } as const;

/** The cap in force for people: "Unlimited" or pounds. */
export function capText(cap: Pick<SpendingCap, 'cap' | 'override_cap'>): string {
  const pence = effectiveCap(cap);
  return pence === null ? 'Unlimited' : formatPounds(pence);
}

/** The body of PUT /api/users/{id}/spending-cap for a mode and an amount in pence. */
export function capBody(
  mode: SpendingMode,
  pence: number,
  stored: Pick<SpendingCap, 'cap'>,
): { cap: number; override_cap: number } {
  if (mode === 'no_limit') return { cap: 0, override_cap: 0 };
  if (mode === 'standard') return { cap: pence, override_cap: 0 };
  return { cap: stored.cap, override_cap: pence };
}

/**
 * The monthly spending limit of a member (shown with set_spending_cap): spent so far, the mode and
 * the amount. With `readOnlyReason` (one's own row, the owner's: decision 0012) it only shows the
 * limit and says why it cannot be changed here.
 */
export function SpendingCapEditor({
  userId,
  readOnlyReason,
  onSaved,
}: {
  userId: string;
  readOnlyReason?: string | null;
  /** Called once a new limit is saved (the finances screen closes its dialog). */
  onSaved?: () => void;
}) {
  const headingId = useId();
  const cap = useSpendingCap(userId, true);
  return (
    <Box component="section" aria-labelledby={headingId} sx={{ mt: 3, pt: 2, borderTop: 1, borderColor: 'divider' }}>
      <Typography id={headingId} component="h3" variant="subtitle1" sx={{ fontWeight: 700 }}>
        Monthly spending limit
      </Typography>
      {cap.isPending ? (
        <Loading minHeight={80} />
      ) : cap.isError ? (
        <Typography color="error" sx={{ mt: 1 }}>
          {ADMIN_MESSAGES.cannotFetchCap}
        </Typography>
      ) : readOnlyReason ? (
        <>
          <CapFacts stored={cap.data} />
          <Typography variant="body2" sx={{ mt: 1 }}>
            {readOnlyReason}
          </Typography>
        </>
      ) : (
        <CapForm key={`${cap.data.cap}:${cap.data.override_cap}`} userId={userId} stored={cap.data} onSaved={onSaved} />
      )}
    </Box>
  );
}

function CapFacts({ stored }: { stored: SpendingCap }) {
  return (
    <>
      <Typography sx={{ mt: 1 }}>
        Spent this month: <strong>{formatPounds(stored.amount_spent)}</strong>
      </Typography>
      <Typography variant="body2" color="text.secondary">
        Limit in force: {capText(stored)}
      </Typography>
    </>
  );
}

function CapForm({ userId, stored, onSaved }: { userId: string; stored: SpendingCap; onSaved?: () => void }) {
  const [mode, setMode] = useState<SpendingMode>(spendingMode(stored));
  const [amount, setAmount] = useState(() => amountFor(spendingMode(stored), stored));
  const [error, setError] = useState<string | null>(null);
  const save = useSaveSpendingCap(userId);
  const invalid = useInvalidSubmitSnackbar<{ amount: string }>(LABELS);
  const modeLabelId = useId();

  const submit = () => {
    let pence = 0;
    if (mode !== 'no_limit') {
      const parsed = capPoundsField.safeParse(amount);
      if (!parsed.success) {
        const message = parsed.error.issues[0]?.message ?? MESSAGES.number;
        setError(message);
        invalid({ amount: { type: 'validate', message } });
        return;
      }
      // Rounded to 2 decimals (part 1 section 5): the field shows what is saved.
      pence = parsed.data;
      setAmount(penceToPounds(pence));
    }
    setError(null);
    save.mutateAsync(capBody(mode, pence, stored)).then(
      (answer) => {
        if (answer?.message && answer.message !== ADMIN_MESSAGES.capUpdated)
          notify(answer.message, { variant: 'info' });
        else notify(CAP_SAVED, { variant: 'success' });
        onSaved?.();
      },
      (e) => {
        const own = isApiError(e) && e.message && e.status >= 400 && e.status < 500 ? e.message : null;
        notify(isApiError(e, 403) ? MESSAGES.permissionDenied : (own ?? MESSAGES.genericError), { variant: 'error' });
      },
    );
  };

  return (
    <Box
      component="form"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <CapFacts stored={stored} />
      <FormControl sx={{ mt: 1 }}>
        <FormLabel id={modeLabelId}>Spending mode</FormLabel>
        <RadioGroup
          row
          aria-labelledby={modeLabelId}
          value={mode}
          onChange={(e) => {
            const next = e.target.value as SpendingMode;
            setMode(next);
            setAmount(amountFor(next, stored));
            setError(null);
          }}
        >
          {(Object.keys(MODE_LABELS) as SpendingMode[]).map((m) => (
            <FormControlLabel key={m} value={m} control={<Radio />} label={MODE_LABELS[m]} />
          ))}
        </RadioGroup>
      </FormControl>
      {mode === 'no_limit' ? null : (
        <AppTextField
          label={AMOUNT_LABEL}
          value={amount}
          inputMode="decimal"
          onChange={(e) => setAmount(e.target.value)}
          error={!!error}
          helperText={error ?? 'In pounds, rounded to 2 decimals; 0 means Unlimited.'}
        />
      )}
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: 1 }}>
        <Button type="submit" variant="contained" disabled={save.isPending}>
          Save
        </Button>
      </Box>
    </Box>
  );
}

function amountFor(mode: SpendingMode, stored: SpendingCap): string {
  if (mode === 'standard') return stored.cap > 0 ? penceToPounds(stored.cap) : '';
  if (mode === 'override') return stored.override_cap > 0 ? penceToPounds(stored.override_cap) : '';
  return '';
}
