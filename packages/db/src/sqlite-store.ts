import { AsyncLocalStorage } from 'node:async_hooks';
import type { ActivityDefinition } from '@ascenso/domain/activities';
import type { DbHandle } from './client';
import { createRepositories } from './repositories/all';
import type { Synchronous } from './repositories/synchronous';
import { StoreMisuseError, type Repositories, type Store, type TransactionOptions } from './store';

export type SqliteStoreOptions = {
  /**
   * Detect the deadlock of a root repository (or a nested transaction) used inside a transaction's
   * callback, with AsyncLocalStorage, and throw StoreMisuseError. It costs on every promise while a
   * transaction runs (async hooks on Node 20), so the composition root turns it on outside production.
   */
  detectMisuse?: boolean;
  /** Catalogue entries to add when missing, as the store opens (existing, possibly edited rows stay). */
  catalogue?: { definitions: readonly ActivityDefinition[]; now: Date };
};

type SyncRepositories = { [K in keyof Repositories]: Synchronous<Repositories[K]> };

/**
 * A FIFO gate: one transaction at a time on the one connection. Root calls that arrive while it is
 * held queue behind it; `release` lets the queued root calls run (in order) and hands the gate to the
 * next queued transaction, if any.
 */
class Gate {
  held = false;
  /** Who holds it (only tracked with detectMisuse). */
  holder: object | undefined;
  private readonly queue: Array<{ exclusive: boolean; resume: () => void }> = [];

  /** Resolves when the gate is this caller's (exclusive) or when it may run one statement (shared). */
  wait(exclusive: boolean): Promise<void> {
    return new Promise((resume) => this.queue.push({ exclusive, resume }));
  }

  release(): void {
    this.held = false;
    this.holder = undefined;
    while (this.queue.length > 0) {
      const next = this.queue.shift()!;
      // Resumed in this order, as microtasks: the shared calls resolved before an exclusive one run before its BEGIN.
      if (next.exclusive) this.held = true;
      next.resume();
      if (next.exclusive) return;
    }
  }
}

/**
 * The async Store on one better-sqlite3 connection (decision 022). better-sqlite3 is synchronous, so
 * each repository method runs to completion in one call; the only thing async adds is a transaction
 * whose callback awaits: while it is open no other statement may run on the connection, or it would
 * join that transaction. The gate provides that: `transaction` takes it (after the queued callers before
 * it), root repositories wait while it is held (no await at all when it is free), and the `tx`
 * repositories handed to the callback run directly.
 */
export function createSqliteStore(handle: DbHandle, options: SqliteStoreOptions = {}): Store {
  const { db, sqlite } = handle;
  const sync: SyncRepositories = createRepositories(db);
  if (options.catalogue) sync.steps.seedCatalogue(options.catalogue.definitions, options.catalogue.now);
  const gate = new Gate();
  const context = options.detectMisuse ? new AsyncLocalStorage<object>() : undefined;

  function misuse(what: string): StoreMisuseError {
    return new StoreMisuseError(
      `${what} inside a transaction's callback would wait for that transaction forever: use the callback's \`tx\` repositories (transactions do not nest).`,
    );
  }

  /** Root method: runs at once when no transaction is open, else after the open one (and those queued before it). */
  function rootMethod(name: string, method: (...args: never[]) => unknown) {
    return (...args: never[]): Promise<unknown> => {
      if (!gate.held) {
        try {
          return Promise.resolve(method(...args));
        } catch (error) {
          return Promise.reject(error as Error);
        }
      }
      if (context && gate.holder && context.getStore() === gate.holder) return Promise.reject(misuse(`store.repos.${name}()`));
      return gate.wait(false).then(() => method(...args));
    };
  }

  /** Transaction method: runs directly; refuses once its transaction is over (a leaked `tx`). */
  function txMethod(name: string, method: (...args: never[]) => unknown) {
    return (...args: never[]): Promise<unknown> => {
      if (!sqlite.inTransaction) return Promise.reject(new StoreMisuseError(`tx.${name}() called after its transaction ended`));
      try {
        return Promise.resolve(method(...args));
      } catch (error) {
        return Promise.reject(error as Error);
      }
    };
  }

  function wrap(wrapMethod: typeof rootMethod): Repositories {
    const out: Record<string, Record<string, unknown>> = {};
    for (const [repoName, repo] of Object.entries(sync) as Array<[string, Record<string, (...args: never[]) => unknown>]>) {
      const wrapped: Record<string, unknown> = {};
      for (const [methodName, method] of Object.entries(repo)) wrapped[methodName] = wrapMethod(`${repoName}.${methodName}`, method);
      out[repoName] = wrapped;
    }
    return out as unknown as Repositories;
  }

  const repos = wrap(rootMethod);
  const txRepos = wrap(txMethod);

  // Conversation turns commit with synchronous=NORMAL (decision 010); the connection's own level
  // (FULL in the app) is restored right after. exec, not prepared: SQLite applies it when compiling.
  const ownLevel = Number(sqlite.pragma('synchronous', { simple: true }));

  async function transaction<T>(fn: (tx: Repositories) => Promise<T>, txOptions: TransactionOptions = {}): Promise<T> {
    const token = {};
    if (gate.held) {
      if (context && gate.holder && context.getStore() === gate.holder) throw misuse('store.transaction()');
      await gate.wait(true);
    } else {
      gate.held = true;
    }
    gate.holder = token;
    const relaxed = txOptions.durability === 'turn' && ownLevel > 1;
    try {
      if (relaxed) sqlite.exec('PRAGMA synchronous = NORMAL');
      sqlite.exec(txOptions.mode === 'deferred' ? 'BEGIN DEFERRED' : 'BEGIN IMMEDIATE');
      let result: T;
      try {
        result = await (context ? context.run(token, () => fn(txRepos)) : fn(txRepos));
        sqlite.exec('COMMIT');
      } catch (error) {
        if (sqlite.inTransaction) sqlite.exec('ROLLBACK');
        throw error;
      }
      return result;
    } finally {
      if (relaxed) sqlite.exec(`PRAGMA synchronous = ${ownLevel}`);
      gate.release();
    }
  }

  return {
    repos,
    transaction,
    dialect: 'sqlite',
    ping() {
      return rootMethod('ping', () => sqlite.prepare('select 1 as one').get() !== undefined)() as Promise<boolean>;
    },
    async close() {
      while (gate.held) await gate.wait(false);
      handle.close();
    },
  };
}
