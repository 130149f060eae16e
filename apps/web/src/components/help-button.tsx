import HelpOutline from '@mui/icons-material/HelpOutlined';
import Fab from '@mui/material/Fab';
import Tooltip from '@mui/material/Tooltip';
import { useNavigate } from 'react-router';

export const HELP_TOOLTIP = 'Read our guide to get the most out of the product';

/** The round help button; it opens the guide. The shell places it at the bottom left, in its footer bar. */
export function HelpButton({ size = 'medium' }: { size?: 'small' | 'medium' }) {
  const navigate = useNavigate();
  return (
    <Tooltip title={HELP_TOOLTIP} placement="right" describeChild>
      <Fab aria-label="Help" color="primary" size={size} onClick={() => navigate('/guide')}>
        <HelpOutline />
      </Fab>
    </Tooltip>
  );
}
