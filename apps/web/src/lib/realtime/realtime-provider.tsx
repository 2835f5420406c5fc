import {
  createContext,
  useContext,
  useEffect,
  useEffectEvent,
  useState,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import { RealtimeClient, realtimeUrl, type RealtimeEvent, type RealtimeSnapshot, type WebSocketFactory } from './realtime-client';

const RealtimeContext = createContext<RealtimeClient | null>(null);

/** Stands in for the WebSocket constructor where there is none (the server's render, Node 20). */
class NoWebSocket {
  constructor() {
    throw new Error('WebSocket is not available here');
  }
}

function createBrowserClient(): RealtimeClient {
  // Rendered on the server (src/prerender/member-home.tsx) the client is created but never started:
  // effects do not run there.
  const browser = typeof window !== 'undefined';
  return new RealtimeClient({
    url: () => realtimeUrl(window.location),
    WebSocket: browser ? WebSocket : (NoWebSocket as unknown as WebSocketFactory),
    timers: { setTimeout: (cb, ms) => window.setTimeout(cb, ms), clearTimeout: (h) => window.clearTimeout(h as number) },
    document: browser ? document : null,
    logger: console,
  });
}

/**
 * Opens the `/ws` connection for the signed-in user. Mount it only in the signed-in part of the tree
 * (spec §6: only signed-in users get a connection); it closes when it unmounts (sign-out).
 */
export function RealtimeProvider({ userId, children }: { userId: string; children: ReactNode }) {
  const [client] = useState(createBrowserClient);

  useEffect(() => {
    client.start(userId);
    return () => client.stop();
  }, [client, userId]);

  return <RealtimeContext.Provider value={client}>{children}</RealtimeContext.Provider>;
}

function useRealtimeClient(): RealtimeClient {
  const client = useContext(RealtimeContext);
  if (!client) throw new Error('useRealtime must be used inside <RealtimeProvider>');
  return client;
}

/** The connection state and the latest `activity_completed` / `stats_updated` event. */
export function useRealtime(): RealtimeSnapshot {
  const client = useRealtimeClient();
  return useSyncExternalStore(client.subscribe, client.getSnapshot, client.getSnapshot);
}

/** Calls `handler` for every pushed event while the calling component is mounted. */
export function useRealtimeEvents(handler: (event: RealtimeEvent) => void): void {
  const client = useRealtimeClient();
  const onEvent = useEffectEvent(handler);
  useEffect(() => client.onEvent((event) => onEvent(event)), [client]);
}
