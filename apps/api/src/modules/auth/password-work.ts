import { DomainError } from '@ascenso/domain/errors';
import { PASSWORD_WORK_BUSY_MESSAGE } from '@ascenso/domain/login-throttle';

/**
 * Bounds on Argon2 work (each hash or verification holds ~19 MiB and a core for tens of ms):
 * `maxConcurrent` in the whole process (about the number of cores), `perClientConcurrent` running and
 * `perClientQueued` waiting per client address, `maxQueued` waiting in all.
 */
export type PasswordWorkLimits = {
  maxConcurrent: number;
  perClientConcurrent: number;
  perClientQueued: number;
  maxQueued: number;
};

export type PasswordWork = {
  /**
   * Runs `task` (one Argon2 operation) when a slot is free. Waiting clients take turns (round robin),
   * so a client with a full queue delays another by at most one task per busy client. A client that
   * already has its share running and waiting is refused at once with RATE_LIMITED (429, Retry-After).
   */
  run<T>(client: string, task: () => Promise<T>): Promise<T>;
  /** Tasks running and waiting now (tests and the bench read it). */
  load(): { running: number; waiting: number; clients: number };
};

type ClientState = { running: number; waiting: Array<() => void> };

export const PASSWORD_WORK_RETRY_AFTER_SECONDS = 1;

export function createPasswordWork(limits: PasswordWorkLimits): PasswordWork {
  const clients = new Map<string, ClientState>();
  /** Clients with waiting tasks, in turn order (a client is listed once while it has any). */
  const turns: string[] = [];
  let running = 0;
  let waiting = 0;

  const busy = () =>
    new DomainError('RATE_LIMITED', PASSWORD_WORK_BUSY_MESSAGE, { retryAfterSeconds: PASSWORD_WORK_RETRY_AFTER_SECONDS });

  function pump() {
    let passes = turns.length;
    while (running < limits.maxConcurrent && passes > 0) {
      const key = turns.shift() as string;
      const state = clients.get(key) as ClientState;
      if (state.running >= limits.perClientConcurrent) {
        turns.push(key);
        passes -= 1;
        continue;
      }
      const start = state.waiting.shift() as () => void;
      waiting -= 1;
      if (state.waiting.length > 0) turns.push(key);
      passes = turns.length;
      state.running += 1;
      running += 1;
      start();
    }
  }

  function finish(key: string) {
    const state = clients.get(key) as ClientState;
    state.running -= 1;
    running -= 1;
    if (state.running === 0 && state.waiting.length === 0) clients.delete(key);
    pump();
  }

  return {
    run<T>(client: string, task: () => Promise<T>): Promise<T> {
      let state = clients.get(client);
      if (state && state.running + state.waiting.length >= limits.perClientConcurrent + limits.perClientQueued) return Promise.reject(busy());
      if (waiting >= limits.maxQueued) return Promise.reject(busy());
      if (!state) {
        state = { running: 0, waiting: [] };
        clients.set(client, state);
      }
      const own = state;
      return new Promise<T>((resolve, reject) => {
        own.waiting.push(() => {
          let result: Promise<T>;
          try {
            result = task();
          } catch (error) {
            result = Promise.reject(error);
          }
          result.then(resolve, reject).finally(() => finish(client));
        });
        waiting += 1;
        if (own.waiting.length === 1) turns.push(client);
        pump();
      });
    },
    load: () => ({ running, waiting, clients: clients.size }),
  };
}
