import { DELIVERY_MESSAGES, LETTER_MESSAGES, MESSAGES } from '@lp/domain';
import Download from '@mui/icons-material/Download';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useLocation } from 'react-router';
import { Loading } from '../../components/loading';
import { MessageBanner } from '../../components/message-banner';
import { PRODUCT_NAME, useDocumentTitle } from '../../components/use-document-title';
import {
  type CloudLetter,
  cloudTokenFromHash,
  isGoneError,
  pdfFileName,
  saveBlob,
  useCloudFile,
  useCloudLetter,
} from './cloud-api';
import { CloudPdfViewer } from './cloud-pdf-viewer';

/** The page's own words; the link's errors are the delivery texts of @lp/domain. */
export const CLOUD_TEXT = {
  title: 'Your letter',
  sentYou: (company: string) => `${company} sent you a letter`,
  goneTitle: 'Letter not available',
  errorTitle: 'Something went wrong',
  letter: 'Letter',
  pages: 'Pages',
  availableUntil: (date: string) => `Available until ${date}`,
  download: 'Download',
  tryAgain: 'Try again',
} as const;

/** An expiry as people in the UK write it: "21 November 2026 at 14:05" (the reader's time zone). */
export function formatExpiry(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeStyle: 'short' }).format(date);
}

/**
 * /cloud: a letter's recipient opens `{PUBLIC_URL}/cloud#<token>` from an email or a text message,
 * with or without an account. The page shows who sent the letter, the letter itself and a
 * download, drawn without the app's shell.
 */
export function CloudPage() {
  const { hash } = useLocation();
  const token = cloudTokenFromHash(hash);
  const letter = useCloudLetter(token);
  const file = useCloudFile(token, letter.isSuccess);
  useDocumentTitle(letter.data ? CLOUD_TEXT.sentYou(letter.data.company_name) : CLOUD_TEXT.title);

  let body: ReactNode;
  if (token === null || isGoneError(letter.error) || isGoneError(file.error)) {
    body = (
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        <Heading>{CLOUD_TEXT.goneTitle}</Heading>
        <MessageBanner kind="warning">{DELIVERY_MESSAGES.cloudLinkGone}</MessageBanner>
      </Paper>
    );
  } else if (letter.isError) {
    body = (
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        <Heading>{CLOUD_TEXT.errorTitle}</Heading>
        <MessageBanner
          kind="error"
          action={
            <Button color="inherit" size="small" onClick={() => void letter.refetch()}>
              {CLOUD_TEXT.tryAgain}
            </Button>
          }
        >
          {MESSAGES.genericError}
        </MessageBanner>
      </Paper>
    );
  } else if (!letter.data) {
    body = <Loading label={LETTER_MESSAGES.loadingDocument} minHeight={320} />;
  } else {
    body = (
      <LetterView
        letter={letter.data}
        blob={file.data}
        fileLoading={file.isPending}
        fileFailed={file.isError}
        onRetry={() => void file.refetch()}
      />
    );
  }

  return (
    <Box sx={{ minHeight: '100vh', bgcolor: 'grey.50' }}>
      <Box
        sx={{
          bgcolor: 'background.paper',
          borderBottom: 1,
          borderColor: 'divider',
          px: { xs: 2, sm: 3 },
          py: 1.5,
        }}
      >
        <Typography component="p" sx={{ fontWeight: 700, fontSize: '1.15rem', color: 'primary.main' }}>
          {PRODUCT_NAME}
        </Typography>
      </Box>
      <Box sx={{ maxWidth: 980, mx: 'auto', px: { xs: 1.5, sm: 3 }, py: { xs: 2, sm: 4 } }}>{body}</Box>
    </Box>
  );
}

function Heading({ children }: { children: ReactNode }) {
  return (
    <Typography
      variant="h4"
      component="h1"
      sx={{ fontSize: { xs: '1.4rem', sm: '2rem' }, mb: 1.5, overflowWrap: 'anywhere' }}
    >
      {children}
    </Typography>
  );
}

function LetterView({
  letter,
  blob,
  fileLoading,
  fileFailed,
  onRetry,
}: {
  letter: CloudLetter;
  blob: Blob | undefined;
  fileLoading: boolean;
  fileFailed: boolean;
  onRetry: () => void;
}) {
  const expiry = formatExpiry(letter.expires_at);
  return (
    <>
      <Paper
        variant="outlined"
        sx={{
          p: { xs: 2, sm: 3 },
          mb: 2,
          display: 'flex',
          flexDirection: { xs: 'column', sm: 'row' },
          alignItems: { xs: 'stretch', sm: 'center' },
          gap: 2,
        }}
      >
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Heading>{CLOUD_TEXT.sentYou(letter.company_name)}</Heading>
          <Box
            component="dl"
            sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 2, rowGap: 0.5, m: 0 }}
          >
            <Typography component="dt" color="text.secondary">
              {CLOUD_TEXT.letter}
            </Typography>
            <Typography component="dd" sx={{ m: 0, overflowWrap: 'anywhere', fontWeight: 600 }}>
              {letter.name}
            </Typography>
            {letter.num_pages ? (
              <>
                <Typography component="dt" color="text.secondary">
                  {CLOUD_TEXT.pages}
                </Typography>
                <Typography component="dd" sx={{ m: 0 }}>
                  {letter.num_pages}
                </Typography>
              </>
            ) : null}
          </Box>
          {expiry ? (
            <Typography color="text.secondary" sx={{ mt: 1 }}>
              {CLOUD_TEXT.availableUntil(expiry)}
            </Typography>
          ) : null}
        </Box>
        <Button
          variant="contained"
          size="large"
          startIcon={<Download />}
          disabled={!blob}
          loading={fileLoading}
          onClick={() => {
            if (blob) saveBlob(blob, pdfFileName(letter.name));
          }}
          sx={{ flexShrink: 0, width: { xs: '100%', sm: 'auto' } }}
        >
          {CLOUD_TEXT.download}
        </Button>
      </Paper>
      <Paper variant="outlined" sx={{ p: { xs: 1, sm: 2 } }}>
        {fileFailed ? (
          <MessageBanner
            kind="error"
            action={
              <Button color="inherit" size="small" onClick={onRetry}>
                {CLOUD_TEXT.tryAgain}
              </Button>
            }
          >
            {MESSAGES.genericError}
          </MessageBanner>
        ) : (
          <CloudPdfViewer blob={blob} title={letter.name} />
        )}
      </Paper>
    </>
  );
}

export default CloudPage;
