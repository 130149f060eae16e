import { NOTIFICATION_WATCHDOG_MS } from '@lp/domain';
import { QueryCache, QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { isApiError, resetCsrfToken } from '../../lib/api';
import { meQueryKey } from '../../lib/session';
import { type NotificationGroup, notificationKeys } from './api';
import { connectLiveUpdates } from './live-updates';
import type { EventSourceLike } from './notification-stream';

/** A controllable EventSource: the test decides when it opens, what it says and when it fails. */
class FakeEventSource implements EventSourceLike {
  static all: FakeEventSource[] = [];
  readyState = 0;
  closed = false;
  private listeners = new Map<string, ((e: MessageEvent | Event) => void)[]>();
  constructor(readonly url: string) {
    FakeEventSource.all.push(this);
  }
  addEventListener(type: string, listener: (e: MessageEvent | Event) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  close() {
    this.closed = true;
    this.readyState = 2;
  }
  open() {
    this.readyState = 1;
    for (const l of this.listeners.get('open') ?? []) l(new Event('open'));
  }
  send(data: unknown) {
    this.sendRaw(JSON.stringify(data));
  }
  sendRaw(data: string) {
    const event = new MessageEvent('message', { data });
    for (const l of this.listeners.get('message') ?? []) l(event);
  }
  fail(readyState: number) {
    this.readyState = readyState;
    for (const l of this.listeners.get('error') ?? []) l(new Event('error'));
  }
}

const factory = (url: string) => new FakeEventSource(url);
const latest = () => FakeEventSource.all.at(-1)!;

function json(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

/** Like the app's QueryClient: a 401 while signed in takes the lost-session path. */
function createQueryClient(onSessionLost: () => void) {
  const client: QueryClient = new QueryClient({
    queryCache: new QueryCache({
      onError: (error) => {
        if (isApiError(error, 401) && client.getQueryData(meQueryKey)) onSessionLost();
      },
    }),
  });
  return client;
}

const ME = { user: { id: 'u1', name: 'Ada' }, account: { id: 'a1' }, abilities: [] };

describe('live updates (notification stream)', () => {
  beforeEach(() => {
    FakeEventSource.all = [];
    resetCsrfToken();
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('connects to /api/notifications/stream and resets the connection after 20 s of silence', () => {
    const stream = connectLiveUpdates(new QueryClient(), { createEventSource: factory });
    expect(FakeEventSource.all).toHaveLength(1);
    expect(latest().url).toBe('/api/notifications/stream');
    latest().open();
    vi.advanceTimersByTime(15_000);
    latest().send({ type: 'ping' });
    vi.advanceTimersByTime(NOTIFICATION_WATCHDOG_MS - 1);
    expect(FakeEventSource.all).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(FakeEventSource.all).toHaveLength(2);
    expect(FakeEventSource.all[0]!.closed).toBe(true);
    expect(stream.connections).toBe(2);
    // The new connection has its own watchdog; its open event counts as activity.
    vi.advanceTimersByTime(10_000);
    latest().open();
    vi.advanceTimersByTime(NOTIFICATION_WATCHDOG_MS - 1);
    expect(FakeEventSource.all).toHaveLength(2);
    stream.close();
    vi.advanceTimersByTime(60_000);
    expect(FakeEventSource.all).toHaveLength(2);
    expect(latest().closed).toBe(true);
  });

  it('invalidates the queries of the entities a refresh names', () => {
    const client = new QueryClient();
    client.setQueryData(['users', { page: 0 }], { rows: [] });
    client.setQueryData(['departments', 'list'], { rows: [] });
    client.setQueryData(['letters', { page: 0 }], { rows: [] });
    client.setQueryData(notificationKeys.count, { count: 0 });
    connectLiveUpdates(client, { createEventSource: factory });
    latest().send({ type: 'refresh', entities: ['users', 'departments'] });
    expect(client.getQueryState(['users', { page: 0 }])?.isInvalidated).toBe(true);
    expect(client.getQueryState(['departments', 'list'])?.isInvalidated).toBe(true);
    expect(client.getQueryState(['letters', { page: 0 }])?.isInvalidated).toBe(false);
    expect(client.getQueryState(notificationKeys.count)?.isInvalidated).toBe(false);
  });

  it('merges notifications by sender and bumps the count', () => {
    const client = new QueryClient();
    const sent = { id: 'n1', description: 'Letter sent', highlight: false, approval: null };
    const groups: NotificationGroup[] = [{ from: 'Jane Doe', details: [sent] }];
    client.setQueryData(notificationKeys.list, groups);
    client.setQueryData(notificationKeys.count, { count: 1 });
    connectLiveUpdates(client, { createEventSource: factory });
    latest().send({
      type: 'notifications',
      from: 'Jane Doe',
      details: [sent, { id: 'n2', description: 'Parcel booked', highlight: true, approval: null }],
    });
    latest().send({
      type: 'notifications',
      from: 'John Roe',
      details: [{ id: 'n3', description: 'Hello', highlight: false, approval: null }],
    });
    const merged = client.getQueryData<NotificationGroup[]>(notificationKeys.list)!;
    expect(merged.map((g) => [g.from, g.details.map((d) => d.id)])).toEqual([
      ['John Roe', ['n3']],
      ['Jane Doe', ['n2', 'n1']],
    ]);
    expect(client.getQueryData(notificationKeys.count)).toEqual({ count: 3 });
    expect(client.getQueryState(notificationKeys.count)?.isInvalidated).toBe(true);
  });

  it('on session_expired resets the connection and takes the lost-session path when /api/me says 401', async () => {
    const onSessionLost = vi.fn();
    const client = createQueryClient(onSessionLost);
    client.setQueryData(meQueryKey, ME);
    const fetchMock = vi.fn(async () => json(401, { statusCode: 401, code: 'UNAUTHENTICATED', message: 'x' }));
    vi.stubGlobal('fetch', fetchMock);
    connectLiveUpdates(client, { createEventSource: factory });
    const first = latest();
    first.send({ type: 'auth_message', message: 'session_expired' });
    expect(first.closed).toBe(true);
    expect(FakeEventSource.all).toHaveLength(2);
    await vi.waitFor(() => expect(onSessionLost).toHaveBeenCalledTimes(1));
    expect(fetchMock).toHaveBeenCalledWith('/api/me', expect.anything());
  });

  it('keeps the session when /api/me still answers after session_expired', async () => {
    const onSessionLost = vi.fn();
    const client = createQueryClient(onSessionLost);
    client.setQueryData(meQueryKey, ME);
    const fresh = { ...ME, abilities: ['see_users'] };
    const fetchMock = vi.fn(async () => json(200, fresh));
    vi.stubGlobal('fetch', fetchMock);
    connectLiveUpdates(client, { createEventSource: factory });
    latest().send({ type: 'auth_message', message: 'session_expired' });
    await vi.waitFor(() => expect(client.getQueryData(meQueryKey)).toEqual(fresh));
    expect(onSessionLost).not.toHaveBeenCalled();
    expect(FakeEventSource.all).toHaveLength(2);
    expect(latest().closed).toBe(false);
  });

  it('stops listening on permission_denied', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const stream = connectLiveUpdates(new QueryClient(), { createEventSource: factory });
    latest().send({ type: 'auth_message', message: 'permission_denied' });
    expect(latest().closed).toBe(true);
    expect(stream.closed).toBe(true);
    vi.advanceTimersByTime(5 * NOTIFICATION_WATCHDOG_MS);
    expect(FakeEventSource.all).toHaveLength(1);
    expect(warn).toHaveBeenCalledWith('notification stream: permission denied, no longer listening');
  });

  it('checks the session when the browser gives up on the stream, and reconnects with the watchdog', async () => {
    const onSessionLost = vi.fn();
    const client = createQueryClient(onSessionLost);
    client.setQueryData(meQueryKey, ME);
    const fetchMock = vi.fn(async () => json(200, ME));
    vi.stubGlobal('fetch', fetchMock);
    connectLiveUpdates(client, { createEventSource: factory });
    latest().fail(0); // still CONNECTING: the browser retries by itself
    expect(fetchMock).not.toHaveBeenCalled();
    latest().fail(2); // CLOSED
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledWith('/api/me', expect.anything()));
    vi.advanceTimersByTime(NOTIFICATION_WATCHDOG_MS);
    expect(FakeEventSource.all).toHaveLength(2);
    expect(onSessionLost).not.toHaveBeenCalled();
  });

  it('ignores unreadable messages but counts them as activity', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    connectLiveUpdates(new QueryClient(), { createEventSource: factory });
    vi.advanceTimersByTime(NOTIFICATION_WATCHDOG_MS - 1000);
    latest().sendRaw('not json');
    vi.advanceTimersByTime(NOTIFICATION_WATCHDOG_MS - 1);
    expect(FakeEventSource.all).toHaveLength(1);
    expect(warn).toHaveBeenCalled();
  });

  it('sends the disconnect beacon for its stream on page unload and when it is closed', () => {
    const beacon = vi.fn();
    const page = new EventTarget();
    const stream = connectLiveUpdates(new QueryClient(), { createEventSource: factory, beacon, pageEvents: page });
    latest().open();
    page.dispatchEvent(new Event('pagehide'));
    expect(beacon).not.toHaveBeenCalled(); // no id told yet: nothing to end
    latest().send({ type: 'hello', stream_id: 'c0ffee00-1111-4222-8333-444455556666' });
    page.dispatchEvent(new Event('pagehide'));
    expect(beacon).toHaveBeenCalledWith('/api/notifications/stream/c0ffee00-1111-4222-8333-444455556666/disconnect');
    latest().send({ type: 'hello', stream_id: 'second' });
    stream.close();
    expect(beacon).toHaveBeenLastCalledWith('/api/notifications/stream/second/disconnect');
    expect(beacon).toHaveBeenCalledTimes(2);
  });
});
