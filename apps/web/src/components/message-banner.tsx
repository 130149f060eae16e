import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import type { ReactNode } from 'react';

export type MessageKind = 'info' | 'warning' | 'error' | 'success';

export interface MessageBannerProps {
  kind: MessageKind;
  title?: ReactNode;
  children: ReactNode;
  /** Buttons or links shown at the end of the banner. */
  action?: ReactNode;
  onClose?: () => void;
  'data-testid'?: string;
}

/** The shared message banner with the four kinds of the spec. Errors and warnings are announced at once. */
export function MessageBanner({ kind, title, children, action, onClose, ...rest }: MessageBannerProps) {
  return (
    <Alert
      severity={kind}
      role={kind === 'error' || kind === 'warning' ? 'alert' : 'status'}
      action={action}
      {...(onClose ? { onClose } : {})}
      data-testid={rest['data-testid']}
      sx={{ alignItems: 'center' }}
    >
      {title ? <AlertTitle>{title}</AlertTitle> : null}
      {children}
    </Alert>
  );
}
