import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { type Env, optional, parseEnv } from '../../lib/env/env';

export type EnvType = 'test' | 'production';

export interface WechatApp {
  appId: string;
  appSecret: string;
}

export interface SmtpConfig {
  host: string;
  port: number;
  secure: boolean;
  user?: string;
  pass?: string;
  from: string;
}

/** Tencent Cloud SMS (API 3.0, SendSms): where login codes to phones go. */
export interface TencentSmsConfig {
  /** https://sms.tencentcloudapi.com, or a stand-in's origin in the tests. */
  endpoint: string;
  region: string;
  secretId: string;
  secretKey: string;
  /** The SMS application's SdkAppId. */
  sdkAppId: string;
  /** The approved signature, e.g. 语境. */
  signName: string;
  /** The approved template with one parameter, {1}: the code. */
  templateId: string;
}

/** An OpenAI-compatible chat endpoint: the tutor's answers and translations. */
export interface LlmConfig {
  /** e.g. https://api.openai.com/v1, or any compatible server's /v1. */
  baseUrl: string;
  apiKey: string;
  /** The model's name as the endpoint knows it. */
  model: string;
  /** The longest the model may stay silent (no first piece, or none after the last), in ms. */
  timeoutMs: number;
}

export interface UpstreamConfig {
  envType: EnvType;
  host: string;
  port: number;
  /** Absolute path of the service's data directory (generated audio, imported content). */
  dataDir: string;
  /** The bound on `dataDir/audio-cache/` in bytes (AUDIO_CACHE_MAX_BYTES); 0 keeps no audio. */
  audioCacheMaxBytes: number;
  /** Absolute path of the SQLite file, or ':memory:'. */
  databasePath: string;
  /** PostgreSQL connection string; takes precedence over databasePath when set. */
  databaseUrl?: string;
  /** PostgreSQL: connections of this instance's pool at most. */
  databasePoolSize: number;
  /** PostgreSQL: longest a statement may run, and a request wait for a connection (0: no limit). */
  databaseStatementTimeoutMs: number;
  /** Absent: mail goes to the outbox table (test environment only). */
  smtp?: SmtpConfig;
  /** Absent: text messages go to the SMS outbox table (test environment only). */
  sms?: TencentSmsConfig;
  wechat: {
    apiBase: string;
    /**
     * The site's public origin (SITE_URL), when known: like WeChat's registered callback domain,
     * the only origin the sandbox authorise page sends a login back to.
     */
    callbackOrigin?: string;
    /** Website application: QR login on desktop (client_type 'pc'). */
    pc?: WechatApp;
    /** Official account: login inside the WeChat browser (client_type 'inside_wechat'). */
    insideWechat?: WechatApp;
  };
  /**
   * Free uses a day of each metered feature: a visitor's own (by its browser's visitor id), a
   * logged-in learner's, and the ceiling of all visitors behind one network address together
   * (a classroom, a campus, a carrier's NAT), far above one visitor's so that they do not share
   * one visitor's uses, while a client dropping its cookie cannot get past it either.
   */
  freeUses: {
    anonymous: number;
    login: number;
    perAddress: number;
    /** Characters of speech made anew a day for a visitor (a learner ten times, an address twenty). */
    speechCharacters: number;
  };
  membership: MembershipConfig;
  /** Absent (LLM_BASE_URL unset): the offline engines translate and tutor. */
  llm?: LlmConfig;
  /** Add the shipped documents (public-domain books, our own texts) the library lacks, at each start. */
  seedContent: boolean;
  /**
   * Who may write the model's expert instructions (EXPERT_ACCOUNTS): e-mail addresses in lower
   * case and public account numbers. Empty: nobody.
   */
  expertAccounts: string[];
  /** News feeds read into the library (content/feeds.ts); see the README. */
  newsFeeds: {
    sources: NewsFeedSource[];
    /** Minutes between readings; 0: never read. */
    intervalMinutes: number;
  };
  /**
   * Minutes without a request after which caches and idle engines are let go
   * (IDLE_RELEASE_MINUTES, platform/idle-release.ts); 0: never.
   */
  idleReleaseMinutes: number;
  /**
   * Whether start-up migrates the database (and seeds the library). Several instances leave
   * it to `npm run db:migrate` at deploy time and only check that the schema is current.
   */
  migrateOnStart: boolean;
  emailCodeCooldownSeconds: number;
  /** Limits on login codes (0 turns one off); see the README. */
  emailCodeLimits: {
    /** Codes asked for by one client address in 10 minutes. */
    perAddress: number;
    /** Codes sent to one mailbox ('a+x@' and 'a@' are one) in an hour. */
    perMailbox: number;
    /** Codes sent in all in 10 minutes. */
    global: number;
    /** Wrong codes tried for one mailbox in a day (Beijing time), after which it is refused. */
    wrongPerDay: number;
  };
  /** Limits on password attempts, in 15-minute windows (0 turns one off); see the README. */
  passwordLimits: {
    /** Failed attempts on one account (log-in, binding, changing the password). */
    perAccount: number;
    /** Failed attempts from one client address. */
    perAddress: number;
  };
  /** The worker threads that read uploaded books (books/book-maker.ts); see the README. */
  bookWorkers: {
    /** How long reading and making one book may take, in ms. */
    timeoutMs: number;
    /** A worker's heap ceiling, in MB. */
    memoryMb: number;
    /** Books made at once (absent: 1 on up to two cores, else 2). */
    workers?: number;
    /** Uploads that may wait for a worker before more are refused with 503. */
    queueLimit: number;
  };
}

/** One RSS or Atom feed of NEWS_FEEDS: `url|licence|label`, the last two optional. */
export interface NewsFeedSource {
  url: string;
  /** The licence its articles are under; absent: the feed's own rights line, else unknown. */
  licence?: string;
  /** The name its articles' source shows; absent: the feed's title. */
  label?: string;
}

/** A VIP package on sale; prices are integer fen. */
export interface PackagePrice {
  actualFen: number;
  originalFen: number;
}

export interface MembershipConfig {
  packages: { month: PackagePrice; year: PackagePrice };
  /** How long an order may wait to be paid before it times out and is closed at the provider. */
  orderTimeoutMinutes: number;
  /** The WeChat Pay merchant (API v3); absent: the payment sandbox (refused in production). */
  wechatPay?: WechatPayMerchant;
  /** The referrer's reward, in percent of what the users they brought paid. */
  referralRewardPercent: number;
}

export interface WechatPayMerchant {
  baseUrl: string;
  mchId: string;
  /** The app the payments are made in: the official account's for JSAPI and Native alike. */
  appId: string;
  merchantPrivateKey: string;
  merchantSerial: string;
  apiV3Key: string;
  platformPublicKey: string;
  platformSerial: string;
  notifyUrl: string;
}

const count = (fallback: number) => optional(z.coerce.number().int().min(0)).transform((v) => v ?? fallback);
const port = optional(z.coerce.number().int().min(0).max(65_535));
/**
 * A size in bytes: a whole number, or one with a binary unit (K, M, G, optionally followed by B or
 * iB: `256M`, `1.5GiB`).
 */
const byteSize = (fallback: number) =>
  optional(
    z
      .string()
      .trim()
      .regex(/^\d+(\.\d+)?\s*([kmg](i?b)?)?$/i, 'a number of bytes, e.g. 268435456 or 256M'),
  ).transform((v) => {
    if (v === undefined) return fallback;
    const unit = /[kmg]/i.exec(v)?.[0].toLowerCase();
    const power = unit === 'k' ? 1 : unit === 'm' ? 2 : unit === 'g' ? 3 : 0;
    return Math.floor(Number.parseFloat(v) * 1024 ** power);
  });
const flag = optional(z.enum(['true', 'false', '1', '0'])).transform((v) => v === 'true' || v === '1');

const envSchema = z.object({
  ENV_TYPE: optional(z.enum(['test', 'production'])).transform((v) => v ?? 'test'),
  UPSTREAM_HOST: optional(z.string()).transform((v) => v ?? '127.0.0.1'),
  UPSTREAM_PORT: port.transform((v) => v ?? 3001),
  DATA_DIR: optional(z.string()).transform((v) => v ?? '.data'),
  AUDIO_CACHE_MAX_BYTES: byteSize(256 * 1024 * 1024),
  DATABASE_PATH: optional(z.string()),
  DATABASE_URL: optional(z.string()),
  DATABASE_POOL_SIZE: optional(z.coerce.number().int().min(1)).transform((v) => v ?? 10),
  DATABASE_STATEMENT_TIMEOUT_MS: count(10_000),
  SMTP_HOST: optional(z.string()),
  SMTP_PORT: port,
  SMTP_USER: optional(z.string()),
  SMTP_PASS: optional(z.string()),
  SMTP_FROM: optional(z.string()),
  SMTP_SECURE: flag,
  SMS_TENCENT_SECRET_ID: optional(z.string()),
  SMS_TENCENT_SECRET_KEY: optional(z.string()),
  SMS_SDK_APP_ID: optional(z.string().regex(/^\d+$/, 'the SdkAppId is a number, e.g. 1400006666')),
  SMS_SIGN_NAME: optional(z.string()),
  SMS_TEMPLATE_ID: optional(z.string().regex(/^\d+$/, 'the template id is a number')),
  SMS_TENCENT_ENDPOINT: optional(z.url({ protocol: /^https?$/ })).transform((v) =>
    (v ?? 'https://sms.tencentcloudapi.com').replace(/\/+$/, ''),
  ),
  SMS_TENCENT_REGION: optional(z.string().regex(/^[a-z]+-[a-z]+$/, 'a region such as ap-guangzhou')).transform(
    (v) => v ?? 'ap-guangzhou',
  ),
  WECHAT_OPEN_APP_ID: optional(z.string()),
  WECHAT_OPEN_APP_SECRET: optional(z.string()),
  WECHAT_MP_APP_ID: optional(z.string()),
  WECHAT_MP_APP_SECRET: optional(z.string()),
  SITE_URL: optional(z.url({ protocol: /^https?$/ })),
  WECHAT_API_BASE: optional(z.url({ protocol: /^https?$/ })).transform((v) =>
    (v ?? 'https://api.weixin.qq.com').replace(/\/+$/, ''),
  ),
  LLM_BASE_URL: optional(z.url({ protocol: /^https?$/ })),
  LLM_API_KEY: optional(z.string()),
  LLM_MODEL: optional(z.string()),
  LLM_TIMEOUT_MS: optional(z.coerce.number().int().min(1)).transform((v) => v ?? 30_000),
  FREE_USES_ANONYMOUS: count(5),
  FREE_USES_LOGIN: count(20),
  FREE_USES_PER_ADDRESS: count(200),
  FREE_SPEECH_CHARACTERS: count(20_000),
  VIP_MONTH_PRICE_FEN: count(2800),
  VIP_MONTH_ORIGINAL_FEN: count(3800),
  VIP_YEAR_PRICE_FEN: count(19_800),
  VIP_YEAR_ORIGINAL_FEN: count(45_600),
  REFERRAL_REWARD_PERCENT: optional(z.coerce.number().min(0).max(100)).transform((v) => v ?? 10),
  ORDER_TIMEOUT_MINUTES: optional(z.coerce.number().int().min(1).max(120)).transform((v) => v ?? 15),
  WECHAT_PAY_MCH_ID: optional(z.string()),
  WECHAT_PAY_APP_ID: optional(z.string()),
  WECHAT_PAY_SERIAL_NO: optional(z.string()),
  WECHAT_PAY_PRIVATE_KEY_PATH: optional(z.string()),
  WECHAT_PAY_API_V3_KEY: optional(z.string().refine((k) => Buffer.byteLength(k, 'utf8') === 32, 'must be 32 bytes')),
  WECHAT_PAY_PLATFORM_KEY_PATH: optional(z.string()),
  WECHAT_PAY_PLATFORM_SERIAL: optional(z.string()),
  WECHAT_PAY_NOTIFY_URL: optional(z.url({ protocol: /^https?$/ })),
  WECHAT_PAY_API_BASE: optional(z.url({ protocol: /^https?$/ })).transform((v) =>
    (v ?? 'https://api.mch.weixin.qq.com').replace(/\/+$/, ''),
  ),
  EMAIL_CODE_COOLDOWN_SECONDS: count(60),
  EMAIL_CODE_LIMIT_ADDRESS: count(20),
  EMAIL_CODE_LIMIT_MAILBOX: count(5),
  EMAIL_CODE_LIMIT_GLOBAL: count(600),
  EMAIL_CODE_LIMIT_WRONG: count(20),
  PASSWORD_LIMIT_ACCOUNT: count(5),
  PASSWORD_LIMIT_ADDRESS: count(20),
  BOOK_EXTRACT_TIMEOUT_MS: optional(z.coerce.number().int().min(100)).transform((v) => v ?? 20_000),
  BOOK_EXTRACT_MEMORY_MB: optional(z.coerce.number().int().min(64)).transform((v) => v ?? 512),
  BOOK_EXTRACT_WORKERS: optional(z.coerce.number().int().min(1).max(64)),
  BOOK_EXTRACT_QUEUE: count(4),
  SEED_CONTENT: optional(z.enum(['true', 'false', '1', '0'])).transform((v) => v === undefined || v === 'true' || v === '1'),
  MIGRATE_ON_START: optional(z.enum(['true', 'false', '1', '0'])).transform((v) => v === undefined || v === 'true' || v === '1'),
  NEWS_FEEDS: optional(z.string()),
  EXPERT_ACCOUNTS: optional(z.string()),
  // At most a week: a timer's delay past 2^31 ms (24.8 days) would fire at once, again and again.
  NEWS_FEED_INTERVAL_MINUTES: optional(z.coerce.number().int().min(0).max(10_080)).transform((v) => v ?? 60),
  IDLE_RELEASE_MINUTES: optional(z.coerce.number().int().min(0).max(1_440)).transform((v) => v ?? 10),
});

/** Reads the service configuration; throws one error naming every bad variable. */
export function loadConfig(env: Env = process.env, cwd = process.cwd()): UpstreamConfig {
  const e = parseEnv(envSchema, env, 'upstream');
  return {
    envType: e.ENV_TYPE,
    host: e.UPSTREAM_HOST,
    port: e.UPSTREAM_PORT,
    dataDir: path.resolve(cwd, e.DATA_DIR),
    audioCacheMaxBytes: e.AUDIO_CACHE_MAX_BYTES,
    // The product's data directory holds the database unless a path is given.
    databasePath:
      e.DATABASE_PATH === ':memory:'
        ? e.DATABASE_PATH
        : path.resolve(cwd, e.DATABASE_PATH ?? path.join(e.DATA_DIR, 'yujing.sqlite')),
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    databaseStatementTimeoutMs: e.DATABASE_STATEMENT_TIMEOUT_MS,
    smtp: e.SMTP_HOST
      ? {
          host: e.SMTP_HOST,
          port: e.SMTP_PORT ?? (e.SMTP_SECURE ? 465 : 587),
          secure: e.SMTP_SECURE,
          user: e.SMTP_USER,
          pass: e.SMTP_PASS,
          from: e.SMTP_FROM ?? e.SMTP_USER ?? `no-reply@${e.SMTP_HOST}`,
        }
      : undefined,
    sms: tencentSms(e),
    wechat: {
      apiBase: e.WECHAT_API_BASE,
      callbackOrigin: e.SITE_URL ? new URL(e.SITE_URL).origin : undefined,
      pc: wechatApp('WECHAT_OPEN', e.WECHAT_OPEN_APP_ID, e.WECHAT_OPEN_APP_SECRET),
      insideWechat: wechatApp('WECHAT_MP', e.WECHAT_MP_APP_ID, e.WECHAT_MP_APP_SECRET),
    },
    freeUses: {
      anonymous: e.FREE_USES_ANONYMOUS,
      login: e.FREE_USES_LOGIN,
      perAddress: e.FREE_USES_PER_ADDRESS,
      speechCharacters: e.FREE_SPEECH_CHARACTERS,
    },
    membership: {
      packages: {
        month: packagePrice('VIP_MONTH', e.VIP_MONTH_PRICE_FEN, e.VIP_MONTH_ORIGINAL_FEN),
        year: packagePrice('VIP_YEAR', e.VIP_YEAR_PRICE_FEN, e.VIP_YEAR_ORIGINAL_FEN),
      },
      orderTimeoutMinutes: e.ORDER_TIMEOUT_MINUTES,
      wechatPay: wechatPayMerchant(e, cwd),
      referralRewardPercent: e.REFERRAL_REWARD_PERCENT,
    },
    llm: e.LLM_BASE_URL
      ? {
          baseUrl: e.LLM_BASE_URL.replace(/\/+$/, ''),
          // Local OpenAI-compatible servers often want no key; the client insists on some text.
          apiKey: e.LLM_API_KEY ?? 'none',
          model: e.LLM_MODEL ?? 'gpt-4o-mini',
          timeoutMs: e.LLM_TIMEOUT_MS,
        }
      : undefined,
    emailCodeCooldownSeconds: e.EMAIL_CODE_COOLDOWN_SECONDS,
    emailCodeLimits: {
      perAddress: e.EMAIL_CODE_LIMIT_ADDRESS,
      perMailbox: e.EMAIL_CODE_LIMIT_MAILBOX,
      global: e.EMAIL_CODE_LIMIT_GLOBAL,
      wrongPerDay: e.EMAIL_CODE_LIMIT_WRONG,
    },
    passwordLimits: {
      perAccount: e.PASSWORD_LIMIT_ACCOUNT,
      perAddress: e.PASSWORD_LIMIT_ADDRESS,
    },
    bookWorkers: {
      timeoutMs: e.BOOK_EXTRACT_TIMEOUT_MS,
      memoryMb: e.BOOK_EXTRACT_MEMORY_MB,
      workers: e.BOOK_EXTRACT_WORKERS,
      queueLimit: e.BOOK_EXTRACT_QUEUE,
    },
    seedContent: e.SEED_CONTENT,
    expertAccounts: (e.EXPERT_ACCOUNTS ?? '')
      .split(/[\s,;]+/)
      .map((entry) => entry.trim().toLowerCase())
      .filter(Boolean),
    migrateOnStart: e.MIGRATE_ON_START,
    newsFeeds: { sources: newsFeedSources(e.NEWS_FEEDS), intervalMinutes: e.NEWS_FEED_INTERVAL_MINUTES },
    idleReleaseMinutes: e.IDLE_RELEASE_MINUTES,
  };
}

/**
 * NEWS_FEEDS: feeds separated by commas, each `url`, `url|licence` or `url|licence|label` (an
 * empty licence between the bars keeps the default). A URL that is not http(s) fails the start.
 */
export function newsFeedSources(value: string | undefined): NewsFeedSource[] {
  const sources: NewsFeedSource[] = [];
  for (const entry of (value ?? '').split(',')) {
    if (!entry.trim()) continue;
    const [url, licence, label] = entry.split('|').map((part) => part.trim());
    let parsed: URL | undefined;
    try {
      parsed = new URL(url);
    } catch {
      parsed = undefined;
    }
    if (!parsed || (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')) {
      throw new Error(`Invalid upstream configuration: NEWS_FEEDS: "${url}" is not an http(s) URL`);
    }
    if (sources.some((s) => s.url === url)) continue;
    sources.push({ url, ...(licence ? { licence } : {}), ...(label ? { label } : {}) });
  }
  return sources;
}

// Half a credential pair would silently fall back to the sandbox; say so at start instead.
function wechatApp(prefix: string, appId?: string, appSecret?: string): WechatApp | undefined {
  if (!appId && !appSecret) return undefined;
  if (!appId || !appSecret) {
    throw new Error(`Invalid upstream configuration: set both ${prefix}_APP_ID and ${prefix}_APP_SECRET, or neither`);
  }
  return { appId, appSecret };
}

// A package nobody can pay (0 fen: WeChat Pay refuses it) or one whose "original" price is below
// its price would be shown wrong; say so at start.
function packagePrice(prefix: string, actualFen: number, originalFen: number): PackagePrice {
  if (actualFen < 1) throw new Error(`Invalid upstream configuration: ${prefix}_PRICE_FEN must be at least 1 fen`);
  if (originalFen < actualFen) {
    throw new Error(`Invalid upstream configuration: ${prefix}_ORIGINAL_FEN is below ${prefix}_PRICE_FEN`);
  }
  return { actualFen, originalFen };
}

const tencentSmsVariables = [
  'SMS_TENCENT_SECRET_ID',
  'SMS_TENCENT_SECRET_KEY',
  'SMS_SDK_APP_ID',
  'SMS_SIGN_NAME',
  'SMS_TEMPLATE_ID',
] as const;

// Half an SMS account would silently fall back to the outbox (and production would refuse it):
// say so at start instead.
function tencentSms(e: z.infer<typeof envSchema>): TencentSmsConfig | undefined {
  const missing = tencentSmsVariables.filter((name) => !e[name]);
  if (missing.length === tencentSmsVariables.length) return undefined;
  if (missing.length > 0) {
    throw new Error(`Invalid upstream configuration: Tencent Cloud SMS needs ${missing.join(', ')} as well (or none of them)`);
  }
  return {
    endpoint: e.SMS_TENCENT_ENDPOINT,
    region: e.SMS_TENCENT_REGION,
    secretId: e.SMS_TENCENT_SECRET_ID!,
    secretKey: e.SMS_TENCENT_SECRET_KEY!,
    sdkAppId: e.SMS_SDK_APP_ID!,
    signName: e.SMS_SIGN_NAME!,
    templateId: e.SMS_TEMPLATE_ID!,
  };
}

const wechatPayVariables = [
  'WECHAT_PAY_MCH_ID',
  'WECHAT_PAY_SERIAL_NO',
  'WECHAT_PAY_PRIVATE_KEY_PATH',
  'WECHAT_PAY_API_V3_KEY',
  'WECHAT_PAY_PLATFORM_KEY_PATH',
  'WECHAT_PAY_PLATFORM_SERIAL',
  'WECHAT_PAY_NOTIFY_URL',
] as const;

// A merchant half configured would silently fall back to the sandbox; say so at start instead.
// The keys are read from their files now, so that a wrong path fails the start, not a payment.
function wechatPayMerchant(e: z.infer<typeof envSchema>, cwd: string): WechatPayMerchant | undefined {
  const missing = wechatPayVariables.filter((name) => !e[name]);
  if (missing.length === wechatPayVariables.length) return undefined;
  if (missing.length > 0) {
    throw new Error(`Invalid upstream configuration: WeChat Pay needs ${missing.join(', ')} as well (or none of them)`);
  }
  const appId = e.WECHAT_PAY_APP_ID ?? e.WECHAT_MP_APP_ID;
  if (!appId) throw new Error('Invalid upstream configuration: WeChat Pay needs WECHAT_PAY_APP_ID (or WECHAT_MP_APP_ID)');
  const read = (name: string, file: string) => {
    try {
      return fs.readFileSync(path.resolve(cwd, file), 'utf8');
    } catch (error) {
      throw new Error(`Invalid upstream configuration: ${name} cannot be read (${(error as Error).message})`);
    }
  };
  return {
    baseUrl: e.WECHAT_PAY_API_BASE,
    mchId: e.WECHAT_PAY_MCH_ID!,
    appId,
    merchantPrivateKey: read('WECHAT_PAY_PRIVATE_KEY_PATH', e.WECHAT_PAY_PRIVATE_KEY_PATH!),
    merchantSerial: e.WECHAT_PAY_SERIAL_NO!,
    apiV3Key: e.WECHAT_PAY_API_V3_KEY!,
    platformPublicKey: read('WECHAT_PAY_PLATFORM_KEY_PATH', e.WECHAT_PAY_PLATFORM_KEY_PATH!),
    platformSerial: e.WECHAT_PAY_PLATFORM_SERIAL!,
    notifyUrl: e.WECHAT_PAY_NOTIFY_URL!,
  };
}
