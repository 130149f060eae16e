import { SNACKBAR_MAX } from '@lp/domain';
import CloseIcon from '@mui/icons-material/Close';
import IconButton from '@mui/material/IconButton';
import { closeSnackbar, enqueueSnackbar, SnackbarProvider } from 'notistack';
import { useEffect } from 'react';
import { AppSnackbar } from '../components/app-snackbar';
import { attachSnackbarClose } from '../lib/field-toasts';
import { attachSnackbarHost } from '../lib/notify';

const SNACKBAR_COMPONENTS = {
  default: AppSnackbar,
  success: AppSnackbar,
  error: AppSnackbar,
  warning: AppSnackbar,
  info: AppSnackbar,
};

/** notistack's provider on its own (loaded with the first message); `notify` talks to it. */
export function SnackbarHost() {
  useEffect(() => {
    const detach = attachSnackbarHost(enqueueSnackbar);
    const detachClose = attachSnackbarClose(closeSnackbar);
    return () => {
      detach();
      detachClose();
    };
  }, []);
  return (
    <SnackbarProvider
      maxSnack={SNACKBAR_MAX}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}
      Components={SNACKBAR_COMPONENTS}
      action={(key) => (
        <IconButton size="small" color="inherit" aria-label="Close message" onClick={() => closeSnackbar(key)}>
          <CloseIcon fontSize="small" />
        </IconButton>
      )}
    />
  );
}

export default SnackbarHost;
