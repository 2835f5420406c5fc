import { fileURLToPath } from 'node:url';
import { createCoach, type Coach } from '@ascenso/ai/coach';
import { createCoachProvider } from '@ascenso/ai/create-provider';
import type { CoachProvider } from '@ascenso/ai/provider';
import { createDb, type Db, type DbHandle } from '@ascenso/db/client';
import { createAssessmentsRepository } from '@ascenso/db/repositories/assessments';
import { createAuthFailuresRepository } from '@ascenso/db/repositories/auth-failures';
import { createAdminRepository } from '@ascenso/db/repositories/admin';
import { createCoachingRepository } from '@ascenso/db/repositories/coaching';
import { createListensRepository } from '@ascenso/db/repositories/listens';
import { createQuotasRepository } from '@ascenso/db/repositories/quotas';
import { createSessionsRepository } from '@ascenso/db/repositories/sessions';
import { createStepsRepository } from '@ascenso/db/repositories/steps';
import { ACTIVITY_CATALOGUE } from '@ascenso/domain/activities';
import { createUsersRepository } from '@ascenso/db/repositories/users';
import type { Config } from './env';
import { createLogger, type Logger } from './logger';
import type { CookieSettings } from './modules/auth/cookies';
import { createMailer, type Mailer } from './modules/email/mailer';
import { createPasswordHasher, type PasswordHasher } from './modules/auth/passwords';
import { createPasswordWork, type PasswordWork } from './modules/auth/password-work';
import { createEventBus, type EventBus } from './realtime/event-bus';
import { createSharedRedis, type SharedRedis } from './realtime/redis-connections';
import { createRedisEventBus } from './realtime/redis-event-bus';

/** apps/api/assets/audio, from this file's folder (src/ in dev and tests, dist/ when bundled). */
const DEFAULT_AUDIO_DIR = fileURLToPath(new URL('../assets/audio', import.meta.url));

/** Everything a service needs, built once by the composition root (or by tests with overrides). */
export type Deps = {
  config: Config;
  db: Db;
  dbHandle: DbHandle;
  repos: {
    users: ReturnType<typeof createUsersRepository>;
    sessions: ReturnType<typeof createSessionsRepository>;
    authFailures: ReturnType<typeof createAuthFailuresRepository>;
    steps: ReturnType<typeof createStepsRepository>;
    assessments: ReturnType<typeof createAssessmentsRepository>;
    coaching: ReturnType<typeof createCoachingRepository>;
    listens: ReturnType<typeof createListensRepository>;
    admin: ReturnType<typeof createAdminRepository>;
    quotas: ReturnType<typeof createQuotasRepository>;
  };
  mailer: Mailer;
  /** Files the API serves besides the web app. */
  paths: { audioDir: string };
  bus: EventBus;
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
  dbHandle?: DbHandle;
  migrationsFolder?: string;
};

export function createDeps(config: Config, overrides: DepsOverrides = {}): Deps {
  const logger = overrides.logger ?? createLogger(config.logLevel);
  const dbHandle =
    overrides.dbHandle ??
    createDb({
      file: config.databasePath,
      ...(overrides.migrationsFolder ? { migrationsFolder: overrides.migrationsFolder } : {}),
    });
  const { db } = dbHandle;
  const clock = overrides.clock ?? (() => new Date());
  const steps = createStepsRepository(db);
  const coachProvider = overrides.coachProvider ?? createCoachProvider({ ...config.ai, timeoutMs: 30_000, maxRetries: 1 });
  // The catalogue is data: rows missing from the table are added; edited rows are kept.
  steps.seedCatalogue(ACTIVITY_CATALOGUE, clock());
  const redis = overrides.redis ?? (config.redisUrl ? createSharedRedis(config.redisUrl, logger) : undefined);
  const deps: Omit<Deps, 'mailer'> = {
    config,
    db,
    dbHandle,
    repos: {
      users: createUsersRepository(db),
      sessions: createSessionsRepository(db),
      authFailures: createAuthFailuresRepository(db),
      steps,
      assessments: createAssessmentsRepository(db),
      coaching: createCoachingRepository(db),
      listens: createListensRepository(db),
      admin: createAdminRepository(db),
      quotas: createQuotasRepository(db),
    },
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
  return { ...deps, mailer };
}
