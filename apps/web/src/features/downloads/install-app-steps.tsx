import type { InstallerSystem } from '@lp/domain';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { PRODUCT_NAME } from '../../components/use-document-title';

/** What Chromium fires when the page may be installed as an app (not in the DOM typings). */
interface InstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

/** How to install the product as an app from the browser, per system (decision 0024). */
export const INSTALL_STEPS: Record<InstallerSystem, { browser: string; steps: string }[]> = {
  windows: [
    {
      browser: 'Microsoft Edge',
      steps: `open ${PRODUCT_NAME}, then choose Settings and more (…) › Apps › Install this site as an app.`,
    },
    {
      browser: 'Google Chrome',
      steps: `open ${PRODUCT_NAME}, then choose the install icon at the right of the address bar, or More (⋮) › Cast, save and share › Install page as app…`,
    },
  ],
  mac: [
    {
      browser: 'Safari (macOS Sonoma or later)',
      steps: `open ${PRODUCT_NAME}, then choose File › Add to Dock.`,
    },
    {
      browser: 'Google Chrome',
      steps: `open ${PRODUCT_NAME}, then choose the install icon at the right of the address bar, or More (⋮) › Cast, save and share › Install page as app…`,
    },
  ],
};

/** The steps, and an "Install app" button when the browser offers to install the page. */
export function InstallAppSteps({ os }: { os: InstallerSystem }) {
  const [prompt, setPrompt] = useState<InstallPromptEvent | null>(null);
  const [installed, setInstalled] = useState(false);

  useEffect(() => {
    const onPrompt = (event: Event) => {
      event.preventDefault();
      setPrompt(event as InstallPromptEvent);
    };
    const onInstalled = () => {
      setInstalled(true);
      setPrompt(null);
    };
    window.addEventListener('beforeinstallprompt', onPrompt);
    window.addEventListener('appinstalled', onInstalled);
    return () => {
      window.removeEventListener('beforeinstallprompt', onPrompt);
      window.removeEventListener('appinstalled', onInstalled);
    };
  }, []);

  return (
    <section aria-labelledby="install-app-heading">
      <Typography variant="h5" component="h2" id="install-app-heading" sx={{ mt: 4, mb: 1 }}>
        Install {PRODUCT_NAME} as an app
      </Typography>
      <Typography sx={{ mb: 1 }}>
        {PRODUCT_NAME} also works as an app from your browser: it gets its own window and an icon in your{' '}
        {os === 'windows' ? 'Start menu and taskbar' : 'Dock and Launchpad'}, and stays up to date by itself.
      </Typography>
      <ul>
        {INSTALL_STEPS[os].map((s) => (
          <li key={s.browser}>
            <Typography component="span" sx={{ fontWeight: 600 }}>
              {s.browser}:
            </Typography>{' '}
            {s.steps}
          </li>
        ))}
      </ul>
      {installed ? (
        <Typography role="status">{PRODUCT_NAME} is installed. You will find it with your other apps.</Typography>
      ) : prompt ? (
        <Button
          variant="contained"
          onClick={() => {
            void prompt.prompt();
            setPrompt(null);
          }}
        >
          Install app
        </Button>
      ) : null}
    </section>
  );
}
