import {
  type BadgeColour,
  DISPLAY_STATUSES,
  type DisplayStatus,
  displayLetterStatus,
  panelBadgeColour,
  shellBadgeColour,
} from '@lp/domain';
import { Badge } from '../../components/badge';
import type { Letter } from './api';

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

/** A status as a rounded badge in one of the shared colours, with its colour's icon (letters and parcels). */
export function ColourBadge({ colour, label }: { colour: BadgeColour; label: string }) {
  return <Badge colour={colour} text={label} data-testid="status-badge" />;
}
