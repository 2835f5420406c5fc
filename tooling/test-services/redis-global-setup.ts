/**
 * Vitest `globalSetup`: one throwaway redis-server for the whole run of a project, stopped at the end
 * (the Redis counterpart of postgres-global-setup.ts). Test files get its URL with
 * `inject('ascensoRedisUrl')`; each user of it keeps to a key prefix of its own (REDIS_KEY_PREFIX), so
 * parallel files never share events or counts. Without redis-server (and without CI) it provides
 * nothing and says so once for a project whose suites would have used it; under CI a missing server
 * is an error (redis.ts).
 */
import type { TestProject } from 'vitest/node';
import { redisAvailability, startRedis } from './redis';

export default async function setup(project: TestProject) {
  const availability = redisAvailability();
  if (!availability.available) {
    if (project.config.env?.ASCENSO_TEST_DIALECT === 'postgres') {
      console.warn(`[${project.name}] ${availability.reason}: the API suites run on PostgreSQL with the in-process event bus, caps and limits`);
    }
    return;
  }
  const server = await startRedis();
  project.provide('ascensoRedisUrl', server.url);
  return () => server.stop();
}
