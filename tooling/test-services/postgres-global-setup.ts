/**
 * Vitest `globalSetup`: one throwaway PostgreSQL cluster for the whole run of a project, stopped at the end.
 * Test files get it with `testPostgres(inject('ascensoPostgresUrl'))` and make a fresh database each
 * (~0.1 s instead of ~1 s for a cluster per file). Without PostgreSQL (and without CI) it provides nothing.
 */
import type { TestProject } from 'vitest/node';
import { POSTGRES_SKIP_REASON, startPostgres } from './postgres';

export default async function setup(project: TestProject) {
  if (POSTGRES_SKIP_REASON) return;
  const cluster = await startPostgres();
  project.provide('ascensoPostgresUrl', cluster.url);
  return () => cluster.stop();
}
