import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useSyncExternalStore } from 'react';
import { letterKeys } from './keys';
import { UploadDialog } from './upload-dialog';
import { uploadLetterFile } from './upload-file';
import { createUploadQueue } from './upload-queue';
import { uploadDialog } from './upload-store';
import { UploadToast } from './upload-toast';

/** The app's one upload queue: it outlives pages, so uploads go on while the user moves around. */
export const uploadQueue = createUploadQueue(uploadLetterFile);

/**
 * The global upload modal and the upload-progress toast. Each finished upload refetches the open
 * letter lists (the server's refresh event does too; this covers a live stream that is down).
 */
export function UploadHost() {
  const dialog = useSyncExternalStore(uploadDialog.subscribe, uploadDialog.getSnapshot, uploadDialog.getSnapshot);
  const queue = useSyncExternalStore(uploadQueue.subscribe, uploadQueue.getSnapshot, uploadQueue.getSnapshot);
  const queryClient = useQueryClient();

  const finished = queue.items.filter((i) => i.uploaded !== 'ready').length;
  const lastFinished = useRef(0);
  useEffect(() => {
    if (finished > lastFinished.current) void queryClient.invalidateQueries({ queryKey: letterKeys.all });
    lastFinished.current = finished;
  }, [finished, queryClient]);

  return (
    <>
      <UploadDialog
        key={dialog.session}
        open={dialog.open}
        initialFiles={dialog.files}
        onClose={uploadDialog.close}
        onUpload={(files) => uploadQueue.enqueue(files)}
      />
      {queue.open ? <UploadToast queue={uploadQueue} /> : null}
    </>
  );
}

export default UploadHost;
