import { startUpstream } from './app';
import { describeDatabase } from './db/database';
import { loadConfig } from './platform/config';

/*
 * The embedded upstream as a process: `npm run upstream`. Configuration comes from the
 * environment (see platform/config.ts); SIGTERM and SIGINT close the server and the database cleanly.
 */
async function main(): Promise<void> {
  const config = loadConfig();
  const upstream = await startUpstream(config);
  console.log(`upstream listening on ${upstream.url}, database ${describeDatabase(config)}`);

  const shutdown = (signal: NodeJS.Signals) => {
    console.log(`upstream: ${signal}, shutting down`);
    upstream.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error('upstream: shutdown failed', error);
        process.exit(1);
      },
    );
  };
  process.once('SIGTERM', shutdown);
  process.once('SIGINT', shutdown);
}

main().catch((error: unknown) => {
  console.error(`upstream failed to start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
