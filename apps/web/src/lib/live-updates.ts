/**
 * Live updates (issue 7, API.md "Live updates"): `GET /api/sites/{siteId}/events` read as
 * Server-Sent Events through fetch streaming (the session cookie goes with it; fetch lets the
 * timeouts below abort a silent stream).
 *
 *   const stop = connectLiveUpdates({ siteId, signedIn: hasSession, onRecord });
 *
 * The first answer must arrive within 15 s (spec part 9, realtime connect timeout); a dropped or
 * refused stream is retried after 200, 300, 500, 1000, 1200, 1500, 2000 ms, then every 2000 ms,
 * back to 200 ms once `ready` arrives. 401/403/404 end it (signed out, removed from the site).
 * The React side (which caches to refresh, the notifications) is in live-updates-hook.ts.
 */

export const RECONNECT_DELAYS_MS = [200, 300, 500, 1000, 1200, 1500, 2000] as const;
export const CONNECT_TIMEOUT_MS = 15_000;
/** The server comments every 25 s; silence for longer than two beats means a dead connection. */
export const IDLE_TIMEOUT_MS = 60_000;

export type RecordAction = 'create' | 'update' | 'delete';

/** `event: record` data: what changed and who changed it. */
export interface RecordEvent {
  collection: string;
  action: RecordAction;
  id: string | null;
  user: string | null;
  /** The tab that wrote it (its X-Client-Id), when that tab named itself. */
  client?: string;
  /** The action a POST …/{collection}/{id}/{step} took (e.g. 'submit', 'approve', 'reject'). */
  step?: string;
  /** The collections the write changed, as the server names them (issue 41). */
  changed?: string[];
}

export { collectionsToRefresh } from './write-effects';

export type LiveStatus = 'connecting' | 'open' | 'waiting' | 'stopped';

export function reconnectDelay(attempt: number): number {
  const last = RECONNECT_DELAYS_MS.length - 1;
  return RECONNECT_DELAYS_MS[Math.min(Math.max(attempt, 0), last)] ?? 2000;
}

export interface SseMessage {
  event: string;
  data: string;
}

/**
 * An incremental text/event-stream parser (the WHATWG rules that matter here: `event:` and
 * `data:` fields, `:` comments, a blank line dispatches, CR, LF or CRLF line ends). Feed it
 * chunks as they arrive.
 */
export function createSseParser(onMessage: (message: SseMessage) => void): (chunk: string) => void {
  let buffer = '';
  let event = '';
  let data: string[] = [];
  const line = (text: string) => {
    if (text === '') {
      if (data.length > 0) onMessage({ event: event || 'message', data: data.join('\n') });
      event = '';
      data = [];
      return;
    }
    if (text.startsWith(':')) return;
    const colon = text.indexOf(':');
    const field = colon === -1 ? text : text.slice(0, colon);
    let value = colon === -1 ? '' : text.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'event') event = value;
    else if (field === 'data') data.push(value);
  };
  return (chunk: string) => {
    buffer += chunk;
    for (;;) {
      const match = /\r\n|\r|\n/.exec(buffer);
      if (!match) break;
      // A CR at the very end may be the first half of a CRLF: wait for the next chunk.
      if (match[0] === '\r' && match.index === buffer.length - 1) break;
      line(buffer.slice(0, match.index));
      buffer = buffer.slice(match.index + match[0].length);
    }
  };
}

const ACTIONS: readonly string[] = ['create', 'update', 'delete'];

export function parseRecordEvent(data: string): RecordEvent | null {
  try {
    const value = JSON.parse(data) as Record<string, unknown>;
    if (typeof value.collection !== 'string' || !ACTIONS.includes(String(value.action)))
      return null;
    return {
      collection: value.collection,
      action: value.action as RecordAction,
      id: typeof value.id === 'string' ? value.id : null,
      user: typeof value.user === 'string' ? value.user : null,
      ...(typeof value.client === 'string' ? { client: value.client } : {}),
      ...(typeof value.step === 'string' ? { step: value.step } : {}),
      ...(Array.isArray(value.changed)
        ? { changed: value.changed.filter((c): c is string => typeof c === 'string') }
        : {}),
    };
  } catch {
    return null;
  }
}

export interface LiveOptions {
  siteId: string;
  /** Read at every (re)connect: signed out, it stops. */
  signedIn: () => boolean;
  language?: () => string;
  onRecord: (event: RecordEvent) => void;
  /**
   * The stream is ready. `again`: it was connected before, so changes made while it was down
   * were missed — refresh what is on screen.
   */
  onReady?: (again: boolean) => void;
  onStatus?: (status: LiveStatus) => void;
  /** 401, 403 or 404: signed out or no longer a member; no more reconnects. */
  onRefused?: (status: number) => void;
  fetch?: typeof fetch;
  isOnline?: () => boolean;
  delays?: (attempt: number) => number;
  connectTimeoutMs?: number;
  idleTimeoutMs?: number;
  /** Where online/offline events come from (window in the browser). */
  events?: Pick<Window, 'addEventListener' | 'removeEventListener'> | null;
}

type Attempt = 'retry' | 'stop';

/** Opens the stream and keeps it open until the returned function is called. */
export function connectLiveUpdates(options: LiveOptions): () => void {
  const fetchImpl = options.fetch ?? globalThis.fetch.bind(globalThis);
  const isOnline = options.isOnline ?? (() => globalThis.navigator?.onLine !== false);
  const delayFor = options.delays ?? reconnectDelay;
  const connectTimeout = options.connectTimeoutMs ?? CONNECT_TIMEOUT_MS;
  const idleTimeout = options.idleTimeoutMs ?? IDLE_TIMEOUT_MS;
  const events = options.events === undefined ? globalThis.window : options.events;
  const url = `/api/sites/${encodeURIComponent(options.siteId)}/events`;
  let stopped = false;
  let attempt = 0;
  let connectedBefore = false;
  let controller: AbortController | null = null;
  let wake: (() => void) | null = null;

  /** Resolves after `ms` (null: only when woken), or at once when woken or stopped. */
  const pause = (ms: number | null) =>
    new Promise<void>((resolve) => {
      const timer = ms === null ? undefined : setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        wake = null;
        resolve();
      }
      wake = done;
    });

  const onOnline = () => {
    attempt = 0;
    wake?.();
  };
  const onOffline = () => controller?.abort();
  events?.addEventListener('online', onOnline);
  events?.addEventListener('offline', onOffline);

  async function connectOnce(): Promise<Attempt> {
    if (!options.signedIn()) return 'stop';
    const ctrl = new AbortController();
    controller = ctrl;
    const connectTimer = setTimeout(() => ctrl.abort(), connectTimeout);
    let idleTimer: ReturnType<typeof setTimeout> | undefined;
    const touch = () => {
      clearTimeout(idleTimer);
      idleTimer = setTimeout(() => ctrl.abort(), idleTimeout);
    };
    try {
      const response = await fetchImpl(url, {
        headers: {
          Accept: 'text/event-stream',
          'Accept-Language': options.language?.() ?? 'en',
        },
        cache: 'no-store',
        credentials: 'same-origin',
        signal: ctrl.signal,
      });
      if (response.status === 401 || response.status === 403 || response.status === 404) {
        options.onRefused?.(response.status);
        return 'stop';
      }
      if (!response.ok || !response.body) return 'retry';
      const reader = response.body.getReader();
      // Aborting (stop, timeouts, offline) must also end a read that is waiting for data.
      ctrl.signal.addEventListener('abort', () => void reader.cancel().catch(() => undefined));
      const decoder = new TextDecoder();
      const feed = createSseParser((message) => {
        if (message.event === 'ready') {
          clearTimeout(connectTimer);
          attempt = 0;
          options.onReady?.(connectedBefore);
          connectedBefore = true;
          options.onStatus?.('open');
        } else if (message.event === 'record') {
          const event = parseRecordEvent(message.data);
          if (event) options.onRecord(event);
        }
      });
      touch();
      for (;;) {
        const { done, value } = await reader.read();
        if (done || stopped) break;
        touch();
        feed(decoder.decode(value, { stream: true }));
      }
      return 'retry';
    } catch {
      return 'retry';
    } finally {
      clearTimeout(connectTimer);
      clearTimeout(idleTimer);
      if (controller === ctrl) controller = null;
    }
  }

  async function run() {
    while (!stopped) {
      if (!isOnline()) {
        options.onStatus?.('waiting');
        await pause(null);
        continue;
      }
      options.onStatus?.('connecting');
      const result = await connectOnce();
      if (stopped || result === 'stop') break;
      options.onStatus?.('waiting');
      await pause(delayFor(attempt));
      attempt += 1;
    }
    options.onStatus?.('stopped');
  }

  void run();

  return () => {
    stopped = true;
    events?.removeEventListener('online', onOnline);
    events?.removeEventListener('offline', onOffline);
    controller?.abort();
    wake?.();
  };
}

/** What a material-request notice needs of the request as it reads now. */
export interface RequestSnapshot {
  status: string;
  requested_by: string | null;
}

/** The person the events are shown to. */
export interface Viewer {
  id: string;
  owner: boolean;
}

/**
 * Whether a material-request event may concern this person, so the request is worth reading:
 * someone else submitted one (an owner decides), or decided one (the requester hears).
 */
export function concernsViewer(event: RecordEvent, viewer: Viewer): boolean {
  if (event.collection !== 'material_requests' || !event.id) return false;
  if (!event.user || event.user === viewer.id) return false;
  if (event.step === 'approve' || event.step === 'reject') return true;
  return viewer.owner && (event.step === 'submit' || event.action === 'create');
}

/**
 * The notice (an i18n key) a material-request event means for this person, or null: owners hear
 * of a request someone else submitted (also one created already submitted), the requester of
 * the approval or rejection of their own request.
 */
export function materialRequestNotice(
  event: RecordEvent,
  viewer: Viewer,
  request: RequestSnapshot | null,
): string | null {
  if (!concernsViewer(event, viewer)) return null;
  if (event.step === 'approve' || event.step === 'reject') {
    if (!request || request.requested_by !== viewer.id) return null;
    return event.step === 'approve'
      ? 'live.notify.materialRequestApproved'
      : 'live.notify.materialRequestRejected';
  }
  if (event.step === 'submit' || request?.status === 'submitted')
    return 'live.notify.materialRequestSubmitted';
  return null;
}
