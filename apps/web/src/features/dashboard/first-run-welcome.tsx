import type { Permission } from '@lp/domain';
import Close from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { greetingName } from '../../lib/greeting';
import { endFirstRun, isFirstRun, type Me } from '../../lib/session';

export interface FirstStep {
  label: string;
  path: string;
  /** The ability the step needs; none means everyone. */
  needs?: Permission;
}

/** The first steps the welcome points to, each shown to those who may take it. */
export const FIRST_STEPS: readonly FirstStep[] = [
  { label: 'Upload a letter', path: '/letters?upload=1', needs: 'create_letter' },
  { label: 'Top up your balance', path: '/finances?topUp=1', needs: 'top_up' },
  { label: 'Invite colleagues', path: '/users', needs: 'manage_users' },
];

/** The steps `me` may take, in order. */
export function firstSteps(me: Me): FirstStep[] {
  return FIRST_STEPS.filter((s) => !s.needs || me.abilities.includes(s.needs));
}

/**
 * The first-run welcome on the dashboard (part 1 section 3, `first_time`): shown while the session's
 * answer said it is the user's first time (the first sign-in's answer only; the server has set it
 * false since: isFirstRun keeps it for the tab), pointing to the guide and the first steps.
 * Dismissing it ends it for good.
 */
export function FirstRunWelcome({ me }: { me: Me }) {
  const queryClient = useQueryClient();
  const titleId = useId();
  // A dismissal re-renders through the cached session; the state covers the storage-only case.
  const [dismissed, setDismissed] = useState(false);
  if (dismissed || !isFirstRun(me)) return null;
  const dismiss = () => {
    endFirstRun(queryClient);
    setDismissed(true);
  };
  const steps = firstSteps(me);
  return (
    <Paper
      component="section"
      aria-labelledby={titleId}
      variant="outlined"
      sx={{ p: { xs: 2, sm: 3 }, mb: 3, borderColor: 'primary.main', position: 'relative' }}
    >
      <IconButton aria-label="Dismiss the welcome" onClick={dismiss} sx={{ position: 'absolute', top: 8, right: 8 }}>
        <Close />
      </IconButton>
      <Typography id={titleId} component="h2" variant="h6" sx={{ pr: 5 }}>
        Welcome to LetterPost, {greetingName(me)}!
      </Typography>
      <Typography sx={{ mt: 1 }}>
        New here? The{' '}
        <Link component={RouterLink} to="/guide">
          guide
        </Link>{' '}
        walks through everything the product does, a page per task.
        {steps.length > 0 ? ' To get going:' : ''}
      </Typography>
      {steps.length > 0 ? (
        <Box component="ol" sx={{ mt: 1, mb: 0, pl: 3 }}>
          {steps.map((s) => (
            <li key={s.path}>
              <Link component={RouterLink} to={s.path}>
                {s.label}
              </Link>
            </li>
          ))}
        </Box>
      ) : null}
    </Paper>
  );
}
