import { planPriceLabel } from '@lp/domain';
import Cancel from '@mui/icons-material/Cancel';
import CheckCircle from '@mui/icons-material/CheckCircle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { type ReactNode, useId } from 'react';
import { visuallyHidden } from '../../components/visually-hidden';
import type { PlanOffer } from './api';
import { PLANS_TEXT } from './messages';

/** Text for screen readers only. */

export interface PlanCardProps {
  plan: PlanOffer;
  current: boolean;
  disabled: boolean;
  /** The current plan's renewal date and owed fee. */
  details?: ReactNode;
  onSelect: () => void;
}

/** A plan: its name, price, perks (each marked included or not, in words and by icon) and Select Plan. */
export function PlanCard({ plan, current, disabled, details, onSelect }: PlanCardProps) {
  const titleId = useId();
  return (
    <Paper
      component="article"
      aria-labelledby={titleId}
      variant="outlined"
      data-testid={`plan-${plan.name}`}
      sx={{
        p: 2.5,
        display: 'flex',
        flexDirection: 'column',
        gap: 1.5,
        borderWidth: current ? 2 : 1,
        borderColor: current ? 'primary.main' : 'divider',
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Typography id={titleId} component="h2" variant="h6" sx={{ flex: 1, fontWeight: 700 }}>
          {plan.name}
        </Typography>
        {current ? <Chip icon={<CheckCircle />} label={PLANS_TEXT.current} color="primary" size="small" /> : null}
      </Box>
      <Typography sx={{ fontSize: '1.5rem', fontWeight: 700 }} data-testid="plan-price">
        {planPriceLabel(plan.price)}
      </Typography>
      {details}
      <Box
        component="ul"
        sx={{ listStyle: 'none', p: 0, m: 0, display: 'flex', flexDirection: 'column', gap: 1, flex: 1 }}
      >
        {plan.perks.map((perk) => (
          <Box
            component="li"
            key={perk.description}
            sx={{
              display: 'flex',
              gap: 1,
              alignItems: 'flex-start',
              color: perk.included ? 'text.primary' : 'text.secondary',
            }}
          >
            {perk.included ? (
              <CheckCircle fontSize="small" color="success" aria-hidden />
            ) : (
              <Cancel fontSize="small" color="disabled" aria-hidden />
            )}
            <Typography variant="body2">
              <Box component="span" sx={visuallyHidden}>
                {perk.included ? PLANS_TEXT.included : PLANS_TEXT.notIncluded}:{' '}
              </Box>
              {perk.included ? perk.description : <s>{perk.description}</s>}
            </Typography>
          </Box>
        ))}
      </Box>
      <Button variant={current ? 'outlined' : 'contained'} disabled={disabled} onClick={onSelect}>
        {PLANS_TEXT.select}
      </Button>
    </Paper>
  );
}
