import { NOTIFICATION_WATCHDOG_MS } from '@lp/domain';
import { apiUrl } from '../../lib/api';
import type { NotificationDetail } from './api';

export const NOTIFICATION_STREAM_URL = apiUrl('/api/notifications/stream');

/** The messages of GET /api/notifications/stream (part 2 section 3, "Live-stream messages"). */
export type StreamMessage =
  | { type: 'notifications'; from: string; details: NotificationDetail[] }
  | { type: 'refresh'; entities: string[] }
  | { type: 'auth_message'; message: 'session_expired' | 'permission_denied' | string }
  | { type: 'ping' }
  /** The stream's id, for the disconnect beacon (part 2 section 7). */
  | { type: 'hello'; stream_id: string };

/** The part of EventSource the stream uses (a fake in tests). */
export interface EventSourceLike {
  readonly readyState: number;
  addEventListener(type: 'open' | 'message' | 'error', listener: (event: MessageEvent | Event) => void): void;
  close(): void;
}

export type EventSourceFactory = (url: string) => EventSourceLike;

/** EventSource.CLOSED: the browser gave up (an HTTP error answer) and will not reconnect by itself. */
const CLOSED = 2;

export interface NotificationStreamHandlers {
  onNotifications: (group: { from: string; details: NotificationDetail[] }) => void;
  onRefresh: (entities: string[]) => void;
  /** After a session_expired message (the connection has been reset already). */
  onSessionExpired: () => void;
  /** The server refused the stream for good (permission_denied): nothing more will be heard. */
  onStopped?: () => void;
  /** The browser closed the connection after an error answer (the watchdog reconnects later). */
  onDropped?: () => void;
}

export interface NotificationStreamOptions extends NotificationStreamHandlers {
  url?: string;
  createEventSource?: EventSourceFactory;
  watchdogMs?: number;
  /** Sends the disconnect beacon (navigator.sendBeacon by default). */
  beacon?: (url: string) => void;
  /** Where `pagehide` is heard (the window by default). */
  pageEvents?: Pick<Window, 'addEventListener' | 'removeEventListener'> | null;
}

/** The disconnect beacon's address for a stream. */
export const disconnectUrl = (streamId: string) =>
  apiUrl<'/api/notifications/stream/{id}/disconnect', 'post'>('/api/notifications/stream/{id}/disconnect', {
    params: { id: streamId },
  });

const browserBeacon = (url: string) => {
  if (typeof navigator !== 'undefined' && typeof navigator.sendBeacon === 'function') navigator.sendBeacon(url);
};

export interface NotificationStream {
  /** Closes the connection and stops the watchdog (sign-out, leaving the signed-in shell). */
  close(): void;
  /** True once closed or stopped. */
  readonly closed: boolean;
  /** How many connections have been opened (1 plus the resets). */
  readonly connections: number;
}

const browserEventSource: EventSourceFactory = (url) => new EventSource(url, { withCredentials: false });

/** Reads one message's JSON; anything unreadable is ignored (and logged, as the spec asks). */
export function parseStreamMessage(data: unknown): StreamMessage | null {
  if (typeof data !== 'string' || !data) return null;
  try {
    const message = JSON.parse(data) as { type?: unknown };
    if (message && typeof message === 'object' && typeof message.type === 'string') return message as StreamMessage;
  } catch (error) {
    console.warn('notification stream: unreadable message', error);
  }
  return null;
}

/**
 * Listens to the notification stream. Every `open` event and every message (the server's
 * `{"type":"ping"}` every 15 s included) counts as activity; after NOTIFICATION_WATCHDOG_MS without
 * any, the connection is reset. session_expired resets the connection then calls onSessionExpired;
 * permission_denied stops listening. Only setTimeout is used, so fake clocks drive it.
 */
export function openNotificationStream(options: NotificationStreamOptions): NotificationStream {
  const url = options.url ?? NOTIFICATION_STREAM_URL;
  const create = options.createEventSource ?? browserEventSource;
  const watchdogMs = options.watchdogMs ?? NOTIFICATION_WATCHDOG_MS;
  let source: EventSourceLike | null = null;
  let watchdog: ReturnType<typeof setTimeout> | undefined;
  let closed = false;
  let connections = 0;
  let streamId: string | null = null;
  const beacon = options.beacon ?? browserBeacon;
  const pageEvents =
    options.pageEvents === undefined ? (typeof window === 'undefined' ? null : window) : options.pageEvents;

  // Page unload or a forced disconnect: tell the server at once, so the tab stops counting as a listener.
  const sendDisconnect = () => {
    if (streamId) beacon(disconnectUrl(streamId));
    streamId = null;
  };

  const armWatchdog = () => {
    if (watchdog !== undefined) clearTimeout(watchdog);
    watchdog = setTimeout(reset, watchdogMs);
  };

  const disconnect = () => {
    sendDisconnect();
    if (watchdog !== undefined) clearTimeout(watchdog);
    watchdog = undefined;
    const old = source;
    source = null;
    old?.close();
  };

  const handle = (message: StreamMessage) => {
    switch (message.type) {
      case 'notifications':
        if (Array.isArray(message.details)) options.onNotifications({ from: message.from, details: message.details });
        break;
      case 'refresh':
        if (Array.isArray(message.entities)) options.onRefresh(message.entities);
        break;
      case 'auth_message':
        if (message.message === 'session_expired') {
          reset();
          options.onSessionExpired();
        } else if (message.message === 'permission_denied') {
          stop();
          options.onStopped?.();
        }
        break;
      case 'hello':
        if (typeof message.stream_id === 'string') streamId = message.stream_id;
        break;
      default:
        // 'ping' and anything newer: activity only.
        break;
    }
  };

  function connect() {
    if (closed) return;
    connections += 1;
    const es = create(url);
    source = es;
    es.addEventListener('open', () => {
      if (source === es) armWatchdog();
    });
    es.addEventListener('message', (event) => {
      if (source !== es) return;
      armWatchdog();
      const message = parseStreamMessage((event as MessageEvent).data);
      if (message) handle(message);
    });
    es.addEventListener('error', () => {
      // While CONNECTING the browser retries by itself; CLOSED means it gave up: the watchdog reconnects.
      if (source === es && es.readyState === CLOSED) options.onDropped?.();
    });
    armWatchdog();
  }

  function reset() {
    disconnect();
    connect();
  }

  function stop() {
    closed = true;
    pageEvents?.removeEventListener('pagehide', sendDisconnect);
    disconnect();
  }

  pageEvents?.addEventListener('pagehide', sendDisconnect);
  connect();
  return {
    close: stop,
    get closed() {
      return closed;
    },
    get connections() {
      return connections;
    },
  };
}
