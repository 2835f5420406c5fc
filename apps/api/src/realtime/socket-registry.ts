import type { WebSocket } from 'ws';

/** Open sockets by session, so a session that ends can close every socket it opened. */
export function createSocketRegistry() {
  const bySession = new Map<string, Set<WebSocket>>();
  return {
    add(sessionId: string, socket: WebSocket) {
      let set = bySession.get(sessionId);
      if (!set) {
        set = new Set();
        bySession.set(sessionId, set);
      }
      set.add(socket);
      socket.once('close', () => {
        set.delete(socket);
        if (set.size === 0 && bySession.get(sessionId) === set) bySession.delete(sessionId);
      });
    },
    sessionIds(): string[] {
      return [...bySession.keys()];
    },
    /** Closes every socket of the session with a policy-violation code. */
    closeSession(sessionId: string, reason: string) {
      for (const socket of bySession.get(sessionId) ?? []) socket.close(4401, reason);
    },
    count(): number {
      let n = 0;
      for (const set of bySession.values()) n += set.size;
      return n;
    },
  };
}

export type SocketRegistry = ReturnType<typeof createSocketRegistry>;
