import type { Hono } from 'hono';
import type { Db } from '../db/database';
import type { UpstreamConfig } from './config';
import type { CallHandlers } from './contract-routes';
import type { Clock } from './time';
import type { LanguageModel } from './language-model';

/*
 * A feature of the upstream is one module: its services, the contract calls it answers and any
 * other routes it serves. app.ts lists the modules in one array; everything else is in the
 * feature's own folder.
 */

/** What every module may use: the plumbing, none of the features. */
export interface Platform {
  config: UpstreamConfig;
  db: Db;
  /** The clock; tests move it instead of sleeping. */
  now: Clock;
  /** Where operational lines go. */
  log: (line: string) => void;
  /**
   * The configured language model (an OpenAI-compatible endpoint), or null: then the features
   * that use it (the tutor, translation, the writer's review) answer offline or say it is off.
   */
  llm: LanguageModel | null;
}

/** Routes of a module beside the contract calls (pages, hooks), mounted under `path`. */
export interface ModuleRoutes {
  path: string;
  app: Hono;
  /** Sandboxes and test hooks: mounted only when env_type is test, so production answers 404. */
  testOnly?: boolean;
}

/**
 * One feature. `Uses` names the services of other modules that it needs, `Gives` the services it
 * offers; its functions see the platform, those and nothing else. A service is made by its
 * factory the first time something asks for it, so the order of the modules does not matter.
 */
export interface UpstreamModule<Uses extends object = object, Gives extends object = object> {
  /** The feature's name, as its folder is called; errors at start name it. */
  name: string;
  /** One factory per service the feature gives, by the name other modules use it under. */
  services?: { [K in keyof Gives]: (deps: Platform & Uses & Gives) => Gives[K] };
  /** The handlers of the contract calls this feature answers. */
  calls?: (deps: Platform & Uses & Gives) => CallHandlers;
  /** Routes outside the contract: pages and hooks. */
  routes?: (deps: Platform & Uses & Gives) => ModuleRoutes[];
  /**
   * Background work (reading news feeds): begun once the server listens, never in an app made
   * only to answer requests (tests of calls); the answer stops it at shutdown, before the
   * database closes.
   */
  start?: (deps: Platform & Uses & Gives) => Stop;
}

/** Ends a module's background work and resolves when nothing of it runs any more. */
export type Stop = () => Promise<void>;

// `any`: each module has its own Uses and Gives, and the checks below relate them. (`unknown`
// would not do: a module's `routes` takes its own Uses, so it is not assignable to one taking
// unknown.)
// biome-ignore lint/suspicious/noExplicitAny: see above
export type AnyModule = UpstreamModule<any, any>;

// biome-ignore lint/suspicious/noExplicitAny: matched, never used
type UsesOf<M> = M extends UpstreamModule<infer Uses, any> ? Uses : never;
// biome-ignore lint/suspicious/noExplicitAny: matched, never used
type GivesOf<M> = M extends UpstreamModule<any, infer Gives> ? Gives : never;
type Intersection<U> = (U extends unknown ? (x: U) => void : never) extends (x: infer I) => void ? I : never;

/** Every service that the modules give, by name. */
export type ServicesOf<Modules extends readonly AnyModule[]> = Intersection<GivesOf<Modules[number]>>;

/**
 * Each module as it is when the others give all it uses; otherwise a type naming what is
 * missing, so that the compiler points at the module and says which services nobody gives.
 */
type WithNeedsMet<Modules extends readonly AnyModule[]> = {
  [I in keyof Modules]: ServicesOf<Modules> extends UsesOf<Modules[I]>
    ? Modules[I]
    : Modules[I] & { unmetNeeds: Exclude<keyof UsesOf<Modules[I]>, keyof ServicesOf<Modules>> };
};

export interface AssembledModules {
  handlers: CallHandlers;
  routes: ModuleRoutes[];
  /** Begins every module's background work; the answer stops all of it. */
  start(): Stop;
}

/**
 * Wires the modules: every service is made once, on first use, from the platform and the other
 * services; `replacements` (a test's mailer or dictionary engine) stand in for the services of
 * the same name. Throws at start when two modules give the same service or answer the same call,
 * or when services need each other in a circle.
 */
export function assembleModules<const Modules extends readonly AnyModule[]>(
  modules: Modules & WithNeedsMet<Modules>,
  platform: Platform,
  replacements: Partial<ServicesOf<Modules>> = {},
): AssembledModules {
  const registry: Record<string, unknown> = { ...platform };
  const making: string[] = [];
  for (const module of modules as readonly AnyModule[]) {
    for (const [name, make] of Object.entries(module.services ?? {}) as [string, (deps: unknown) => unknown][]) {
      if (Object.hasOwn(registry, name)) throw new Error(`Upstream module ${module.name}: the service ${name} is given twice`);
      let made = false;
      let service: unknown;
      Object.defineProperty(registry, name, {
        enumerable: true,
        get() {
          if (made) return service;
          const replacement = (replacements as Record<string, unknown>)[name];
          if (making.includes(name)) throw new Error(`Upstream services need each other: ${[...making, name].join(' → ')}`);
          making.push(name);
          try {
            service = replacement ?? make(registry);
          } finally {
            making.pop();
          }
          made = true;
          return service;
        },
      });
    }
  }

  const handlers: Record<string, unknown> = {};
  const routes: ModuleRoutes[] = [];
  for (const module of modules as readonly AnyModule[]) {
    for (const [call, handler] of Object.entries(module.calls?.(registry) ?? {})) {
      if (Object.hasOwn(handlers, call)) throw new Error(`Upstream module ${module.name}: the call ${call} is answered twice`);
      handlers[call] = handler;
    }
    routes.push(...(module.routes?.(registry) ?? []));
  }
  const start = (): Stop => {
    const stops = (modules as readonly AnyModule[]).flatMap((module) => (module.start ? [module.start(registry)] : []));
    return async () => {
      await Promise.all(stops.map((stop) => stop()));
    };
  };
  return { handlers: handlers as CallHandlers, routes, start };
}
