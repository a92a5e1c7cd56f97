import type { FullConfig } from '@playwright/test';

/** Long enough for a cold dictionary on a busy 2-core machine; the server itself is up already. */
const warmUpLimitMs = 120_000;

/**
 * Global setup, run after the web servers answer and before the first spec: one word looked up
 * through the BFF. The started product has read its dictionary, sense model and parser before the
 * site opened (upstream GET /ready); what is left cold is the first lookup's own path (the route's
 * code, the Link Grammar worker's first sentence), which the first spec would otherwise wait for
 * inside its own timeout. The lookup comes from an address of its own (the test server trusts one
 * proxy hop), so it spends no spec's free lookups.
 */
export default async function warmUp(config: FullConfig): Promise<void> {
  const baseURL = config.projects[0]?.use.baseURL;
  if (!baseURL) throw new Error('warm-up: the config names no baseURL');
  const deadline = Date.now() + warmUpLimitMs;
  let last = '';
  while (Date.now() < deadline) {
    try {
      const answer = await fetch(new URL('/api/query_word', baseURL), {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': '192.0.2.250' },
        body: JSON.stringify({
          pre_context: 'The plane took ',
          target_word: 'off',
          post_context: ' on time.',
          from: 'e2e-warm-up',
        }),
        signal: AbortSignal.timeout(Math.max(1_000, deadline - Date.now())),
      });
      const body = (await answer.json()) as { status?: unknown };
      if (answer.ok && body.status === 'OK') return;
      last = `${answer.status} ${JSON.stringify(body).slice(0, 200)}`;
    } catch (error) {
      last = String(error);
    }
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
  throw new Error(`warm-up: the dictionary did not answer within ${warmUpLimitMs / 1000} s (last: ${last})`);
}
