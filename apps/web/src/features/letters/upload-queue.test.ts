import { describe, expect, it, vi } from 'vitest';
import { chooseFiles, formatFileSize, isLetterFile } from './upload-files';
import { createUploadQueue, type UploadItem, uploadSummary } from './upload-queue';

/** A promise settled from outside. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

const pdf = (name: string, size = 10) => new File([new Uint8Array(size)], name, { type: 'application/pdf' });
const flush = () => new Promise((r) => setTimeout(r, 0));

function item(uploaded: UploadItem['uploaded'], index = 0): UploadItem {
  return { index, type: 'regular', file: pdf(`${index}.pdf`), uploaded, uuid: null, progress: 0, error: null };
}

describe('upload toast summary (part 1 sections 4 and 8)', () => {
  it('is purple while any item is ready, and cannot be closed', () => {
    const s = uploadSummary([item('uploaded', 0), item('ready', 1), item('failed', 2)]);
    expect(s).toMatchObject({ colour: 'purple', pending: true, canClose: false, done: 2, total: 3 });
    expect(s.message).toBe('Uploading letters... 2 of 3');
  });

  it('is teal when all were uploaded', () => {
    const s = uploadSummary([item('uploaded', 0), item('uploaded', 1)]);
    expect(s).toMatchObject({ colour: 'teal', canClose: true, pending: false });
    expect(s.message).toBe('All letters have been uploaded successfully!');
  });

  it('is red when all failed', () => {
    const s = uploadSummary([item('failed', 0), item('failed', 1)]);
    expect(s).toMatchObject({ colour: 'red', canClose: true });
    expect(s.message).toBe('All letters failed to upload!');
  });

  it('is orange when some failed', () => {
    const s = uploadSummary([item('uploaded', 0), item('failed', 1)]);
    expect(s).toMatchObject({ colour: 'orange', canClose: true });
    expect(s.message).toBe('Some letters have been uploaded, while others failed to upload!');
  });
});

describe('upload queue', () => {
  it('sends one file at a time, in order; each item ends uploaded with its uuid or failed alone', async () => {
    const calls: { name: string; done: ReturnType<typeof deferred<{ uuid: string }>> }[] = [];
    const upload = vi.fn((file: File, _type: string) => {
      const done = deferred<{ uuid: string }>();
      calls.push({ name: file.name, done });
      return done.promise;
    });
    const queue = createUploadQueue(upload);
    queue.enqueue([
      { file: pdf('a.pdf'), type: 'regular' },
      { file: pdf('b.pdf'), type: 'merged' },
      { file: pdf('c.pdf'), type: 'regular' },
    ]);
    const states = () => queue.getSnapshot().items.map((i) => i.uploaded);

    expect(states()).toEqual(['ready', 'ready', 'ready']);
    expect(queue.getSnapshot().open).toBe(true);
    expect(calls.map((c) => c.name)).toEqual(['a.pdf']);

    calls[0]!.done.resolve({ uuid: 'uuid-a' });
    await flush();
    expect(states()).toEqual(['uploaded', 'ready', 'ready']);
    expect(calls.map((c) => c.name)).toEqual(['a.pdf', 'b.pdf']);
    expect(upload.mock.calls[1]![1]).toBe('merged');

    calls[1]!.done.reject(new Error('Only PDF or DOCX files can be uploaded.'));
    await flush();
    expect(states()).toEqual(['uploaded', 'failed', 'ready']);
    expect(queue.getSnapshot().items[1]!.error).toBe('Only PDF or DOCX files can be uploaded.');
    expect(calls).toHaveLength(3);

    calls[2]!.done.resolve({ uuid: 'uuid-c' });
    await flush();
    expect(states()).toEqual(['uploaded', 'failed', 'uploaded']);
    expect(queue.getSnapshot().items.map((i) => i.uuid)).toEqual(['uuid-a', null, 'uuid-c']);
    expect(uploadSummary(queue.getSnapshot().items).colour).toBe('orange');
  });

  it('reports the bytes sent of the item being uploaded', async () => {
    let report: (f: number) => void = () => {};
    const done = deferred<{ uuid: string }>();
    const queue = createUploadQueue((_file, _type, onProgress) => {
      report = onProgress;
      return done.promise;
    });
    const seen = vi.fn();
    queue.subscribe(seen);
    queue.enqueue([{ file: pdf('a.pdf'), type: 'regular' }]);
    report(0.25);
    expect(queue.getSnapshot().items[0]!.progress).toBe(0.25);
    report(2);
    expect(queue.getSnapshot().items[0]!.progress).toBe(1);
    done.resolve({ uuid: 'u' });
    await flush();
    expect(queue.getSnapshot().items[0]).toMatchObject({ uploaded: 'uploaded', progress: 1 });
    expect(seen).toHaveBeenCalled();
  });

  it('cannot be dismissed while an item is ready; once done it closes and the next files start a new batch', async () => {
    const pending: ReturnType<typeof deferred<{ uuid: string }>>[] = [];
    const queue = createUploadQueue(() => {
      const d = deferred<{ uuid: string }>();
      pending.push(d);
      return d.promise;
    });
    queue.enqueue([{ file: pdf('a.pdf'), type: 'regular' }]);
    expect(queue.dismiss()).toBe(false);
    expect(queue.getSnapshot().open).toBe(true);

    // Files added while the toast is on screen join its batch.
    queue.enqueue([{ file: pdf('b.pdf'), type: 'regular' }]);
    expect(queue.getSnapshot().items).toHaveLength(2);
    pending[0]!.resolve({ uuid: 'a' });
    await flush();
    expect(queue.dismiss()).toBe(false);
    pending[1]!.reject(new Error('x'));
    await flush();

    expect(queue.dismiss()).toBe(true);
    expect(queue.getSnapshot()).toEqual({ items: [], open: false });

    queue.enqueue([{ file: pdf('c.pdf'), type: 'regular' }]);
    expect(queue.getSnapshot().items.map((i) => i.file.name)).toEqual(['c.pdf']);
    pending[2]!.resolve({ uuid: 'c' });
    await flush();
    expect(uploadSummary(queue.getSnapshot().items).colour).toBe('teal');
  });

  it('ignores an empty choice', () => {
    const queue = createUploadQueue(vi.fn());
    queue.enqueue([]);
    expect(queue.getSnapshot().open).toBe(false);
  });
});

describe('choosing files', () => {
  it('takes PDF or DOCX only, by name or type', () => {
    expect(isLetterFile({ name: 'Letter.PDF', type: '' })).toBe(true);
    expect(isLetterFile({ name: 'letter.docx', type: '' })).toBe(true);
    expect(isLetterFile({ name: 'scan', type: 'application/pdf' })).toBe(true);
    expect(isLetterFile({ name: 'letter.doc', type: 'application/msword' })).toBe(false);
    expect(isLetterFile({ name: 'photo.png', type: 'image/png' })).toBe(false);
  });

  it('refuses other files with the message and stops at 100 a batch', () => {
    const files = [pdf('a.pdf'), new File(['x'], 'notes.txt', { type: 'text/plain' }), pdf('b.pdf')];
    const choice = chooseFiles(0, files);
    expect(choice.accepted.map((f) => f.name)).toEqual(['a.pdf', 'b.pdf']);
    expect(choice.rejected).toEqual([{ name: 'notes.txt', reason: 'Only PDF or DOCX files can be uploaded.' }]);
    expect(choice.overLimit).toBe(false);

    const many = Array.from({ length: 5 }, (_, i) => pdf(`${i}.pdf`));
    const limited = chooseFiles(97, many);
    expect(limited.accepted).toHaveLength(3);
    expect(limited.overLimit).toBe(true);
  });

  it('refuses a file over 50 MB', () => {
    const big = { name: 'big.pdf', type: 'application/pdf', size: 50 * 1024 * 1024 + 1 } as File;
    expect(chooseFiles(0, [big]).rejected[0]?.reason).toBe('A letter can be at most 50 MB.');
  });

  it('shows sizes for people', () => {
    expect(formatFileSize(800)).toBe('800 B');
    expect(formatFileSize(12_800)).toBe('12.5 KB');
    expect(formatFileSize(3_355_443)).toBe('3.2 MB');
  });
});
