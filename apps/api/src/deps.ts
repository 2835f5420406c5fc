import { fileURLToPath } from 'node:url';
import { createCoach, type Coach } from '@ascenso/ai/coach';
import { createCoachProvider } from '@ascenso/ai/create-provider';
import type { CoachProvider } from '@ascenso/ai/provider';
import { createDb, type DbHandle } from '@ascenso/db/client';
import { createSqliteStore } from '@ascenso/db/sqlite-store';
import type { Repositories, Store } from '@ascenso/db/store';
import { ACTIVITY_CATALOGUE } from '@ascenso/domain/activities';
import type { Config } from './env';
import { createLogger, type Logger } from './logger';
import type { CookieSettings } from './modules/auth/cookies';
import { createMailer, type Mailer } from './modules/email/mailer';
import { createPasswordHasher, type PasswordHasher } from './modules/auth/passwords';
import { createPasswordWork, type PasswordWork } from './modules/auth/password-work';
import { createEventBus, type EventBus } from './realtime/event-bus';
import { createOutbox, type Outbox } from './realtime/outbox-relay';
import { createSharedRedis, type SharedRedis } from './realtime/redis-connections';
import { createRedisEventBus } from './realtime/redis-event-bus';

/** apps/api/assets/audio, from this file's folder (src/ in dev and tests, dist/ when bundled). */
const DEFAULT_AUDIO_DIR = fileURLToPath(new URL('../assets/audio', import.meta.url));

/** Everything a service needs, built once by the composition root (or by tests with overrides). */
export type Deps = {
  config: Config;
  /** The database: repositories and transactions, whatever the dialect (decision 022). */
  store: Store;
  /** `store.repos`: for work outside a transaction (inside one, use the callback's `tx`). */
  repos: Repositories;
  mailer: Mailer;
  /** Files the API serves besides the web app. */
  paths: { audioDir: string };
  bus: EventBus;
  /**
   * The realtime outbox (decision 026): publishes events written in a transaction, with their ids, after
   * the commit; its relay (started by main.ts) publishes what a dead instance left unpublished.
   */
  outbox: Outbox;
  /**
   * Redis shared by the instances, when REDIS_URL is set (decision 022): the bus above runs over it, and
   * so do the connection quota and the model limits. Closed on shutdown (main.ts).
   */
  redis?: SharedRedis | undefined;
  clock: () => Date;
  passwords: PasswordHasher;
  /** Bounds Argon2 work and shares it out per client address (modules/auth/password-work.ts). */
  passwordWork: PasswordWork;
  logger: Logger;
  /** The model provider (OpenAI-compatible server or the offline coach) and the coach built on it. */
  coachProvider: CoachProvider;
  coach: Coach;
  cookie: CookieSettings;
};

export type DepsOverrides = Partial<Pick<Deps, 'clock' | 'passwords' | 'logger' | 'coachProvider' | 'paths' | 'redis'>> & {
  mailBackoffMs?: number;
  /** A SQLite handle to build the store on (tests: an in-memory database); the caller closes it through the store. */
  dbHandle?: DbHandle;
  /** A store opened by the caller (e.g. on PostgreSQL); it wins over dbHandle and the config's database. */
  store?: Store;
  migrationsFolder?: string;
};

export function createDeps(config: Config, overrides: DepsOverrides = {}): Deps {
  const logger = overrides.logger ?? createLogger(config.logLevel);
  const clock = overrides.clock ?? (() => new Date());
  const store =
    overrides.store ??
    createSqliteStore(
      overrides.dbHandle ??
        createDb({
          file: config.databasePath,
          ...(overrides.migrationsFolder ? { migrationsFolder: overrides.migrationsFolder } : {}),
        }),
      {
        // The catalogue is data: rows missing from the table are added when the store opens; edited rows are kept.
        catalogue: { definitions: ACTIVITY_CATALOGUE, now: clock() },
        // Catches root repositories used inside a transaction's callback (a deadlock) in tests and dev.
        detectMisuse: !config.isProduction,
      },
    );
  const coachProvider = overrides.coachProvider ?? createCoachProvider({ ...config.ai, timeoutMs: 30_000, maxRetries: 1 });
  const redis = overrides.redis ?? (config.redisUrl ? createSharedRedis(config.redisUrl, logger, { keyPrefix: config.redisKeyPrefix }) : undefined);
  const deps: Omit<Deps, 'mailer' | 'outbox'> = {
    config,
    store,
    repos: store.repos,
    paths: overrides.paths ?? { audioDir: DEFAULT_AUDIO_DIR },
    bus: redis ? createRedisEventBus(redis, logger) : createEventBus((error) => logger.error('event handler failed', { error: String(error) })),
    redis,
    clock,
    passwords: overrides.passwords ?? createPasswordHasher(),
    passwordWork: createPasswordWork(config.auth.passwordWork),
    logger,
    coachProvider,
    coach: createCoach(coachProvider),
    cookie: { secure: config.isProduction },
  };
  const mailer = createMailer(deps, {
    smtpUrl: config.mail.smtpUrl,
    from: config.mail.from,
    ...(overrides.mailBackoffMs !== undefined ? { backoffMs: overrides.mailBackoffMs } : {}),
  });
  return { ...deps, mailer, outbox: createOutbox(deps) };
}
