/**
 * The load bench's accounts, written through the store (SQLite or PostgreSQL) before timing: each one a
 * member with its own email and a completed assessment (so `GET /` is Home, rendered by the server).
 * One Argon2 hash is shared by all of them (hashing thousands would take minutes); signing in still
 * verifies it through the API, which is the timed part.
 */
import { ACTIVITY_CATALOGUE } from '@ascenso/domain/activities';
import { createDeps } from '../../../apps/api/src/deps';
import { loadConfig } from '../../../apps/api/src/env';
import { createLogger } from '../../../apps/api/src/logger';
import { completeAssessment } from '../../../apps/api/src/modules/assessment/assessment.service';
import { LUCIA_ASSESSMENT } from '../../../apps/api/src/seed/demo-assessments';
import { LOAD_PASSWORD, loadEmail } from './accounts';
import type { Stack } from './stack';

export async function seedUsers(database: Stack['database'], count: number): Promise<void> {
  const logger = createLogger('silent');
  let deps;
  if (database.kind === 'postgres') {
    const { createPgDb } = await import('@ascenso/db/pg/client');
    const { createPgStore } = await import('@ascenso/db/pg/pg-store');
    const store = await createPgStore(createPgDb({ url: database.url, max: 8 }), { catalogue: { definitions: ACTIVITY_CATALOGUE, now: new Date() } });
    deps = createDeps(loadConfig({ DATABASE_URL: database.url, LOG_LEVEL: 'silent', NODE_ENV: 'production' }), { logger, store });
  } else {
    deps = createDeps(loadConfig({ DATABASE_PATH: database.file, LOG_LEVEL: 'silent', NODE_ENV: 'production' }), { logger });
  }
  try {
    const passwordHash = await deps.passwords.hash(LOAD_PASSWORD);
    const one = async (i: number) => {
      const id = crypto.randomUUID();
      const now = new Date();
      await deps.repos.users.insert({
        id,
        email: loadEmail(i),
        passwordHash,
        firstName: `Carga${i}`,
        lastName: null,
        role: 'user',
        timezone: 'Europe/Madrid',
        createdAt: now,
        updatedAt: now,
      });
      await completeAssessment(deps, { id, timezone: 'Europe/Madrid' }, LUCIA_ASSESSMENT);
    };
    for (let i = 0; i < count; i += 8) await Promise.all(Array.from({ length: Math.min(8, count - i) }, (_, j) => one(i + j)));
  } finally {
    await deps.store.close();
  }
}
