import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { accountModule } from './account/module';
import type { Mailer } from './account/mailer';
import { analysisModule } from './analysis/module';
import { assessmentModule } from './assessment/module';
import { booksModule } from './books/module';
import type { GrammarCatalogue, SentenceAnalyzer } from './analysis/types';
import { annotationModule } from './annotation/module';
import { chatModule } from './chat/module';
import { seedShippedQuestions } from './courses/shipped-papers';
import { createContentLibrary } from './reading/library';
import { coursesModule } from './courses/module';
import { readingModule } from './reading/module';
import { migrateToLatest, openDatabase, pendingMigrations, type Db } from './db/database';
import { oneInstanceAtATime } from './db/dialect';
import { dictionaryModule } from './dictionary/module';
import type { DictionaryEngine } from './dictionary/types';
import { membershipModule } from './membership/module';
import { meteringModule } from './metering/module';
import { operatorModule } from './operator/module';
import { parserModule } from './parser/module';
import { referralModule } from './referral/module';
import type { UpstreamConfig } from './platform/config';
import { registerContractRoutes } from './platform/contract-routes';
import { callBodyLimit, requestBodyLimits } from '../lib/contract';
import { type BodyLimitOf, createErrorHandler, limitRequestBody, notFoundHandler, settleRequestBody } from './platform/http';
import { assembleModules, type Stop } from './platform/module';
import { systemClock, type Clock } from './platform/time';
import { audioModule } from './audio/module';
import { expertInstructionsModule } from './expert-instructions/module';
import { passageModule } from './passage/module';
import { photoTextModule } from './photo-text/module';
import { writerModule } from './writer/module';
import { wordListsModule } from './word-lists/module';
import { reviewModule } from './review/module';
import { createLanguageModel } from './platform/language-model';
import { noteRequest, setIdleReleaseAfter } from './platform/idle-release';
import { warmingUp } from './platform/warm-up';

/**
 * The features of the upstream. A new feature is a folder with its module.ts and one line here;
 * the compiler says when a module uses a service that no module gives.
 */
const modules = [
  accountModule,
  meteringModule,
  readingModule,
  parserModule,
  dictionaryModule,
  wordListsModule,
  reviewModule,
  coursesModule,
  booksModule,
  annotationModule,
  audioModule,
  analysisModule,
  chatModule,
  passageModule,
  photoTextModule,
  expertInstructionsModule,
  writerModule,
  assessmentModule,
  membershipModule,
  referralModule,
  operatorModule,
] as const;

export interface UpstreamDeps {
  config: UpstreamConfig;
  db: Db;
  /** The clock; tests move it instead of sleeping. */
  now?: Clock;
  /** Where operational lines go (default: stdout). */
  log?: (line: string) => void;
  /** Replaces the configured SMTP / outbox mailer. */
  mailer?: Mailer;
  /** Replaces the shared dictionary engine. */
  dictionary?: DictionaryEngine;
  /** Replaces the grammar catalogue (tests that need known points). */
  grammarCatalogue?: GrammarCatalogue;
  /** Replaces the sentence analyzer (tests of a busy or particular parser). */
  sentenceAnalyzer?: SentenceAnalyzer;
}

/**
 * The largest body each request may carry: a contract call's as the BFF limits it (multipart
 * uploads with room for the form's boundaries); anything else (WeChat Pay's notification, the
 * sandboxes' forms) a few kilobytes.
 */
const bodyLimitOf: BodyLimitOf = (c) =>
  c.req.path.startsWith('/api/') ? callBodyLimit(c.req.header('content-type')) + 64 * 1024 : requestBodyLimits.other;
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
  return assembleUpstream(deps).app;
}

/** The app and, apart, the modules' background work, which only a listening upstream begins. */
function assembleUpstream(deps: UpstreamDeps): { app: Hono; start: () => Stop } {
  const { config, db, mailer, dictionary, grammarCatalogue, sentenceAnalyzer } = deps;
  const platform = {
    config,
    db,
    now: deps.now ?? systemClock,
    log: deps.log ?? ((line: string) => console.log(line)),
    llm: config.llm ? createLanguageModel(config.llm) : null,
  };
  const { handlers, routes, start } = assembleModules(modules, platform, {
    mailer,
    dictionary,
    grammarCatalogue,
    sentenceAnalyzer,
  });
  const app = new Hono();
  app.onError(createErrorHandler(platform.log));
  app.notFound(notFoundHandler);

  // Every request but the supervisor's and balancers' checks makes the process busy (platform/idle-release.ts).
  app.use(async (c, next) => {
    if (c.req.path !== '/health' && c.req.path !== '/ready') noteRequest();
    await next();
  });
  app.use(settleRequestBody(bodyLimitOf));
  app.use(limitRequestBody(bodyLimitOf));
  // /health: the process answers. /ready: it also answers as well as it will (the dictionary, the
  // sense model and the parser's models read), for the launcher and for balancers.
  app.get('/health', (c) => c.json({ status: 'OK' }));
  app.get('/ready', (c) => (warmingUp() ? c.json({ status: 'WARMING_UP' }, 503) : c.json({ status: 'OK' })));
  registerContractRoutes(app, handlers);

  for (const route of routes) {
    // Sandboxes and test hooks do not exist in production: those paths answer 404 there.
    if (route.testOnly && config.envType !== 'test') continue;
    app.route(route.path, route.app);
  }
  return { app, start };
}

export interface RunningUpstream {
  /** Base URL, e.g. http://127.0.0.1:3001 (the real port when config.port is 0). */
  url: string;
  db: Db;
  close(): Promise<void>;
}

/**
 * Brings the database to the latest migration and adds the shipped documents the content library
 * lacks (when the configuration seeds it); answers the migrations applied. Instances that start
 * together on one PostgreSQL take turns, so neither migrations nor the seed run twice at once.
 * Used at start-up and by `npm run db:migrate`.
 */
export async function prepareDatabase(
  config: Pick<UpstreamConfig, 'seedContent'>,
  db: Db,
  options: { log?: (line: string) => void; now?: Clock } = {},
): Promise<string[]> {
  return oneInstanceAtATime(db, async () => {
    const applied = await migrateToLatest(db);
    const library = createContentLibrary({ db, log: options.log ?? console.log, now: options.now ?? systemClock });
    // Every start adds the shipped documents the library lacks (books from npm, our own texts).
    if (config.seedContent) {
      await library.seedMissing();
      // …and the questions of the papers written for Yujing.
      await seedShippedQuestions(db);
    }
    // Documents imported before their profiles existed get them, once.
    await library.completeProfiles();
    return applied;
  });
}

/**
 * Opens the database and prepares it (or, with MIGRATE_ON_START=false, checks that it has been
 * prepared), then serves the app on config.host:config.port.
 */
export async function startUpstream(
  config: UpstreamConfig,
  options: Omit<UpstreamDeps, 'config' | 'db'> = {},
): Promise<RunningUpstream> {
  const db = openDatabase(config);
  setIdleReleaseAfter(config.idleReleaseMinutes * 60_000);
  try {
    if (config.migrateOnStart) {
      await prepareDatabase(config, db, options);
    } else {
      const pending = await pendingMigrations(db);
      if (pending.length) {
        throw new Error(
          `the database lacks migrations ${pending.join(', ')}: run \`npm run db:migrate\` (MIGRATE_ON_START=false)`,
        );
      }
    }
    const { app, start } = assembleUpstream({ ...options, config, db });
    const { server, port } = await new Promise<{ server: ReturnType<typeof serve>; port: number }>((resolve, reject) => {
      const server = serve({ fetch: app.fetch, hostname: config.host, port: config.port }, (info: AddressInfo) =>
        resolve({ server, port: info.port }),
      );
      server.once('error', reject);
      if ('keepAliveTimeout' in server) {
        server.keepAliveTimeout = keepAliveTimeoutMs;
        // Node wants the header timeout above the idle one, or it may cut a request just begun.
        server.headersTimeout = keepAliveTimeoutMs + 1_000;
      }
    });
    const host = config.host.includes(':') ? `[${config.host}]` : config.host;
    const stopBackground = start();

    let closing: Promise<void> | undefined;
    const close = () =>
      (closing ??= Promise.all([
        // Background work ends while requests in flight finish, and both before the database closes.
        stopBackground(),
        new Promise<void>((resolve) => {
          const cutOff = setTimeout(() => {
            if ('closeAllConnections' in server) server.closeAllConnections();
          }, shutdownGraceMs);
          server.close(() => {
            clearTimeout(cutOff);
            resolve();
          });
        }),
      ]).then(() => db.destroy()));

    return { url: `http://${host}:${port}`, db, close };
  } catch (error) {
    await db.destroy();
    throw error;
  }
}
