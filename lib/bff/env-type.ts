import 'server-only';
import { calls } from '@/lib/contract';
import { callUpstream, readUpstreamJson } from './upstream';

export type EnvType = 'test' | 'production';

const CACHE_MS = 5 * 60_000;
/** An unreachable upstream is asked again after this long, not on every page render. */
const RETRY_MS = 10_000;
let cached: { value: EnvType; until: number } | null = null;

/**
 * The upstream's environment (spec section 4: known before the app mounts). Cached for a few
 * minutes; when the upstream cannot say, the site behaves as production (no debug tools).
 */
export async function envType(): Promise<EnvType> {
  if (cached && cached.until > Date.now()) return cached.value;
  try {
    const answer = await callUpstream({
      method: 'GET',
      path: calls.get_env_type.path,
      headers: { accept: 'application/json' },
      signal: AbortSignal.timeout(3000),
    });
    const parsed = calls.get_env_type.response.safeParse(await readUpstreamJson(answer));
    const value = parsed.success ? parsed.data.data?.env_type : undefined;
    if (value) {
      cached = { value, until: Date.now() + CACHE_MS };
      return value;
    }
  } catch {
    // fall through
  }
  cached = { value: 'production', until: Date.now() + RETRY_MS };
  return 'production';
}
