import type { Repositories } from '../store';
import { createAdminRepository } from './admin';
import { createAssessmentsRepository } from './assessments';
import { createAuthFailuresRepository } from './auth-failures';
import { createCalendarRepository } from './calendar';
import { createCoachingRepository } from './coaching';
import { createEventsRepository } from './events';
import type * as k from './kit';
import { createListensRepository } from './listens';
import { createQuotasRepository } from './quotas';
import { createSessionsRepository } from './sessions';
import { createSharesRepository } from './shares';
import { createStepsRepository } from './steps';
import type { Synchronous } from './synchronous';
import { createUsersRepository } from './users';

/**
 * Every repository of a Store on one executor (decision 039): a connection, a pool or a transaction's `tx`.
 * Both stores make theirs here, so the list is written once.
 */
export function createRepositories(db: k.Exec): { [K in keyof Repositories]: Synchronous<Repositories[K]> } {
  return {
    users: createUsersRepository(db),
    sessions: createSessionsRepository(db),
    authFailures: createAuthFailuresRepository(db),
    steps: createStepsRepository(db),
    assessments: createAssessmentsRepository(db),
    coaching: createCoachingRepository(db),
    listens: createListensRepository(db),
    admin: createAdminRepository(db),
    quotas: createQuotasRepository(db),
    events: createEventsRepository(db),
    shares: createSharesRepository(db),
    calendar: createCalendarRepository(db),
  };
}
