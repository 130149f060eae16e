import { STORAGE_MESSAGES } from '@lp/domain';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api';
import { storageItem } from './test-fixtures';
import { createUploadQueue } from './upload-queue';

const file = (name: string) => new File(['%PDF-1.7'], name);

/** A queue whose uploads answer as `outcome` says for each file name. */
function queueOf(outcome: (name: string) => 'ok' | 'fail') {
  const notify = vi.fn();
  const queue = createUploadQueue({
    notify,
    upload: async (_folder, f) => {
      if (outcome(f.name) === 'fail') throw new ApiError(500, 'INTERNAL', 'Something went wrong.');
      return storageItem({ name: f.name.replace(/[#()]/g, ' ').replace(/\s+/g, ' ').replace(' .pdf', '.pdf') });
    },
  });
  const done = () =>
    new Promise<void>((resolve) => {
      const stop = queue.subscribe(() => {
        if (!queue.isBusy()) {
          stop();
          resolve();
        }
      });
    });
  return { queue, notify, done };
}

describe('the upload queue (issue 27 item 10)', () => {
  it('says nothing per file and sums a run up in one toast', async () => {
    const { queue, notify, done } = queueOf(() => 'ok');
    const finished = done();
    queue.add([file('a.pdf'), file('b.pdf')], 'root', 'My documents');
    await finished;
    await vi.waitFor(() => expect(notify).toHaveBeenCalledTimes(1));
    expect(notify).toHaveBeenCalledWith(STORAGE_MESSAGES.allUploaded, { variant: 'success' });
  });

  it('names the one file of a run, and records the name a file was saved as', async () => {
    const { queue, notify, done } = queueOf(() => 'ok');
    const finished = done();
    queue.add([file('Invoice #12.pdf')], 'root', 'My documents');
    await finished;
    await vi.waitFor(() => expect(notify).toHaveBeenCalledTimes(1));
    expect(notify).toHaveBeenCalledWith(STORAGE_MESSAGES.uploaded('Invoice #12.pdf'), { variant: 'success' });
    expect(queue.getSnapshot()[0]).toMatchObject({ state: 'done', savedAs: 'Invoice 12.pdf' });
  });

  it('counts what was stored when some failed, and says when none was', async () => {
    const some = queueOf((n) => (n === 'b.pdf' ? 'fail' : 'ok'));
    let finished = some.done();
    some.queue.add([file('a.pdf'), file('b.pdf'), file('c.pdf')], 'root', 'My documents');
    await finished;
    await vi.waitFor(() => expect(some.notify).toHaveBeenCalledTimes(1));
    expect(some.notify).toHaveBeenCalledWith(STORAGE_MESSAGES.someUploaded(2, 3), { variant: 'warning' });
    expect(some.queue.getSnapshot().map((i) => i.state)).toEqual(['done', 'failed', 'done']);

    const none = queueOf(() => 'fail');
    finished = none.done();
    none.queue.add([file('a.pdf'), file('b.pdf')], 'root', 'My documents');
    await finished;
    await vi.waitFor(() => expect(none.notify).toHaveBeenCalledTimes(1));
    expect(none.notify).toHaveBeenCalledWith(STORAGE_MESSAGES.noneUploaded(2), { variant: 'error' });
  });
});
