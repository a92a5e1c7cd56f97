import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { UpstreamConfig } from './platform/config';
import { migrateToLatest, openDatabase, type Db } from './db/database';
import { createContentLibrary } from './content/library';
import { createErrorHandler, errorAnswer, notFoundHandler, settleRequestBody, UpstreamError } from './platform/http';
import { accountCalls } from './account/account-calls';
import { dictionaryCalls } from './dictionary/dictionary-calls';
import { registerContractRoutes } from './platform/contract-routes';
import { speechCalls } from './speech/speech-calls';
import { testOutboxRoutes } from './account/test-outbox';
import { wechatSandboxRoutes } from './account/wechat-sandbox';
import { createServices, type UpstreamDeps } from './services';
import { systemClock } from './platform/time';

export type { UpstreamDeps } from './services';

// The BFF's own limit on multipart uploads (20 MB) and room for the form's boundaries.
const maxBodyBytes = 21 * 1024 * 1024;
// How long a shutdown waits for requests in flight (a long stream, say) before cutting them.
const shutdownGraceMs = 5_000;
/**
 * How long an idle keep-alive connection stays open. Far longer than any client of ours keeps one
 * idle (the BFF: 4 s), so that the client always closes first. Were it the other way round, a
 * request sent on a connection at the moment the server gives up on it would be lost, and more so
 * after the event loop was busy: Node runs an overdue idle timer before it reads the request
 * waiting on the socket.
 */
export const keepAliveTimeoutMs = 65_000;

/** The upstream as a Hono app over an open, migrated database. */
export function createUpstreamApp(deps: UpstreamDeps): Hono {
  const services = createServices(deps);
  const app = new Hono();
  app.onError(createErrorHandler(services.log));
  app.notFound(notFoundHandler);

  app.use(settleRequestBody(maxBodyBytes));
  app.get('/health', (c) => c.json({ status: 'OK' }));
  app.use(
    '/api/*',
    bodyLimit({
      maxSize: maxBodyBytes,
      onError: (c) => errorAnswer(c, new UpstreamError(413, '413', '请求内容过大')),
    }),
  );
  registerContractRoutes(app, { ...accountCalls(services), ...dictionaryCalls(services), ...speechCalls(services) });

  // Sandboxes and test hooks do not exist in production: those paths answer 404 there.
  if (services.config.envType === 'test') {
    app.route('/sandbox/wechat', wechatSandboxRoutes(services));
    app.route('/__test', testOutboxRoutes(services));
  }
  return app;
}

export interface RunningUpstream {
  /** Base URL, e.g. http://127.0.0.1:3001 (the real port when config.port is 0). */
  url: string;
  db: Db;
  close(): Promise<void>;
}

/** Opens and migrates the database, then serves the app on config.host:config.port. */
export async function startUpstream(
  config: UpstreamConfig,
  options: Omit<UpstreamDeps, 'config' | 'db'> = {},
): Promise<RunningUpstream> {
  const db = openDatabase(config);
  try {
    await migrateToLatest(db);
    if (config.seedContent) {
      // The first start fills the content library from the public-domain books shipped on npm.
      await createContentLibrary({ db, log: options.log ?? console.log, now: options.now ?? systemClock }).seedIfEmpty();
    }
    const app = createUpstreamApp({ ...options, config, db });
    const { server, port } = await new Promise<{ server: ReturnType<typeof serve>; port: number }>(
      (resolve, reject) => {
        const server = serve({ fetch: app.fetch, hostname: config.host, port: config.port }, (info: AddressInfo) =>
          resolve({ server, port: info.port }),
        );
        server.once('error', reject);
        if ('keepAliveTimeout' in server) {
          server.keepAliveTimeout = keepAliveTimeoutMs;
          // Node wants the header timeout above the idle one, or it may cut a request just begun.
          server.headersTimeout = keepAliveTimeoutMs + 1_000;
        }
      },
    );
    const host = config.host.includes(':') ? `[${config.host}]` : config.host;

    let closing: Promise<void> | undefined;
    const close = () =>
      (closing ??= new Promise<void>((resolve) => {
        const cutOff = setTimeout(() => {
          if ('closeAllConnections' in server) server.closeAllConnections();
        }, shutdownGraceMs);
        server.close(() => {
          clearTimeout(cutOff);
          resolve();
        });
      }).then(() => db.destroy()));

    return { url: `http://${host}:${port}`, db, close };
  } catch (error) {
    await db.destroy();
    throw error;
  }
}
