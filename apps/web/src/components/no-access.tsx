import { MESSAGES } from '@lp/domain';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';

/**
 * What a screen shows to a member who may not open it (issue 27 item 14): its name, the spec's
 * "Permission denied" and what to do, in place of the screen's toolbar, filters and retry buttons.
 */
export function NoAccess({ screen }: { screen: string }) {
  return (
    <Box component="section" aria-labelledby="no-access-heading" sx={{ maxWidth: 560, mx: 'auto', py: 6 }}>
      <Typography id="no-access-heading" variant="h4" component="h1" gutterBottom>
        {screen}
      </Typography>
      <Typography role="alert" sx={{ fontWeight: 600, mb: 1 }}>
        {MESSAGES.permissionDenied}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        Your permissions do not include this screen. The company's owner, or a member who may add and edit users, can
        give you access.
      </Typography>
      <Button component={RouterLink} to="/main" variant="contained">
        Go to your home page
      </Button>
    </Box>
  );
}
