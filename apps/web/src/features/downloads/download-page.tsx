import {
  DOWNLOAD_MESSAGES,
  formatBytes,
  INSTALLER_SYSTEMS,
  type InstallerFile,
  type InstallerSystem,
  isInstallerSystem,
  MESSAGES,
} from '@lp/domain';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useRef } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { Loading } from '../../components/loading';
import { MessageBanner } from '../../components/message-banner';
import { NotFound } from '../../components/not-found';
import { Page } from '../../components/page';
import { PRODUCT_NAME } from '../../components/use-document-title';
import { startBrowserDownload, useInstallers } from './api';
import { InstallAppSteps } from './install-app-steps';
import { useSequentialDownloads } from './use-sequential-downloads';

const download = (file: InstallerFile) => startBrowserDownload(file.url, file.name);

/** /download/:os, where os is windows or mac; any other value is not a page. */
export function DownloadPage() {
  const { os = '' } = useParams();
  if (!isInstallerSystem(os)) return <NotFound />;
  return <Downloads key={os} os={os} />;
}

function Downloads({ os }: { os: InstallerSystem }) {
  const installers = useInstallers(os);
  const other: InstallerSystem = os === 'windows' ? 'mac' : 'windows';
  return (
    <Page title={DOWNLOAD_MESSAGES.title(os)} maxWidth={900}>
      <Typography sx={{ mb: 2 }}>
        The {PRODUCT_NAME} desktop installer for {INSTALLER_SYSTEMS[os]}. When there are several files, your browser
        receives them one after another; if it asks whether this site may download several files, allow it.
      </Typography>
      {installers.isPending ? (
        <Loading />
      ) : installers.isError ? (
        <MessageBanner
          kind="error"
          action={
            <Button color="inherit" size="small" onClick={() => void installers.refetch()}>
              Try again
            </Button>
          }
        >
          {MESSAGES.genericError}
        </MessageBanner>
      ) : installers.data === null ? (
        <MessageBanner kind="info" data-testid="download-not-available">
          {DOWNLOAD_MESSAGES.notAvailable(os)} You can still install {PRODUCT_NAME} as an app from your browser, as
          described below.
        </MessageBanner>
      ) : (
        <InstallerFiles files={installers.data.files} />
      )}
      <InstallAppSteps os={os} />
      <Typography sx={{ mt: 3 }}>
        Using {other === 'mac' ? 'a Mac' : 'Windows'}?{' '}
        <Link component={RouterLink} to={`/download/${other}`}>
          {DOWNLOAD_MESSAGES.title(other)}
        </Link>
      </Typography>
    </Page>
  );
}

function InstallerFiles({ files }: { files: InstallerFile[] }) {
  const downloads = useSequentialDownloads(files, download);
  const started = useRef(false);
  // The installer call's files are downloaded as the page opens, as the spec's installer call does.
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    downloads.start();
  }, [downloads.start]);

  const file = files[downloads.current - 1];
  return (
    <>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' }, mb: 2 }}>
        <Typography role="status" sx={{ flex: 1, fontWeight: 600 }} data-testid="download-status">
          {downloads.isRunning && file
            ? DOWNLOAD_MESSAGES.downloading(file.name, downloads.current, files.length)
            : downloads.isDone
              ? DOWNLOAD_MESSAGES.done(files.length)
              : ''}
        </Typography>
        <Button variant="outlined" disabled={downloads.isRunning} onClick={downloads.start}>
          Download again
        </Button>
      </Stack>
      <Stack component="ul" spacing={1.5} sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label="Installer files">
        {files.map((f, i) => (
          <Paper component="li" variant="outlined" key={f.name} sx={{ p: 2 }}>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }}>
              <Typography sx={{ flex: 1, fontWeight: 600, overflowWrap: 'anywhere' }}>
                {i + 1}. {f.name}
              </Typography>
              <Typography color="text.secondary">{formatBytes(f.size)}</Typography>
              <Link href={f.url} download={f.name} aria-label={`Download ${f.name}`}>
                Download
              </Link>
            </Stack>
            <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5, overflowWrap: 'anywhere' }}>
              SHA-256: <code>{f.sha256}</code>
            </Typography>
          </Paper>
        ))}
      </Stack>
    </>
  );
}

export default DownloadPage;
