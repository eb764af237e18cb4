export interface StreamEvent {
  event: string;
  data: Record<string, unknown>;
}

export interface OpenStream {
  status: number;
  contentType: string | null;
  events: StreamEvent[];
  /** Resolves with the first event (already received or arriving) that matches. */
  waitFor(match: (event: StreamEvent) => boolean, timeoutMs?: number): Promise<StreamEvent>;
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  close(): void;
}

/** Reads a Server-Sent Events stream the way a fetch-based browser client does. */
export async function openEventStream(url: string, token?: string): Promise<OpenStream> {
  const controller = new AbortController();
  const response = await fetch(url, {
    headers: token ? { authorization: `Bearer ${token}`, accept: 'text/event-stream' } : {},
    signal: controller.signal,
  });
  const events: StreamEvent[] = [];
  const waiters: { match: (e: StreamEvent) => boolean; resolve: (e: StreamEvent) => void }[] = [];
  let endResolve: () => void = () => undefined;
  const ended = new Promise<void>((resolve) => (endResolve = resolve));

  const deliver = (block: string) => {
    let event = 'message';
    const data: string[] = [];
    for (const line of block.split('\n')) {
      if (line.startsWith('event:')) event = line.slice(6).trim();
      else if (line.startsWith('data:')) data.push(line.slice(5).trim());
    }
    if (data.length === 0) return;
    const parsed = { event, data: JSON.parse(data.join('\n')) as Record<string, unknown> };
    events.push(parsed);
    for (const waiter of [...waiters]) {
      if (waiter.match(parsed)) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve(parsed);
      }
    }
  };

  if (response.ok && response.body) {
    const reader = response.body.getReader();
    const decoder = new TextDecoder();
    let buffer = '';
    void (async () => {
      try {
        for (;;) {
          const { done, value } = await reader.read();
          if (done) break;
          buffer += decoder.decode(value, { stream: true });
          let cut = buffer.indexOf('\n\n');
          while (cut >= 0) {
            deliver(buffer.slice(0, cut));
            buffer = buffer.slice(cut + 2);
            cut = buffer.indexOf('\n\n');
          }
        }
      } catch {
        // aborted by close()
      }
      endResolve();
    })();
  } else {
    endResolve();
  }

  return {
    status: response.status,
    contentType: response.headers.get('content-type'),
    events,
    ended,
    waitFor(match, timeoutMs = 5_000) {
      const found = events.find(match);
      if (found) return Promise.resolve(found);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(
          () =>
            reject(
              new Error(`no matching event within ${timeoutMs} ms: ${JSON.stringify(events)}`),
            ),
          timeoutMs,
        );
        waiters.push({
          match,
          resolve: (e) => {
            clearTimeout(timer);
            resolve(e);
          },
        });
      });
    },
    close: () => controller.abort(),
  };
}
