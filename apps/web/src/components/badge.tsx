import type { BadgeColour } from '@lp/domain';
import type { SvgIconComponent } from '@mui/icons-material';
import CheckCircleOutlined from '@mui/icons-material/CheckCircleOutlined';
import ErrorOutlined from '@mui/icons-material/ErrorOutlined';
import FiberNewOutlined from '@mui/icons-material/FiberNewOutlined';
import HourglassTopOutlined from '@mui/icons-material/HourglassTopOutlined';
import InfoOutlined from '@mui/icons-material/InfoOutlined';
import WarningAmber from '@mui/icons-material/WarningAmber';
import Box from '@mui/material/Box';
import type { ReactNode } from 'react';

/** Badge tints with text dark enough to read on them (above 4.5:1). */
export const BADGE_STYLES: Record<BadgeColour, { bg: string; fg: string; border: string }> = {
  blue: { bg: '#e3f2fd', fg: '#0d47a1', border: '#90caf9' },
  purple: { bg: '#ede7f6', fg: '#4a148c', border: '#b39ddb' },
  green: { bg: '#e8f5e9', fg: '#1b5e20', border: '#a5d6a7' },
  yellow: { bg: '#fff8e1', fg: '#6d4c00', border: '#ffd54f' },
  orange: { bg: '#fff3e0', fg: '#8a3a00', border: '#ffb74d' },
  red: { bg: '#ffebee', fg: '#b71c1c', border: '#ef9a9a' },
};

/**
 * Each colour's icon, so a badge never says something by colour alone (WCAG 1.4.1): information,
 * new, done, attention, in progress, failure.
 */
export const BADGE_ICONS: Record<BadgeColour, SvgIconComponent> = {
  blue: InfoOutlined,
  purple: FiberNewOutlined,
  green: CheckCircleOutlined,
  yellow: WarningAmber,
  orange: HourglassTopOutlined,
  red: ErrorOutlined,
};

export interface BadgeProps {
  colour: BadgeColour;
  /** The badge's words: what it says to everyone, screen readers included. */
  text: string;
  /** Another icon than the colour's; null for none. */
  icon?: ReactNode | null;
  'data-testid'?: string;
}

/** The generic badge of part 1 section 4: a colour (blue, purple, green, yellow, red) with an icon and text. */
export function Badge({ colour, text, icon, ...rest }: BadgeProps) {
  const style = BADGE_STYLES[colour];
  const Icon = BADGE_ICONS[colour];
  const shown = icon === undefined ? <Icon data-testid="badge-icon" /> : icon;
  return (
    <Box
      component="span"
      data-testid={rest['data-testid'] ?? 'badge'}
      data-colour={colour}
      sx={{
        display: 'inline-flex',
        alignItems: 'center',
        gap: 0.5,
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
        '& svg': { fontSize: '1rem', flexShrink: 0 },
      }}
    >
      {shown ? (
        <Box component="span" aria-hidden="true" sx={{ display: 'inline-flex' }}>
          {shown}
        </Box>
      ) : null}
      {text}
    </Box>
  );
}
