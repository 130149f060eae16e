import AddCard from '@mui/icons-material/AddCard';
import Button, { type ButtonProps } from '@mui/material/Button';
import { lazy, Suspense, useState } from 'react';
import { FINANCE_TEXT } from './messages';

// The modal (card form, bank details, the payment calls) loads when first opened.
const AddFundsDialog = lazy(() => import('./add-funds-dialog'));

/** "Add Funds" (top_up) and the modal it opens. */
export function AddFundsButton({ size, variant = 'contained' }: Pick<ButtonProps, 'size' | 'variant'>) {
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button
        variant={variant}
        size={size}
        startIcon={<AddCard />}
        aria-haspopup="dialog"
        onClick={() => {
          setOpened(true);
          setOpen(true);
        }}
      >
        {FINANCE_TEXT.addFunds}
      </Button>
      {opened ? (
        <Suspense fallback={null}>
          <AddFundsDialog open={open} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
