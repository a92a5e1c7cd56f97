import { describe, expect, it } from 'vitest';
import type { Db } from '../db/database';
import { loadConfig } from './config';
import { ok } from './http';
import { assembleModules, type Platform, type UpstreamModule } from './module';

const platform: Platform = {
  config: loadConfig({}),
  // The modules here never touch the database.
  db: {} as Db,
  now: () => new Date('2026-03-02T02:00:00.000Z'),
  log: () => {},
  llm: null,
};

interface Greeter {
  greet(name: string): string;
}

function greeterModule(made: string[]): UpstreamModule<object, { greeter: Greeter }> {
  return {
    name: 'greeter',
    services: {
      greeter: () => {
        made.push('greeter');
        return { greet: (name) => `hello ${name}` };
      },
    },
  };
}

const envModule: UpstreamModule<{ greeter: Greeter }> = {
  name: 'env',
  calls: ({ greeter, config }) => ({
    get_env_type: async () => ok({ env_type: config.envType, greeting: greeter.greet('env') }),
  }),
};

describe('assembleModules', () => {
  it('makes each service once and hands it to the modules that use it, whatever their order', async () => {
    const made: string[] = [];
    const { handlers } = assembleModules([envModule, greeterModule(made)], platform);
    const answer = await handlers.get_env_type!({}, { ip: '10.0.0.1' });
    expect(answer).toEqual({ status: 'OK', data: { env_type: 'test', greeting: 'hello env' } });
    expect(made).toEqual(['greeter']);
  });

  it('uses a replacement instead of making the service', async () => {
    const made: string[] = [];
    const { handlers } = assembleModules([greeterModule(made), envModule], platform, {
      greeter: { greet: (name) => `hi ${name}` },
    });
    expect(await handlers.get_env_type!({}, { ip: '10.0.0.1' })).toMatchObject({ data: { greeting: 'hi env' } });
    expect(made).toEqual([]);
  });

  it('refuses a service given twice and a call answered twice', () => {
    expect(() => assembleModules([greeterModule([]), greeterModule([]), envModule], platform)).toThrow(
      'Upstream module greeter: the service greeter is given twice',
    );
    expect(() => assembleModules([greeterModule([]), envModule, { ...envModule, name: 'env-again' }], platform)).toThrow(
      'Upstream module env-again: the call get_env_type is answered twice',
    );
  });

  it('names the services that need each other in a circle', () => {
    const chicken: UpstreamModule<{ egg: number }, { chicken: number }> = {
      name: 'chicken',
      services: { chicken: ({ egg }) => egg + 1 },
    };
    const egg: UpstreamModule<{ chicken: number }, { egg: number }> = {
      name: 'egg',
      services: { egg: ({ chicken }) => chicken + 1 },
      routes: ({ egg }) => [{ path: `/${egg}`, app: undefined as never }],
    };
    expect(() => assembleModules([chicken, egg], platform)).toThrow('Upstream services need each other: egg → chicken → egg');
  });

  it('begins background work only when asked, with the services, and stops all of it together', async () => {
    const events: string[] = [];
    const worker: UpstreamModule<{ greeter: Greeter }> = {
      name: 'worker',
      start: ({ greeter }) => {
        events.push(`start: ${greeter.greet('worker')}`);
        return async () => {
          await Promise.resolve();
          events.push('stopped');
        };
      },
    };
    const { start } = assembleModules([worker, greeterModule(events)], platform);
    expect(events).toEqual([]);
    const stop = start();
    expect(events).toEqual(['greeter', 'start: hello worker']);
    await stop();
    expect(events).toEqual(['greeter', 'start: hello worker', 'stopped']);
  });

  it('collects the routes of every module with their test-only mark', () => {
    const routes: UpstreamModule = {
      name: 'routes',
      routes: () => [
        { path: '/sandbox/thing', app: undefined as never, testOnly: true },
        { path: '/public', app: undefined as never },
      ],
    };
    expect(assembleModules([routes], platform).routes.map((r) => [r.path, r.testOnly ?? false])).toEqual([
      ['/sandbox/thing', true],
      ['/public', false],
    ]);
  });
});
