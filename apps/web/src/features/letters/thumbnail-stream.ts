import { useEffect, useState } from 'react';

/** The separator of the stream's four parts (part 1 section 7): the literal text <SEP>. */
export const THUMBNAIL_SEPARATOR = '<SEP>';

export interface ThumbnailMessage {
  uuid: string;
  /** A data: URL of the JPEG, or null when the letter has no thumbnail. */
  image: string | null;
  /** 1-based. */
  index: number;
  total: number;
}

/** Reads one message `<uuid><SEP><base64 JPEG or empty><SEP><index><SEP><total>`; null when it is not one. */
export function parseThumbnailMessage(data: string): ThumbnailMessage | null {
  const parts = data.split(THUMBNAIL_SEPARATOR);
  if (parts.length !== 4) return null;
  const [uuid = '', base64 = '', indexText = '', totalText = ''] = parts.map((p) => p.trim());
  const index = Number(indexText);
  const total = Number(totalText);
  if (!uuid || !Number.isInteger(index) || !Number.isInteger(total) || index < 1 || total < 0) return null;
  if (base64 && !/^[A-Za-z0-9+/]+={0,2}$/.test(base64)) return null;
  return { uuid, image: base64 ? `data:image/jpeg;base64,${base64}` : null, index, total };
}

/** The part of EventSource the stream uses (a fake in tests). */
export interface EventSourceLike {
  onmessage: ((event: MessageEvent<string>) => void) | null;
  onerror: ((event: Event) => void) | null;
  close(): void;
}

export type EventSourceFactory = (url: string) => EventSourceLike;

const browserEventSource: EventSourceFactory = (url) => new EventSource(url, { withCredentials: true });

/**
 * Opens the thumbnail stream and hands each thumbnail to `onThumbnail`. The server closes the stream
 * after the last message (index == total); it is closed here too so EventSource does not reconnect
 * and send everything again. An error ends it as well: stream errors are only logged (part 1 section 8).
 * Returns the function that closes it.
 */
export function openThumbnailStream(
  url: string,
  onThumbnail: (message: ThumbnailMessage) => void,
  createEventSource: EventSourceFactory = browserEventSource,
): () => void {
  let closed = false;
  const source = createEventSource(url);
  const close = () => {
    if (closed) return;
    closed = true;
    source.close();
  };
  source.onmessage = (event) => {
    const message = parseThumbnailMessage(String(event.data));
    if (!message) {
      console.warn('thumbnail stream: unreadable message');
      return;
    }
    onThumbnail(message);
    if (message.index >= message.total) close();
  };
  source.onerror = () => {
    if (!closed) console.warn('thumbnail stream: closed by an error');
    close();
  };
  return close;
}

/**
 * The thumbnails of the letters a list shows, by uuid, from the thumbnail stream. A new `streamKey`
 * (other parameters, rows that changed) opens a new stream; thumbnails already received are kept.
 */
export function useThumbnailStream(
  url: string | null,
  streamKey: string,
  createEventSource?: EventSourceFactory,
): ReadonlyMap<string, string | null> {
  const [thumbnails, setThumbnails] = useState<ReadonlyMap<string, string | null>>(() => new Map());
  // biome-ignore lint/correctness/useExhaustiveDependencies: streamKey re-opens the stream on purpose
  useEffect(() => {
    if (!url || (!createEventSource && typeof EventSource === 'undefined')) return;
    return openThumbnailStream(
      url,
      (m) =>
        setThumbnails((current) => {
          // A letter without a thumbnail yet keeps the one it had.
          if (current.get(m.uuid) === m.image || (m.image === null && current.get(m.uuid))) return current;
          const next = new Map(current);
          next.set(m.uuid, m.image);
          return next;
        }),
      createEventSource,
    );
  }, [url, streamKey, createEventSource]);
  return thumbnails;
}
