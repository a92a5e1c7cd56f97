import 'server-only';
import { dataOf, readUpstream } from './reader';

export type EnvType = 'test' | 'production';

/**
 * The upstream's environment (spec section 4: known before the app mounts). Cached for a few
 * minutes; when the upstream cannot say, the site behaves as production (no debug tools).
 */
export async function envType(): Promise<EnvType> {
  try {
    return await readUpstream(
      'get_env_type',
      {},
      {
        // Every page waits for it before rendering: never for long.
        timeoutMs: 3000,
        // An unreachable upstream is asked again after 10 s, not on every page render.
        cache: { ttlMs: 5 * 60_000, failureTtlMs: 10_000 },
        reshape: (answer) => dataOf(answer).env_type,
      },
    );
  } catch {
    return 'production';
  }
}
