import {
  type BadgeColour,
  DISPLAY_STATUSES,
  type DisplayStatus,
  displayLetterStatus,
  panelBadgeColour,
  shellBadgeColour,
} from '@lp/domain';
import Box from '@mui/material/Box';
import type { Letter } from './api';

/** Badge tints with text dark enough to read on them (above 4.5:1). */
export const BADGE_STYLES: Record<BadgeColour, { bg: string; fg: string; border: string }> = {
  blue: { bg: '#e3f2fd', fg: '#0d47a1', border: '#90caf9' },
  purple: { bg: '#ede7f6', fg: '#4a148c', border: '#b39ddb' },
  green: { bg: '#e8f5e9', fg: '#1b5e20', border: '#a5d6a7' },
  yellow: { bg: '#fff8e1', fg: '#6d4c00', border: '#ffd54f' },
  orange: { bg: '#fff3e0', fg: '#8a3a00', border: '#ffb74d' },
  red: { bg: '#ffebee', fg: '#b71c1c', border: '#ef9a9a' },
};

/** The display label of a letter: the server's, when it is one of the list, else the domain's reading of the raw status. */
export function letterDisplayStatus(letter: Pick<Letter, 'status' | 'display_status' | 'force_status_error'>) {
  const given = letter.display_status as DisplayStatus;
  return DISPLAY_STATUSES.includes(given) ? given : displayLetterStatus(letter.status, letter.force_status_error);
}

/** A letter's status badge: the shell's colours in lists, the panel's in the letter panel. */
export function StatusBadge({ status, reading = 'shell' }: { status: DisplayStatus; reading?: 'shell' | 'panel' }) {
  return (
    <ColourBadge colour={reading === 'panel' ? panelBadgeColour(status) : shellBadgeColour(status)} label={status} />
  );
}

/** A status as a rounded badge in one of the shared colours (letters and parcels). */
export function ColourBadge({ colour, label }: { colour: BadgeColour; label: string }) {
  const style = BADGE_STYLES[colour];
  return (
    <Box
      component="span"
      data-testid="status-badge"
      data-colour={colour}
      sx={{
        display: 'inline-block',
        px: 1,
        py: 0.25,
        borderRadius: 4,
        border: 1,
        borderColor: style.border,
        bgcolor: style.bg,
        color: style.fg,
        fontSize: '0.8rem',
        fontWeight: 600,
        lineHeight: 1.5,
        whiteSpace: 'nowrap',
      }}
    >
      {label}
    </Box>
  );
}
