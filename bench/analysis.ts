/**
 * Sentence analysis and the tutor's event stream, through the BFF (`next start`) in front of the
 * embedded upstream. Run with `npm run bench:analysis` after `npm run build`; never part of the
 * tests.
 *
 *  1. analyze_sentence one at a time on the first 100 sentences of the hand-annotated development
 *     set (bench/data/analysis-dev.jsonl, 8–40 words), after a warm-up round: p50, p99, max,
 *     straight to the upstream and through the BFF; the parser worker's RSS and the upstream's.
 *  2. ask_stream offline, one question at a time: time to the first event and to `completed`.
 *  3. BENCH_STREAMS (default 300) learners, each asking question after question in its own
 *     conversation, all at once for BENCH_SECONDS (default 30) through the BFF, twice: events received,
 *     streams dropped (ended without `completed`), corrupted (a message that is not JSON of the
 *     contract, or a reply that differs from the one the upstream stored); memory before and after.
 *  4. With a fake OpenAI-compatible model that sends one piece a second: BENCH_STREAMS answers
 *     held open together for BENCH_SECONDS, every piece checked; memory before and after.
 */
import { readFileSync } from 'node:fs';
import { Agent, request } from 'undici';
import { askStreamEvent } from '../lib/contract';
import { startFakeLlm } from '../tests/support/fake-llm';
import { startNext } from '../tests/support/next-server';
import { ms, pct, reporter, startEmbeddedUpstream } from './support';

const streams = Number(process.env.BENCH_STREAMS ?? 300);
const seconds = Number(process.env.BENCH_SECONDS ?? 30);

const sentences = readFileSync('bench/data/analysis-dev.jsonl', 'utf8')
  .split('\n')
  .filter((line) => line.trim())
  .map((line) => (JSON.parse(line) as { sentence: string }).sentence)
  .slice(0, 100);

const agent = new Agent({ connections: streams + 10, keepAliveTimeout: 4_000 });
const headersOf = (visitor: string) => ({ 'content-type': 'application/json', cookie: `yj_vid=${visitor}` });

async function post<T>(base: string, call: string, body: unknown, visitor = 'bench-visitor-0001'): Promise<T> {
  const answer = await request(`${base}/api/${call}`, {
    method: 'POST',
    dispatcher: agent,
    headers: headersOf(visitor),
    body: JSON.stringify(body),
  });
  const json = (await answer.body.json()) as { status: string; data: T };
  if (answer.statusCode !== 200 || json.status !== 'OK') throw new Error(`${call}: ${answer.statusCode} ${JSON.stringify(json)}`);
  return json.data;
}

interface Analysed {
  conversation_id: string | number;
  analysis_result: { answer: { spans: { words: string[] } } };
}

async function analyseAll(base: string): Promise<number[]> {
  const times: number[] = [];
  for (const sentence of sentences) {
    const started = performance.now();
    await post<Analysed>(base, 'analyze_sentence', { sentence, from: 'bench' });
    times.push(performance.now() - started);
  }
  return times;
}

interface StreamResult {
  firstEventMs: number;
  totalMs: number;
  events: number;
  completed: boolean;
  corrupted: number;
  text: string;
}

/** Asks one question and reads its event stream to the end. */
async function ask(
  base: string,
  visitor: string,
  conversation: string | number,
  round: number,
  question: string,
): Promise<StreamResult> {
  const query = new URLSearchParams({
    label: '主语',
    start: '0',
    end: '2',
    question,
    conversation_id: String(conversation),
    round_id: String(round),
    scene: 'sentence',
  });
  const started = performance.now();
  const answer = await request(`${base}/api/ask_stream?${query}`, {
    dispatcher: agent,
    headers: { accept: 'text/event-stream', cookie: `yj_vid=${visitor}` },
  });
  const result: StreamResult = { firstEventMs: -1, totalMs: 0, events: 0, completed: false, corrupted: 0, text: '' };
  let buffer = '';
  for await (const piece of answer.body) {
    buffer += piece.toString();
    for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
      const event = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const data = event
        .split('\n')
        .filter((line) => line.startsWith('data:'))
        .map((line) => line.slice(5).replace(/^ /, ''))
        .join('\n');
      if (!data) continue;
      if (result.firstEventMs < 0) result.firstEventMs = performance.now() - started;
      result.events++;
      let parsed: unknown;
      try {
        parsed = JSON.parse(data);
      } catch {
        result.corrupted++;
        continue;
      }
      const message = askStreamEvent.safeParse(parsed);
      if (!message.success || 'status' in message.data) {
        result.corrupted++;
        continue;
      }
      result.text += message.data.content ?? '';
      if (message.data.completed) result.completed = true;
    }
  }
  result.totalMs = performance.now() - started;
  return result;
}

/** The reply the upstream stored for a round, to compare with what the stream delivered. */
async function storedReply(base: string, visitor: string, conversation: string | number, round: number) {
  const history = await post<{ messages: { sender: string; round_id: number; content: string }[] }>(
    base,
    'get_conversation_history',
    { conversation_id: conversation },
    visitor,
  );
  return history.messages.find((m) => m.sender === 'system' && m.round_id === round)?.content;
}

function rssKb(pid: number): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  } catch {
    return 0;
  }
}

/** The link-parser processes among a process's children (stdbuf execs into link-parser). */
function parserPids(parent: number): number[] {
  try {
    const children = readFileSync(`/proc/${parent}/task/${parent}/children`, 'utf8').trim().split(/\s+/).filter(Boolean);
    return children.map(Number).filter((pid) => readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === 'link-parser');
  } catch {
    return [];
  }
}

/** The RSS of a process and of its children (`next start` serves from a child of its own). */
function treeRssKb(pid: number): number {
  let total = rssKb(pid);
  try {
    for (const child of readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean))
      total += treeRssKb(Number(child));
  } catch {
    // gone
  }
  return total;
}

const memoryOf = (upstreamPid: number, nextPid: number | undefined) =>
  `upstream ${(treeRssKb(upstreamPid) / 1024).toFixed(0)} MB (with the parser)` +
  (nextPid ? `, site ${(treeRssKb(nextPid) / 1024).toFixed(0)} MB` : '');

/**
 * One analysed sentence, and so one conversation, per learner. Analysed a few at a time: the
 * parser's queue is bounded (64), and filling it is not what the stream parts measure.
 */
async function beginConversations(base: string, count: number, prefix: string) {
  const learners: { visitor: string; conversation: string | number }[] = [];
  for (let i = 0; i < count; i += 8) {
    const batch = Array.from({ length: Math.min(8, count - i) }, (_, k) => i + k);
    learners.push(
      ...(await Promise.all(
        batch.map(async (n) => {
          const visitor = `${prefix}-${n}`;
          const { conversation_id } = await post<Analysed>(
            base,
            'analyze_sentence',
            { sentence: sentences[n % sentences.length] },
            visitor,
          );
          return { visitor, conversation: conversation_id };
        }),
      )),
    );
  }
  return learners;
}

/**
 * 4. With a language model configured (a fake OpenAI-compatible server that sends one piece a
 * second for BENCH_SECONDS): BENCH_STREAMS answers held open at once for the whole time, every
 * piece relayed through the upstream and the BFF.
 */
async function heldModelStreams(say: (line?: string) => void) {
  const pieces = Array.from({ length: seconds }, (_, i) => `第${i + 1}段。`);
  const model = await startFakeLlm({ kind: 'normal', chunks: pieces, delayMs: 1000 });
  const upstream = await startEmbeddedUpstream({
    FREE_USES_ANONYMOUS: '100000000',
    FREE_USES_PER_ADDRESS: '100000000',
    LLM_BASE_URL: model.url,
    LLM_MODEL: 'bench-model',
  });
  const next = await startNext({ UPSTREAM_URL: upstream.url });
  try {
    // The analyses' translations come from the model too: answered at once, not streamed.
    const learners = await beginConversations(next.url, streams, 'bench-held');
    const before = memoryOf(upstream.process.pid ?? 0, next.pid);
    const started = performance.now();
    const results = await Promise.all(
      learners.map(({ visitor, conversation }) =>
        ask(next.url, visitor, conversation, 0, '请解释这句话的主语。').catch((error: unknown) => error),
      ),
    );
    const wallMs = performance.now() - started;
    const after = memoryOf(upstream.process.pid ?? 0, next.pid);
    const whole = pieces.join('');
    const done = results.filter((r): r is StreamResult => !(r instanceof Error) && (r as StreamResult).completed);
    const failed = results.filter((r) => r instanceof Error).length;
    const wrong = done.filter((r) => r.text !== whole).length;
    const events = done.reduce((sum, r) => sum + r.events, 0);
    say();
    say(`## ${streams} answers of a language model held open at once for ${seconds} s, through the BFF`);
    say('| streams completed | events | dropped | corrupted | text ≠ the model’s | failed | shortest | longest |');
    say('|---|---|---|---|---|---|---|---|');
    const totals = done.map((r) => r.totalMs);
    say(
      `| ${done.length} / ${streams} | ${events} | ${streams - done.length - failed} | ${done.reduce((n, r) => n + r.corrupted, 0)} | ${wrong} | ${failed} | ${ms(Math.min(...totals))} | ${ms(Math.max(...totals))} |`,
    );
    say();
    say(`all ${streams} answered within ${(wallMs / 1000).toFixed(1)} s; memory before: ${before}; after: ${after}`);
  } finally {
    await next.stop();
    upstream.stop();
    await model.stop();
  }
}

async function main() {
  const { say, save } = reporter('analysis');
  say(`# Sentence analysis and tutor benchmark — ${new Date().toISOString()}`);
  say(
    `${sentences.length} sentences of bench/data/analysis-dev.jsonl; ${streams} streams for ${seconds} s; Node ${process.version}`,
  );

  const upstream = await startEmbeddedUpstream({
    FREE_USES_ANONYMOUS: '100000000',
    FREE_USES_LOGIN: '100000000',
    FREE_USES_PER_ADDRESS: '100000000',
  });
  const next = await startNext({ UPSTREAM_URL: upstream.url });
  try {
    const upstreamPid = upstream.process.pid ?? 0;
    await analyseAll(upstream.url); // warm-up: the parser's dictionary, the engines' data
    const direct = await analyseAll(upstream.url);
    const viaBff = await analyseAll(next.url);
    const parsers = parserPids(upstreamPid);
    say();
    say('## analyze_sentence, one at a time, after a warm-up round');
    say('| path | p50 | p99 | max |');
    say('|---|---|---|---|');
    say(`| straight to the upstream | ${ms(pct(direct, 50))} | ${ms(pct(direct, 99))} | ${ms(Math.max(...direct))} |`);
    say(`| through the BFF | ${ms(pct(viaBff, 50))} | ${ms(pct(viaBff, 99))} | ${ms(Math.max(...viaBff))} |`);
    say();
    say(
      `parser worker RSS: ${parsers.length ? parsers.map((pid) => `${(rssKb(pid) / 1024).toFixed(1)} MB`).join(', ') : 'no link-parser process (fallback engine)'}; upstream RSS ${(rssKb(upstreamPid) / 1024).toFixed(1)} MB`,
    );

    // 2. One question at a time: time to the first event.
    const first: number[] = [];
    const total: number[] = [];
    for (const [i, sentence] of sentences.slice(0, 50).entries()) {
      const visitor = `bench-ttfe-${i}`;
      const { conversation_id } = await post<Analysed>(next.url, 'analyze_sentence', { sentence }, visitor);
      const result = await ask(next.url, visitor, conversation_id, 0, '这个主语是什么？');
      if (!result.completed) throw new Error(`stream ${i} ended without completed`);
      first.push(result.firstEventMs);
      total.push(result.totalMs);
    }
    say();
    say('## ask_stream offline through the BFF, one at a time (50 questions)');
    say('| | p50 | p99 | max |');
    say('|---|---|---|---|');
    say(`| first event | ${ms(pct(first, 50))} | ${ms(pct(first, 99))} | ${ms(Math.max(...first))} |`);
    say(`| completed | ${ms(pct(total, 50))} | ${ms(pct(total, 99))} | ${ms(Math.max(...total))} |`);

    // 3. Many streams at once.
    const memory = () => memoryOf(upstreamPid, next.pid);
    const before = memory();
    const learners = await beginConversations(next.url, streams, 'bench-load');
    // Twice, so that memory after the second round tells growth that stays from a heap that
    // has merely grown to its working size.
    const nextRound = learners.map(() => 0);
    const afterRounds: string[] = [];
    for (let repeat = 0; repeat < 2; repeat++) {
      const stopAt = Date.now() + seconds * 1000;
      const tally = { asks: 0, events: 0, dropped: 0, corrupted: 0, mismatched: 0, failed: 0 };
      const samples: number[] = [];
      await Promise.all(
        learners.map(async ({ visitor, conversation }, i) => {
          while (Date.now() < stopAt) {
            const round = nextRound[i]++;
            try {
              const result = await ask(next.url, visitor, conversation, round, '这一部分在句中作什么成分？');
              tally.asks++;
              tally.events += result.events;
              tally.corrupted += result.corrupted;
              samples.push(result.firstEventMs);
              if (!result.completed) {
                tally.dropped++;
                return;
              }
              // Every tenth reply is compared with what the upstream stored.
              if (round % 10 === 0 && (await storedReply(next.url, visitor, conversation, round)) !== result.text)
                tally.mismatched++;
            } catch (error) {
              tally.failed++;
              if (tally.failed <= 3) console.error(error);
              return;
            }
          }
        }),
      );
      afterRounds.push(memory());
      say();
      say(`## ${streams} learners asking at once for ${seconds} s, through the BFF (offline tutor), round ${repeat + 1}`);
      say('| questions | events | dropped | corrupted | reply ≠ stored | failed | first event p50 | p99 |');
      say('|---|---|---|---|---|---|---|---|');
      say(
        `| ${tally.asks} | ${tally.events} | ${tally.dropped} | ${tally.corrupted} | ${tally.mismatched} | ${tally.failed} | ${ms(pct(samples, 50))} | ${ms(pct(samples, 99))} |`,
      );
    }
    say();
    say(`memory before: ${before}; after round 1: ${afterRounds[0]}; after round 2: ${afterRounds[1]}`);
  } finally {
    await next.stop();
    upstream.stop();
  }
  try {
    await heldModelStreams(say);
  } finally {
    await agent.close();
  }
  save();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
