import path from 'node:path';
import type { UpstreamConfig } from './platform/config';
import type { Db } from './db/database';
import { createAnnotation } from './annotation/annotation';
import { createContentLibrary } from './content/library';
import { createDictionaryEngine } from './dictionary/engine';
import { explainPos } from './dictionary/pos';
import type { DictionaryEngine } from './dictionary/types';
import { createEmailLogin } from './account/email-login';
import { createUsageLedger } from './metering/usage-ledger';
import { createMailer, type Mailer } from './account/mailer';
import { createRateLimiter } from './platform/rate-limit';
import { createSpeech } from './speech/speech';
import { systemClock, type Clock } from './platform/time';
import { createUsers } from './account/users';
import { createWechatLogin } from './account/wechat-login';
import { createWordBook } from './word-lists/word-book';

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
}

// The engine's data is read-only and large: one engine serves every app in the process (the
// tests start many).
let sharedEngine: DictionaryEngine | undefined;
export const sharedDictionaryEngine = () => (sharedEngine ??= createDictionaryEngine());

/** Every piece of the service's logic, wired once and shared by the routes. */
export function createServices(deps: UpstreamDeps) {
  const { config, db } = deps;
  const now = deps.now ?? systemClock;
  const log = deps.log ?? ((line: string) => console.log(line));
  const mailer = deps.mailer ?? createMailer({ config, db, now, log });
  const users = createUsers({ db, now });
  const dictionary = deps.dictionary ?? sharedDictionaryEngine();
  const library = createContentLibrary({ db, log, now });
  return {
    config,
    db,
    now,
    log,
    users,
    emailLogin: createEmailLogin({ config, db, now, mailer, users, rates: createRateLimiter({ db, now }) }),
    wechatLogin: createWechatLogin({ config, db, now }),
    ledger: createUsageLedger({ config, db, now }),
    dictionary,
    explainPos,
    library,
    annotation: createAnnotation({ db, library, dictionary, now }),
    wordBook: createWordBook({ db, now }),
    speech: createSpeech({ cacheDir: path.join(config.dataDir, 'audio-cache'), log, now }),
  };
}

export type Services = ReturnType<typeof createServices>;
