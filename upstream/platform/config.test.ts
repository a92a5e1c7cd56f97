import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

describe('loadConfig', () => {
  it('has working defaults', () => {
    expect(loadConfig({}, '/srv/yujing')).toEqual({
      envType: 'test',
      host: '127.0.0.1',
      port: 3001,
      dataDir: path.resolve('/srv/yujing', '.data'),
      audioCacheMaxBytes: 256 * 1024 * 1024,
      databasePath: path.resolve('/srv/yujing', '.data/yujing.sqlite'),
      databaseUrl: undefined,
      databasePoolSize: 10,
      databaseStatementTimeoutMs: 10_000,
      smtp: undefined,
      sms: undefined,
      wechat: { apiBase: 'https://api.weixin.qq.com', callbackOrigin: undefined, pc: undefined, insideWechat: undefined },
      freeUses: { anonymous: 5, login: 20, perAddress: 200, speechCharacters: 20_000 },
      llm: undefined,
      membership: {
        packages: { month: { actualFen: 2800, originalFen: 3800 }, year: { actualFen: 19_800, originalFen: 45_600 } },
        orderTimeoutMinutes: 15,
        wechatPay: undefined,
        referralRewardPercent: 10,
      },
      emailCodeCooldownSeconds: 60,
      emailCodeLimits: { perAddress: 20, perMailbox: 5, global: 600, wrongPerDay: 20 },
      passwordLimits: { perAccount: 5, perAddress: 20 },
      bookWorkers: { timeoutMs: 20_000, memoryMb: 512, workers: undefined, queueLimit: 4 },
      seedContent: true,
      expertAccounts: [],
      migrateOnStart: true,
      newsFeeds: { sources: [], intervalMinutes: 60 },
      idleReleaseMinutes: 10,
    });
    expect(loadConfig({ SITE_URL: 'https://yujing.example/app' }).wechat.callbackOrigin).toBe('https://yujing.example');
    expect(loadConfig({ EMAIL_CODE_LIMIT_ADDRESS: '0', EMAIL_CODE_LIMIT_WRONG: '5' }).emailCodeLimits).toMatchObject({
      perAddress: 0,
      wrongPerDay: 5,
    });
    expect(() => loadConfig({ EMAIL_CODE_LIMIT_GLOBAL: '-1' })).toThrow(/EMAIL_CODE_LIMIT_GLOBAL/);
    expect(loadConfig({ PASSWORD_LIMIT_ACCOUNT: '3', PASSWORD_LIMIT_ADDRESS: '0' }).passwordLimits).toEqual({
      perAccount: 3,
      perAddress: 0,
    });
    expect(loadConfig({ BOOK_EXTRACT_TIMEOUT_MS: '5000', BOOK_EXTRACT_WORKERS: '2' }).bookWorkers).toMatchObject({
      timeoutMs: 5000,
      workers: 2,
    });
    expect(() => loadConfig({ BOOK_EXTRACT_MEMORY_MB: '8' })).toThrow(/BOOK_EXTRACT_MEMORY_MB/);
    expect(loadConfig({ SEED_CONTENT: 'false' }).seedContent).toBe(false);
    expect(loadConfig({ EXPERT_ACCOUNTS: ' Teacher@School.cn, 12345678;ops@yujing.example ' }).expertAccounts).toEqual([
      'teacher@school.cn',
      '12345678',
      'ops@yujing.example',
    ]);
    expect(loadConfig({ MIGRATE_ON_START: 'false' }).migrateOnStart).toBe(false);
    expect(() => loadConfig({ MIGRATE_ON_START: 'no' })).toThrow(/MIGRATE_ON_START/);
  });

  it('reads AUDIO_CACHE_MAX_BYTES as bytes, with an optional binary unit', () => {
    const bound = (value: string) => loadConfig({ AUDIO_CACHE_MAX_BYTES: value }).audioCacheMaxBytes;
    expect(bound('1000000')).toBe(1_000_000);
    expect(bound('0')).toBe(0);
    expect(bound('64k')).toBe(64 * 1024);
    expect(bound(' 512M ')).toBe(512 * 1024 * 1024);
    expect(bound('1.5GiB')).toBe(1.5 * 1024 ** 3);
    expect(bound('2GB')).toBe(2 * 1024 ** 3);
    expect(bound('')).toBe(256 * 1024 * 1024);
    expect(() => bound('-5')).toThrow(/AUDIO_CACHE_MAX_BYTES/);
    expect(() => bound('lots')).toThrow(/AUDIO_CACHE_MAX_BYTES/);
  });

  it('reads NEWS_FEEDS as url|licence|label entries and refuses a feed that is not http(s)', () => {
    expect(
      loadConfig({
        NEWS_FEEDS:
          ' https://a.example/rss.xml , http://b.example/atom|CC BY 4.0|B News,https://c.example/feed||C,https://a.example/rss.xml',
        NEWS_FEED_INTERVAL_MINUTES: '0',
      }).newsFeeds,
    ).toEqual({
      sources: [
        { url: 'https://a.example/rss.xml' },
        { url: 'http://b.example/atom', licence: 'CC BY 4.0', label: 'B News' },
        { url: 'https://c.example/feed', label: 'C' },
      ],
      intervalMinutes: 0,
    });
    expect(() => loadConfig({ NEWS_FEEDS: 'file:///etc/passwd' })).toThrow(/NEWS_FEEDS: "file:\/\/\/etc\/passwd"/);
    expect(() => loadConfig({ NEWS_FEEDS: 'not a url|x' })).toThrow(/NEWS_FEEDS/);
    expect(() => loadConfig({ NEWS_FEED_INTERVAL_MINUTES: '-5' })).toThrow(/NEWS_FEED_INTERVAL_MINUTES/);
    expect(() => loadConfig({ NEWS_FEED_INTERVAL_MINUTES: '50000' })).toThrow(/NEWS_FEED_INTERVAL_MINUTES/);
  });

  it('takes a WeChat Pay merchant whole or not at all, and packages nobody could pay are refused', () => {
    expect(() => loadConfig({ WECHAT_PAY_MCH_ID: '1900000001' })).toThrow(/WECHAT_PAY_SERIAL_NO/);
    expect(() => loadConfig({ VIP_MONTH_PRICE_FEN: '0' })).toThrow(/at least 1 fen/);
    expect(() => loadConfig({ VIP_YEAR_PRICE_FEN: '50000' })).toThrow(/VIP_YEAR_ORIGINAL_FEN/);
    expect(() => loadConfig({ WECHAT_PAY_API_V3_KEY: 'short' })).toThrow(/32 bytes/);
  });

  it('reads every setting, treating empty values as unset', () => {
    const config = loadConfig(
      {
        ENV_TYPE: 'production',
        UPSTREAM_HOST: '0.0.0.0',
        UPSTREAM_PORT: '4000',
        DATABASE_PATH: ':memory:',
        SMTP_HOST: 'smtp.example.com',
        SMTP_SECURE: 'true',
        SMTP_USER: 'mailer@example.com',
        SMTP_PASS: 'pw',
        SMTP_FROM: '',
        WECHAT_OPEN_APP_ID: 'wx1',
        WECHAT_OPEN_APP_SECRET: 's1',
        WECHAT_API_BASE: 'http://127.0.0.1:9999/',
        FREE_USES_ANONYMOUS: '0',
        FREE_USES_LOGIN: '',
        EMAIL_CODE_COOLDOWN_SECONDS: '30',
      },
      '/srv',
    );
    expect(config).toMatchObject({
      envType: 'production',
      host: '0.0.0.0',
      port: 4000,
      databasePath: ':memory:',
      smtp: {
        host: 'smtp.example.com',
        port: 465,
        secure: true,
        user: 'mailer@example.com',
        pass: 'pw',
        from: 'mailer@example.com',
      },
      wechat: { apiBase: 'http://127.0.0.1:9999', pc: { appId: 'wx1', appSecret: 's1' }, insideWechat: undefined },
      freeUses: { anonymous: 0, login: 20, perAddress: 200, speechCharacters: 20_000 },
      emailCodeCooldownSeconds: 30,
    });
    expect(loadConfig({ SMTP_HOST: 'smtp.example.com' }).smtp).toMatchObject({ port: 587, secure: false });
  });

  it('reads the PostgreSQL settings', () => {
    const config = loadConfig({
      DATABASE_URL: 'postgres://yujing@db.internal/yujing',
      DATABASE_POOL_SIZE: '25',
      DATABASE_STATEMENT_TIMEOUT_MS: '0',
    });
    expect(config).toMatchObject({
      databaseUrl: 'postgres://yujing@db.internal/yujing',
      databasePoolSize: 25,
      databaseStatementTimeoutMs: 0,
    });
    expect(() => loadConfig({ DATABASE_POOL_SIZE: '0' })).toThrow(/DATABASE_POOL_SIZE/);
    expect(() => loadConfig({ DATABASE_STATEMENT_TIMEOUT_MS: '-5' })).toThrow(/DATABASE_STATEMENT_TIMEOUT_MS/);
  });

  it('names the variables that are wrong', () => {
    expect(() => loadConfig({ ENV_TYPE: 'staging', FREE_USES_LOGIN: 'many' })).toThrow(/ENV_TYPE.*FREE_USES_LOGIN/);
    expect(() => loadConfig({ UPSTREAM_PORT: '70000' })).toThrow(/UPSTREAM_PORT/);
    expect(() => loadConfig({ WECHAT_API_BASE: 'ftp://x' })).toThrow(/WECHAT_API_BASE/);
  });

  it('reads the language model settings; without a base URL there is none', () => {
    expect(loadConfig({ LLM_API_KEY: 'sk-1', LLM_MODEL: 'qwen' }).llm).toBeUndefined();
    expect(loadConfig({ LLM_BASE_URL: 'http://127.0.0.1:8000/v1/' }).llm).toEqual({
      baseUrl: 'http://127.0.0.1:8000/v1',
      apiKey: 'none',
      model: 'gpt-4o-mini',
      timeoutMs: 30_000,
    });
    expect(
      loadConfig({ LLM_BASE_URL: 'https://llm.example/v1', LLM_API_KEY: 'sk-1', LLM_MODEL: 'qwen-max', LLM_TIMEOUT_MS: '5000' })
        .llm,
    ).toEqual({ baseUrl: 'https://llm.example/v1', apiKey: 'sk-1', model: 'qwen-max', timeoutMs: 5000 });
    expect(() => loadConfig({ LLM_BASE_URL: 'llm.example' })).toThrow(/LLM_BASE_URL/);
    expect(() => loadConfig({ LLM_TIMEOUT_MS: '0' })).toThrow(/LLM_TIMEOUT_MS/);
  });

  it('refuses half a WeChat credential pair', () => {
    expect(() => loadConfig({ WECHAT_MP_APP_ID: 'wx2' })).toThrow(/WECHAT_MP_APP_ID and WECHAT_MP_APP_SECRET/);
  });

  it('reads Tencent Cloud SMS all or none, naming what is missing', () => {
    const account = {
      SMS_TENCENT_SECRET_ID: 'AKIDexample',
      SMS_TENCENT_SECRET_KEY: 'secret',
      SMS_SDK_APP_ID: '1400006666',
      SMS_SIGN_NAME: '语境',
      SMS_TEMPLATE_ID: '449739',
    };
    expect(loadConfig(account).sms).toEqual({
      endpoint: 'https://sms.tencentcloudapi.com',
      region: 'ap-guangzhou',
      secretId: 'AKIDexample',
      secretKey: 'secret',
      sdkAppId: '1400006666',
      signName: '语境',
      templateId: '449739',
    });
    expect(
      loadConfig({ ...account, SMS_TENCENT_ENDPOINT: 'http://127.0.0.1:9/', SMS_TENCENT_REGION: 'ap-beijing' }).sms,
    ).toMatchObject({ endpoint: 'http://127.0.0.1:9', region: 'ap-beijing' });
    expect(() => loadConfig({ ...account, SMS_SIGN_NAME: '', SMS_TEMPLATE_ID: '' })).toThrow(
      /SMS_SIGN_NAME, SMS_TEMPLATE_ID as well/,
    );
    expect(() => loadConfig({ ...account, SMS_SDK_APP_ID: 'app' })).toThrow(/SMS_SDK_APP_ID/);
    // The endpoint alone configures nothing.
    expect(loadConfig({ SMS_TENCENT_ENDPOINT: 'http://127.0.0.1:9' }).sms).toBeUndefined();
  });
});
