import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningNext, startNext } from './support/next-server';
import { allowed, fuzzRequests, fuzzSite, recordingRelay } from './support/probe';
import { startUpstreamProcess, type UpstreamProcess } from './support/upstream-process';

/*
 * The outside probe in its short form, in every test run: the same seeded requests as
 * `npm run bench:probe -- fuzz` (random paths, methods, headers and bodies; bench/probe.ts), fewer
 * of them. The upstream killed mid-burst is tests/launcher.test.ts; each class of defect the
 * probe found has its own test beside the code that closed it.
 */
const requests = Number(process.env.PROBE_FUZZ_SHORT ?? 2_000);
const seed = Number(process.env.PROBE_SEED ?? 20261124);

describe('the outside probe, short form', () => {
  let upstream: UpstreamProcess;
  let relay: Awaited<ReturnType<typeof recordingRelay>>;
  let site: RunningNext;

  beforeAll(async () => {
    upstream = await startUpstreamProcess({ SEED_CONTENT: 'false' });
    relay = await recordingRelay(upstream.url);
    site = await startNext({ UPSTREAM_URL: relay.url });
    relay.seen.length = 0; // the readiness check
  });
  afterAll(async () => {
    await site?.stop();
    relay?.close();
    await upstream?.stop();
  });

  it(`answers ${requests} fuzzed requests with no 5xx the BFF did not decide, and sends nothing upstream outside the allow-list`, async () => {
    const tally = await fuzzSite(new URL(site.url), fuzzRequests(requests, seed), 8);
    expect(tally.culprits).toEqual([]);
    expect(relay.seen.filter((seen) => !allowed(seen.url))).toEqual([]);
    expect(site.output()).not.toMatch(/unexpected error/);
    // Every request had an answer: none hung or was dropped.
    expect(
      [...tally.statuses.keys()].filter((status) => status.startsWith('no answer')).map((s) => `${s} ${tally.examples.get(s)}`),
    ).toEqual([]);
    expect((await fetch(`${site.url}/healthz`)).status).toBe(200);
  }, 300_000);
});
