import { z } from 'zod';
import { def, obj, str } from '../define';
import { envelope } from '../envelope';

/** What the running product has switched on, for its operator (upstream/operator). */

/** The engines and services whose presence changes what learners are offered. */
export const engineNames = [
  'language_model',
  'mail',
  'sms',
  'wechat_login',
  'wechat_pay',
  'database',
  'trained_parser',
  'link_grammar',
  'speech',
  'news_feeds',
] as const;
export type EngineName = (typeof engineNames)[number];

export const engineState = obj({
  engine: z.enum(engineNames),
  /** The engine's Chinese name, for the screen. */
  title: str,
  /** on: the real service; sandbox: the local stand-in (refused in production); off: not there. */
  state: z.enum(['on', 'sandbox', 'off']),
  /** What it is or what is missing, in the operator's words (a model's name, a host, the variable to set). */
  detail: str,
  /** What learners get or miss because of it. */
  effect: str,
});
export type EngineState = z.infer<typeof engineState>;

export const operatorCalls = {
  /**
   * Which engines the running upstream has on, and what learners are offered because of them.
   * Only the operator's accounts (EXPERT_ACCOUNTS) may read it: 401 logged out, 403 otherwise.
   */
  query_engines: def('query_engines', {
    method: 'GET',
    response: envelope(obj({ engines: z.array(engineState) })),
  }),
} as const;
