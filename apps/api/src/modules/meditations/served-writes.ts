import type { Deps } from '../../deps';

/**
 * Served-bytes writes still in flight, per user. A range extends a listen's count only from where the
 * previous one ended, so the writes must land in order, and before the listen is judged complete. On
 * PostgreSQL two writes go out on two pooled connections and could swap, so the next range of the same
 * user and the completion mark wait for the previous write (in this process; across instances the
 * client's round trip between two requests orders them). On SQLite the writes already run in order.
 */
const pending = new Map<string, Promise<void>>();

/** Records bytes [start, start + bytes) as served, after the user's earlier writes; a failure is logged, not thrown. */
export function recordServed(deps: Deps, userId: string, listenId: string, start: number, bytes: number): void {
  const write = (pending.get(userId) ?? Promise.resolve())
    .then(() => deps.repos.listens.recordServed(listenId, start, bytes))
    .catch((error: unknown) => {
      deps.logger.warn('could not record served audio bytes', { listenId, error: String(error) });
    });
  pending.set(userId, write);
  void write.then(() => {
    if (pending.get(userId) === write) pending.delete(userId);
  });
}

/** Resolves once the user's served-bytes writes issued so far have landed. */
export async function servedWritesSettled(userId: string): Promise<void> {
  await pending.get(userId);
}
