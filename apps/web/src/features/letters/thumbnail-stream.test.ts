import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import {
  type EventSourceLike,
  openThumbnailStream,
  parseThumbnailMessage,
  useThumbnailStream,
} from './thumbnail-stream';

class FakeSource implements EventSourceLike {
  static opened: FakeSource[] = [];
  onmessage: ((event: MessageEvent<string>) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  closed = false;
  constructor(readonly url: string) {
    FakeSource.opened.push(this);
  }
  close() {
    this.closed = true;
  }
  send(data: string) {
    this.onmessage?.({ data } as MessageEvent<string>);
  }
}
const factory = (url: string) => new FakeSource(url);

describe('thumbnail stream messages (part 1 section 7)', () => {
  it('reads uuid, base64 JPEG, index and total', () => {
    expect(parseThumbnailMessage('abc-1<SEP>/9j/4AAQ+w==<SEP>1<SEP>3')).toEqual({
      uuid: 'abc-1',
      image: 'data:image/jpeg;base64,/9j/4AAQ+w==',
      index: 1,
      total: 3,
    });
  });

  it('reads a letter without a thumbnail', () => {
    expect(parseThumbnailMessage('abc-2<SEP><SEP>2<SEP>2')).toEqual({ uuid: 'abc-2', image: null, index: 2, total: 2 });
  });

  it('refuses anything else', () => {
    for (const bad of [
      '',
      'abc<SEP>x<SEP>1',
      'abc<SEP>x<SEP>1<SEP>2<SEP>extra',
      '<SEP>x<SEP>1<SEP>1',
      'abc<SEP>x<SEP>one<SEP>1',
      'abc<SEP>x<SEP>0<SEP>1',
      'abc<SEP>"><script><SEP>1<SEP>1',
    ]) {
      expect(parseThumbnailMessage(bad)).toBeNull();
    }
  });
});

describe('openThumbnailStream', () => {
  it('hands on each thumbnail and closes after the last (index == total), so it does not reconnect', () => {
    const got = vi.fn();
    openThumbnailStream('/s', got, factory);
    const source = FakeSource.opened.at(-1)!;
    source.send('a<SEP>QUJD<SEP>1<SEP>2');
    expect(source.closed).toBe(false);
    source.send('b<SEP><SEP>2<SEP>2');
    expect(source.closed).toBe(true);
    expect(got.mock.calls.map(([m]) => m.uuid)).toEqual(['a', 'b']);
  });

  it('skips an unreadable message and closes on an error', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const got = vi.fn();
    openThumbnailStream('/s', got, factory);
    const source = FakeSource.opened.at(-1)!;
    source.send('garbage');
    expect(got).not.toHaveBeenCalled();
    source.onerror?.(new Event('error'));
    expect(source.closed).toBe(true);
    expect(warn).toHaveBeenCalled();
  });

  it('the hook keeps thumbnails by uuid and re-opens on a new key', () => {
    const { result, rerender, unmount } = renderHook(({ key }) => useThumbnailStream('/s?page=0', key, factory), {
      initialProps: { key: 'one' },
    });
    const first = FakeSource.opened.at(-1)!;
    expect(first.url).toBe('/s?page=0');
    act(() => first.send('a<SEP>QUJD<SEP>1<SEP>2'));
    expect(result.current.get('a')).toBe('data:image/jpeg;base64,QUJD');
    rerender({ key: 'two' });
    expect(first.closed).toBe(true);
    const second = FakeSource.opened.at(-1)!;
    expect(second).not.toBe(first);
    // A letter that has no thumbnail (yet) keeps the one it had.
    act(() => second.send('a<SEP><SEP>1<SEP>1'));
    expect(result.current.get('a')).toBe('data:image/jpeg;base64,QUJD');
    unmount();
  });
});
