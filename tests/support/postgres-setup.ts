import type { TestProject } from 'vitest/node';
import { startPostgresCluster } from './postgres';

/**
 * Vitest's global setup of the project `postgres`: one throwaway cluster for the whole run, or
 * the server YUJING_TEST_PG_URL names (a superuser's connection string, e.g. to a local server).
 * Each test makes its own databases in it (upstream/test-harness.ts).
 */
export default async function setup(project: TestProject) {
  const given = process.env.YUJING_TEST_PG_URL;
  if (given) {
    project.provide('postgresAdminUrl', given);
    return;
  }
  const started = Date.now();
  const cluster = await startPostgresCluster();
  console.log(`[postgres] throwaway cluster started in ${Date.now() - started} ms`);
  project.provide('postgresAdminUrl', cluster.adminUrl);
  // Stopped at the end, and also when the run is cut short.
  const stopOnExit = () => cluster.stop();
  process.once('exit', stopOnExit);
  return () => {
    process.off('exit', stopOnExit);
    cluster.stop();
  };
}
