import type { TestProject } from 'vitest/node';
import { createMigratedTemplate, databaseUrl, dropDatabase, startPostgresCluster } from './postgres';

/**
 * Vitest's global setup of the project `postgres`: one throwaway cluster for the whole run, or
 * the server YUJING_TEST_PG_URL names (a superuser's connection string, e.g. to a local server).
 * Each test makes its own databases in it (upstream/test-harness.ts), most of them copies of one
 * migrated once here (postgresTemplate).
 */
export default async function setup(project: TestProject) {
  const given = process.env.YUJING_TEST_PG_URL;
  if (given) {
    const template = await createMigratedTemplate(given);
    project.provide('postgresAdminUrl', given);
    project.provide('postgresTemplate', template);
    return () => dropDatabase(given, databaseUrl(given, template));
  }
  const started = Date.now();
  const cluster = await startPostgresCluster();
  // Stopped at the end, and also when the run is cut short.
  const stopOnExit = () => cluster.stop();
  process.once('exit', stopOnExit);
  try {
    project.provide('postgresTemplate', await createMigratedTemplate(cluster.adminUrl));
  } catch (error) {
    cluster.stop();
    throw error;
  }
  console.log(`[postgres] throwaway cluster started and migrated in ${Date.now() - started} ms`);
  project.provide('postgresAdminUrl', cluster.adminUrl);
  return () => {
    process.off('exit', stopOnExit);
    cluster.stop();
  };
}
