/**
 * Open live-update streams by session, so ending a session (Profile → sign out a lost phone)
 * closes its streams at once; the client reconnects, gets 401 and goes to the sign-in page.
 * In-process only: on other instances the stream's heartbeat check notices within 25 s.
 */
export interface SessionStreams {
  /** Returns the function that forgets the stream. */
  register(sessionId: string, end: () => void): () => void;
  endSessions(sessionIds: readonly string[]): void;
}

export function createSessionStreams(): SessionStreams {
  const bySession = new Map<string, Set<() => void>>();
  return {
    register(sessionId, end) {
      let set = bySession.get(sessionId);
      if (!set) bySession.set(sessionId, (set = new Set()));
      set.add(end);
      return () => {
        set.delete(end);
        if (set.size === 0) bySession.delete(sessionId);
      };
    },
    endSessions(sessionIds) {
      for (const id of sessionIds) {
        const set = bySession.get(id);
        if (!set) continue;
        bySession.delete(id);
        for (const end of set) end();
      }
    },
  };
}
