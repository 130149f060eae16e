import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Switch from '@mui/material/Switch';
import { useId } from 'react';
import { notify } from '../../lib/notify';
import { serverMessage, useRestrictBalance } from './api';
import { FINANCE_TEXT } from './messages';

/** The owner's switch: only members who can top up see the balance (restrict_balance_to_finance_admins). */
export function RestrictBalanceSwitch({ checked }: { checked: boolean }) {
  const hintId = useId();
  const save = useRestrictBalance();
  const value = save.isPending && save.variables !== undefined ? save.variables : checked;
  return (
    <>
      <FormControlLabel
        sx={{ mt: 2 }}
        control={
          <Switch
            checked={value}
            disabled={save.isPending}
            slotProps={{ input: { 'aria-describedby': hintId } }}
            onChange={(e) =>
              save.mutate(e.target.checked, {
                onSuccess: (answer) => notify(answer.message, { variant: 'success' }),
                onError: (error) => notify(serverMessage(error), { variant: 'error' }),
              })
            }
          />
        }
        label={FINANCE_TEXT.restrictSwitch}
      />
      <FormHelperText id={hintId} sx={{ mt: 0 }}>
        {FINANCE_TEXT.restrictHint}
      </FormHelperText>
    </>
  );
}
