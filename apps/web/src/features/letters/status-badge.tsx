import {
  type BadgeColour,
  DISPLAY_STATUSES,
  type DisplayStatus,
  displayLetterStatus,
  panelBadgeColour,
  shellBadgeColour,
} from '@lp/domain';
import type { SvgIconComponent } from '@mui/icons-material';
import BlockOutlined from '@mui/icons-material/BlockOutlined';
import CheckCircleOutlined from '@mui/icons-material/CheckCircleOutlined';
import ErrorOutlined from '@mui/icons-material/ErrorOutlined';
import FiberNewOutlined from '@mui/icons-material/FiberNewOutlined';
import HourglassTopOutlined from '@mui/icons-material/HourglassTopOutlined';
import RateReviewOutlined from '@mui/icons-material/RateReviewOutlined';
import ScheduleOutlined from '@mui/icons-material/ScheduleOutlined';
import WarningAmber from '@mui/icons-material/WarningAmber';
import { Badge } from '../../components/badge';
import type { Letter } from './api';

/** The display label of a letter: the server's, when it is one of the list, else the domain's reading of the raw status. */
export function letterDisplayStatus(letter: Pick<Letter, 'status' | 'display_status' | 'force_status_error'>) {
  const given = letter.display_status as DisplayStatus;
  return DISPLAY_STATUSES.includes(given) ? given : displayLetterStatus(letter.status, letter.force_status_error);
}

/**
 * Each status's own icon, whatever its colour (orange in lists is both work in progress and
 * issues): in progress the hourglass, issues the warning, failures the error.
 */
export const STATUS_ICONS: Record<DisplayStatus, SvgIconComponent> = {
  Processing: HourglassTopOutlined,
  New: FiberNewOutlined,
  Sending: HourglassTopOutlined,
  Sent: CheckCircleOutlined,
  Scheduled: ScheduleOutlined,
  'In Review': RateReviewOutlined,
  'Denied by Supervisor': BlockOutlined,
  'Encountered Issues': WarningAmber,
  Failed: ErrorOutlined,
};

/** A letter's status badge: the shell's colours in lists, the panel's in the letter panel, the status's own icon. */
export function StatusBadge({ status, reading = 'shell' }: { status: DisplayStatus; reading?: 'shell' | 'panel' }) {
  const Icon = STATUS_ICONS[status] ?? ErrorOutlined;
  return (
    <Badge
      colour={reading === 'panel' ? panelBadgeColour(status) : shellBadgeColour(status)}
      text={status}
      icon={<Icon data-testid="badge-icon" data-icon={iconName(Icon)} />}
      data-testid="status-badge"
    />
  );
}

/** A short name of the status icon, for tests and tools that read the page. */
function iconName(icon: SvgIconComponent): string {
  if (icon === HourglassTopOutlined) return 'hourglass';
  if (icon === ErrorOutlined) return 'error';
  if (icon === CheckCircleOutlined) return 'done';
  if (icon === FiberNewOutlined) return 'new';
  if (icon === ScheduleOutlined) return 'scheduled';
  if (icon === RateReviewOutlined) return 'review';
  if (icon === BlockOutlined) return 'denied';
  return 'warning';
}

/** A status as a rounded badge in one of the shared colours, with its colour's icon (letters and parcels). */
export function ColourBadge({ colour, label }: { colour: BadgeColour; label: string }) {
  return <Badge colour={colour} text={label} data-testid="status-badge" />;
}
