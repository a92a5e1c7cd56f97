/**
 * What the BFF costs. Run with `npm run bench` (after `npm run build`); never part of the tests.
 *
 *  1. The same call (`GET /api/get_env_type`) straight to the embedded upstream and through the
 *     BFF (`next start`), one after the other in one run: requests per second, p50 and p99.
 *  2. The SSE relay: events sent by an upstream at a fixed pace, received directly and through
 *     the BFF; the added latency per event.
 *  3. The proxy client itself, outside Next: a bare Node proxy on undici's request() with a
 *     keep-alive agent against the same proxy on fetch().
 *
 * Environment: BENCH_SECONDS (default 10), BENCH_CONNECTIONS (default 20), BENCH_EVENTS (200).
 */
import autocannon from 'autocannon';
import { createServer, type Server } from 'node:http';
import { Agent, request } from 'undici';
import { startNext } from '../tests/support/next-server';
import { ms, pct, reporter, startEmbeddedUpstream } from './support';

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 20);
const eventCount = Number(process.env.BENCH_EVENTS ?? 200);

interface Load {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
}

// A returning browser: it has its visitor cookie already (the upstream ignores it).
const headers = { cookie: 'yj_vid=bench-visitor-0001', accept: 'application/json' };

async function load(url: string, conns = connections): Promise<Load> {
  // A short warm-up so that JIT and connection pools are not what is measured.
  await autocannon({ url, connections: conns, duration: 2, headers });
  const r = await autocannon({ url, connections: conns, duration: seconds, headers });
  return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, errors: r.errors + r.non2xx };
}

const sequentialCount = 2000;

/** Latencies of requests sent one after another on one keep-alive connection, in ms. */
async function sequential(url: string): Promise<number[]> {
  const agent = new Agent({ connections: 1 });
  const times: number[] = [];
  try {
    for (let i = 0; i < sequentialCount + 200; i++) {
      const started = performance.now();
      const answer = await request(url, { dispatcher: agent, headers });
      await answer.body.arrayBuffer();
      if (i >= 200) times.push(performance.now() - started); // the first 200 warm up
    }
  } finally {
    await agent.close();
  }
  return times;
}

/** An upstream that sends `eventCount` events 20 ms apart, each stamped with its send time. */
function startEventUpstream(): Promise<{ server: Server; url: string }> {
  const server = createServer(async (req, res) => {
    if (!req.url?.startsWith('/api/ask_stream')) {
      res.writeHead(200, { 'content-type': 'application/json' });
      return res.end('{"status":"OK","data":{"env_type":"test"}}');
    }
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    for (let i = 0; i < eventCount; i++) {
      res.write(`data: ${JSON.stringify({ i, sentAt: performance.timeOrigin + performance.now() })}\n\n`);
      await new Promise((r) => setTimeout(r, 20));
    }
    res.end();
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({ server, url: `http://127.0.0.1:${(server.address() as { port: number }).port}` }),
    ),
  );
}

async function eventLags(url: string): Promise<number[]> {
  const answer = await fetch(url);
  const lags: number[] = [];
  const decoder = new TextDecoder();
  let buffer = '';
  for await (const chunk of answer.body as unknown as AsyncIterable<Uint8Array>) {
    const now = performance.timeOrigin + performance.now();
    buffer += decoder.decode(chunk, { stream: true });
    let end: number;
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      lags.push(now - (JSON.parse(buffer.slice(6, end)) as { sentAt: number }).sentAt);
      buffer = buffer.slice(end + 2);
    }
  }
  return lags;
}

/** A bare Node proxy (no Next) in front of `target`, forwarding with undici or with fetch. */
function startBareProxy(target: string, client: 'undici' | 'fetch'): Promise<{ server: Server; url: string }> {
  const agent = new Agent({ keepAliveTimeout: 10_000, connections: 256 });
  const server = createServer(async (req, res) => {
    if (client === 'undici') {
      const answer = await request(target + req.url, { method: 'GET', dispatcher: agent });
      res.writeHead(answer.statusCode, { 'content-type': String(answer.headers['content-type'] ?? '') });
      for await (const chunk of answer.body) res.write(chunk);
      res.end();
    } else {
      const answer = await fetch(target + req.url);
      res.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? '' });
      for await (const chunk of answer.body as unknown as AsyncIterable<Uint8Array>) res.write(chunk);
      res.end();
    }
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({ server, url: `http://127.0.0.1:${(server.address() as { port: number }).port}` }),
    ),
  );
}

async function main() {
  const { say, save } = reporter('proxy');
  say(`# BFF proxy benchmark — ${new Date().toISOString()}`);
  say(`${seconds} s per run, ${connections} connections, Node ${process.version}, autocannon in the same machine`);

  // 1. JSON call
  const upstream = await startEmbeddedUpstream();
  const next = await startNext({ UPSTREAM_URL: upstream.url });
  try {
    const path = '/api/get_env_type';
    const direct = await load(upstream.url + path);
    const viaBff = await load(next.url + path);
    say();
    say('## GET /api/get_env_type');
    say('| path | req/s | p50 | p99 | errors |');
    say('|---|---|---|---|---|');
    say(`| straight to the upstream | ${direct.rps.toFixed(0)} | ${ms(direct.p50)} | ${ms(direct.p99)} | ${direct.errors} |`);
    say(`| through the BFF | ${viaBff.rps.toFixed(0)} | ${ms(viaBff.p50)} | ${ms(viaBff.p99)} | ${viaBff.errors} |`);
    say(
      `ratio BFF/direct: ${(viaBff.rps / direct.rps).toFixed(2)}; added p50 ${ms(viaBff.p50 - direct.p50)}, added p99 ${ms(viaBff.p99 - direct.p99)}`,
    );
    // One request at a time: no queueing, so the difference is the proxy's own time.
    const directOne = await sequential(upstream.url + path);
    const viaBffOne = await sequential(next.url + path);
    say(
      `one at a time (${sequentialCount} requests): straight p50 ${ms(pct(directOne, 50))} p99 ${ms(pct(directOne, 99))}; ` +
        `through the BFF p50 ${ms(pct(viaBffOne, 50))} p99 ${ms(pct(viaBffOne, 99))}; ` +
        `added p50 ${ms(pct(viaBffOne, 50) - pct(directOne, 50))}, p99 ${ms(pct(viaBffOne, 99) - pct(directOne, 99))}`,
    );

    // 3. the proxy client, same upstream, no Next
    const viaUndici = await startBareProxy(upstream.url, 'undici');
    const viaFetch = await startBareProxy(upstream.url, 'fetch');
    const u = await load(viaUndici.url + path);
    const f = await load(viaFetch.url + path);
    viaUndici.server.close();
    viaFetch.server.close();
    say();
    say('## The proxy client alone (bare Node proxy, no Next)');
    say('| client | req/s | p50 | p99 |');
    say('|---|---|---|---|');
    say(`| undici request() + keep-alive Agent | ${u.rps.toFixed(0)} | ${ms(u.p50)} | ${ms(u.p99)} |`);
    say(`| fetch() | ${f.rps.toFixed(0)} | ${ms(f.p50)} | ${ms(f.p99)} |`);
  } finally {
    await next.stop();
    upstream.stop();
  }

  // 2. SSE relay
  const events = await startEventUpstream();
  const sseNext = await startNext({ UPSTREAM_URL: events.url });
  try {
    const query = '?label=S&start=0&end=1&question=q&conversation_id=1&round_id=1';
    const direct = await eventLags(`${events.url}/api/ask_stream${query}`);
    const relayed = await eventLags(`${sseNext.url}/api/ask_stream${query}`);
    say();
    say(`## SSE relay (${eventCount} events, 20 ms apart)`);
    say('| path | p50 lag | p99 lag | max |');
    say('|---|---|---|---|');
    say(`| straight | ${ms(pct(direct, 50))} | ${ms(pct(direct, 99))} | ${ms(Math.max(...direct))} |`);
    say(`| through the BFF | ${ms(pct(relayed, 50))} | ${ms(pct(relayed, 99))} | ${ms(Math.max(...relayed))} |`);
    say(`added per event: p50 ${ms(pct(relayed, 50) - pct(direct, 50))}, p99 ${ms(pct(relayed, 99) - pct(direct, 99))}`);
  } finally {
    await sseNext.stop();
    events.server.close();
  }

  save();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
