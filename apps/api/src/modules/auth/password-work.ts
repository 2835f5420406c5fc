import { DomainError } from '@ascenso/domain/errors';
import { PASSWORD_WORK_BUSY_MESSAGE } from '@ascenso/domain/login-throttle';

/**
 * Bounds on Argon2 work (each hash or verification holds ~19 MiB and a core for tens of ms):
 * `maxConcurrent` in the whole process (about the number of cores), `perClientConcurrent` running
 * (never more than `maxConcurrent - 1`, so that one address cannot take every slot) and
 * `perClientQueued` waiting per client address, `maxQueued` waiting in all.
 */
export type PasswordWorkLimits = {
  maxConcurrent: number;
  perClientConcurrent: number;
  perClientQueued: number;
  maxQueued: number;
  /**
   * Account changes (a password change, a reset, an account deletion: rare for a person, two Argon2
   * operations each) in progress at once in the whole process; the next is refused at once. Default 2.
   */
  maxAccountChanges?: number;
};

/** A place in a client's queue, taken before any other work for the request (see `admit`). */
export type PasswordWorkTicket = {
  /** Runs `task` (one Argon2 operation) in the client's turn. Call once. */
  run<T>(task: () => Promise<T>): Promise<T>;
  /** Gives the place back without running anything. */
  cancel(): void;
};

export type PasswordWork = {
  /**
   * Takes a place in the client's queue, or refuses at once with RATE_LIMITED (429, Retry-After: 1)
   * when the client already has its share running and waiting. Synchronous and in memory: a flood is
   * refused before it costs a database write.
   */
  admit(client: string): PasswordWorkTicket;
  /**
   * `admit(client).run(task)`. Waiting clients take turns (round robin), so a client with a full queue
   * delays another by at most one task per busy client.
   */
  run<T>(client: string, task: () => Promise<T>): Promise<T>;
  /**
   * Runs a whole account change (its password check and new hash) within `maxAccountChanges`, or refuses
   * it at once with RATE_LIMITED (429, Retry-After: 1). Round robin is fair per address, so many
   * addresses each asking for changes would each get a turn before a sign-in; capping the changes in
   * progress bounds what they add to a sign-in's wait to a couple of tasks, whatever the addresses.
   */
  accountChange<T>(task: () => Promise<T>): Promise<T>;
  /** Tasks running and waiting now (tests and the bench read it). */
  load(): { running: number; waiting: number; clients: number; accountChanges: number };
};

type ClientState = { running: number; admitted: number; waiting: Array<() => void> };

export const PASSWORD_WORK_RETRY_AFTER_SECONDS = 1;

/** Refusal of an account change over `maxAccountChanges` in progress: the server, not this person, is busy. */
export const ACCOUNT_CHANGES_BUSY_MESSAGE = 'Ahora mismo hay muchos cambios de cuenta en curso. Vuelve a intentarlo en unos segundos.';

export function createPasswordWork(configured: PasswordWorkLimits): PasswordWork {
  // One address never holds every slot: with two cores, one runs for it and one stays for everyone else.
  const limits = {
    ...configured,
    perClientConcurrent: Math.max(1, Math.min(configured.perClientConcurrent, configured.maxConcurrent - 1)),
  };
  const clients = new Map<string, ClientState>();
  /** Clients with waiting tasks, in turn order (a client is listed once while it has any). */
  const turns: string[] = [];
  let running = 0;
  /** Admitted and not yet running, in all. */
  let waiting = 0;
  /** Account changes in progress. */
  let accountChanges = 0;
  const maxAccountChanges = Math.max(1, configured.maxAccountChanges ?? 2);

  const busy = () =>
    new DomainError('RATE_LIMITED', PASSWORD_WORK_BUSY_MESSAGE, {
      retryAfterSeconds: PASSWORD_WORK_RETRY_AFTER_SECONDS,
    });

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
      if (state.waiting.length > 0) turns.push(key);
      passes = turns.length;
      state.admitted -= 1;
      waiting -= 1;
      state.running += 1;
      running += 1;
      start();
    }
  }

  function forgetIfIdle(key: string, state: ClientState) {
    if (state.running === 0 && state.admitted === 0) clients.delete(key);
  }

  function admit(client: string): PasswordWorkTicket {
    let state = clients.get(client);
    if (state && state.running + state.admitted >= limits.perClientConcurrent + limits.perClientQueued) throw busy();
    if (waiting >= limits.maxQueued) throw busy();
    if (!state) {
      state = { running: 0, admitted: 0, waiting: [] };
      clients.set(client, state);
    }
    const own = state;
    own.admitted += 1;
    waiting += 1;
    let used = false;
    return {
      cancel() {
        if (used) return;
        used = true;
        own.admitted -= 1;
        waiting -= 1;
        forgetIfIdle(client, own);
      },
      run<T>(task: () => Promise<T>): Promise<T> {
        if (used) return Promise.reject(new Error('ticket already used'));
        used = true;
        return new Promise<T>((resolve, reject) => {
          own.waiting.push(() => {
            let result: Promise<T>;
            try {
              result = task();
            } catch (error) {
              result = Promise.reject(error);
            }
            result.then(resolve, reject).finally(() => {
              own.running -= 1;
              running -= 1;
              forgetIfIdle(client, own);
              pump();
            });
          });
          if (own.waiting.length === 1) turns.push(client);
          pump();
        });
      },
    };
  }

  return {
    admit,
    run: (client, task) => {
      try {
        return admit(client).run(task);
      } catch (error) {
        return Promise.reject(error);
      }
    },
    async accountChange<T>(task: () => Promise<T>): Promise<T> {
      if (accountChanges >= maxAccountChanges) {
        throw new DomainError('RATE_LIMITED', ACCOUNT_CHANGES_BUSY_MESSAGE, { retryAfterSeconds: PASSWORD_WORK_RETRY_AFTER_SECONDS });
      }
      accountChanges += 1;
      try {
        return await task();
      } finally {
        accountChanges -= 1;
      }
    },
    load: () => ({ running, waiting, clients: clients.size, accountChanges }),
  };
}
