import LocalShipping from '@mui/icons-material/LocalShipping';
import Mail from '@mui/icons-material/Mail';
import Schedule from '@mui/icons-material/Schedule';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { useDocumentTitle } from '../../components/use-document-title';

const FEATURES: { icon: ReactNode; title: string; text: string }[] = [
  {
    icon: <Mail color="primary" aria-hidden="true" />,
    title: 'Letters without the post room',
    text: 'Upload PDF or Word letters and we print, envelope and post them first or second class, or deliver them by email and SMS.',
  },
  {
    icon: <LocalShipping color="primary" aria-hidden="true" />,
    title: 'Parcels from every major carrier',
    text: 'Compare courier quotes, book a collection, print the label and track the parcel to its door.',
  },
  {
    icon: <Schedule color="primary" aria-hidden="true" />,
    title: 'Control for the whole company',
    text: 'Invite colleagues, group them in departments, set spending limits and approve what needs approving.',
  },
];

/** The signed-out root page: what the product does, and the way in. */
export function LandingPage() {
  const navigate = useNavigate();
  useDocumentTitle('Letters and parcels for UK companies');
  return (
    <Box sx={{ maxWidth: 1040, mx: 'auto' }}>
      <Box component="section" aria-labelledby="landing-title" sx={{ py: { xs: 4, md: 8 }, textAlign: 'center' }}>
        <Typography
          id="landing-title"
          variant="h3"
          component="h1"
          sx={{ fontWeight: 700, fontSize: { xs: '2rem', md: '3rem' }, mb: 2 }}
        >
          Send your company's letters and parcels from your desk
        </Typography>
        <Typography variant="h6" component="p" color="text.secondary" sx={{ maxWidth: 720, mx: 'auto', mb: 4 }}>
          LetterPost lets UK companies send letters and parcels online: upload a document or book a courier, and we
          handle the printing, posting, collection and tracking.
        </Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ justifyContent: 'center' }}>
          <Button variant="contained" size="large" onClick={() => navigate('/signUp')}>
            Register
          </Button>
          <Button variant="outlined" size="large" onClick={() => navigate('/signIn')}>
            Sign In
          </Button>
        </Stack>
      </Box>
      <Box
        component="section"
        aria-label="What you can do"
        sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: 'repeat(3, 1fr)' }, pb: 6 }}
      >
        {FEATURES.map((f) => (
          <Box
            key={f.title}
            sx={{ p: 3, bgcolor: 'background.paper', borderRadius: 2, border: 1, borderColor: 'divider' }}
          >
            {f.icon}
            <Typography variant="h6" component="h2" sx={{ mt: 1, mb: 1 }}>
              {f.title}
            </Typography>
            <Typography color="text.secondary">{f.text}</Typography>
          </Box>
        ))}
      </Box>
    </Box>
  );
}

export default LandingPage;
