/**
 * writer_chat latency on 300-word essays, through the BFF (p50/p95). Run with
 * `npm run bench:writer` (after `npm run build` for the BFF's figures); never part of the tests.
 *
 * It starts the embedded upstream over a throwaway SQLite database and, when a production build is
 * there, `next start` in front of it. The essays are made of the hand-annotated development
 * sentences (bench/data), ~300 words each, no sentence used twice, so that the parser's cache of
 * recent sentences never answers for it; in each essay three slips are made as learners make them
 * — a misspelt word, a verb of the wrong number ("is" → "are"), a dropped article — so that the
 * checker's repair parses are part of the figure. One request at a time, after a warm-up essay;
 * the upstream alone and through the BFF each get essays of their own. Last, every essay goes in
 * once more as it was written, without slips: what is flagged there is a false alarm. Then the
 * article check alone, sentence by sentence: false alarms on the sentences as written, and how
 * many dropped "a"/"an" it finds.
 */
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Agent, request } from 'undici';
import { startNext, type RunningNext } from '../tests/support/next-server';
import { ms, pct, reporter, startEmbeddedUpstream } from './support';

const essayWords = 300;

interface Essay {
  text: string;
  /** The essay as its sentences were written (edited English): every flag on it is a false alarm. */
  original: string;
  /** The slips made in it: the flag kind that should find each, and the word it is on. */
  slips: { kind: string; word: string }[];
}

/** One slip of each kind, where the essay allows it. */
function withSlips(sentences: string[]): Essay {
  const out = [...sentences];
  const slips: Essay['slips'] = [];
  const at = (pattern: RegExp) => out.findIndex((s) => pattern.test(s));
  const spelt = at(/\b[a-z]{7,}\b/);
  if (spelt >= 0)
    out[spelt] = out[spelt].replace(/\b([a-z]{3})([a-z])([a-z])([a-z]{2,})\b/, (_, a, b, c, d) => {
      slips.push({ kind: 'spelling', word: a + c + b + d });
      return a + c + b + d;
    });
  const verb = at(/ is /);
  if (verb >= 0) {
    out[verb] = out[verb].replace(' is ', ' are ');
    slips.push({ kind: 'agreement', word: 'are' });
  }
  const article = at(/ a [a-z]+/);
  if (article >= 0)
    out[article] = out[article].replace(/ a ([a-z]+)/, (_, noun) => {
      slips.push({ kind: 'article', word: noun });
      return ` ${noun}`;
    });
  return { text: out.join(' '), original: sentences.join(' '), slips };
}

/** The hand-annotated development sentences (edited English), each once. */
function devSentences(): string[] {
  const sentences = ['bench/data/sense-dev.jsonl', 'bench/data/analysis-dev.jsonl'].flatMap((file) =>
    readFileSync(file, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => (JSON.parse(line) as { sentence: string }).sentence),
  );
  return [...new Set(sentences)];
}

function essays(): Essay[] {
  const out: Essay[] = [];
  let current: string[] = [];
  let words = 0;
  for (const sentence of devSentences()) {
    current.push(sentence);
    words += sentence.split(/\s+/).length;
    if (words >= essayWords) {
      out.push(withSlips(current));
      current = [];
      words = 0;
    }
  }
  return out;
}

interface Flag {
  kind: string;
  text: string;
}

async function check(agent: Agent, base: string, text: string): Promise<{ ms: number; flags: Flag[] }> {
  const started = performance.now();
  const answer = await request(`${base}/api/writer_chat`, {
    method: 'POST',
    dispatcher: agent,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ text }),
  });
  const json = (await answer.body.json()) as { status: string; data?: { flags: Flag[]; grammar_checked: boolean } };
  if (answer.statusCode !== 200 || json.status !== 'OK' || !json.data?.grammar_checked)
    throw new Error(`writer_chat: ${answer.statusCode} ${JSON.stringify(json).slice(0, 300)}`);
  return { ms: performance.now() - started, flags: json.data.flags };
}

async function main() {
  const report = reporter('writer');
  const texts = essays();
  const dir = mkdtempSync(join(tmpdir(), 'yujing-bench-writer-'));
  const upstream = await startEmbeddedUpstream({ SEED_CONTENT: 'false', DATABASE_PATH: join(dir, 'db.sqlite') });
  let next: RunningNext | undefined;
  try {
    const agent = new Agent({ connections: 1 });
    // The first essay loads the spell checker, the word data, the tagger and the parser's worker.
    const cold = await check(agent, upstream.url, texts[0].text);
    await agent.close();
    if (existsSync('.next/BUILD_ID')) next = await startNext({ UPSTREAM_URL: upstream.url });

    const paths: [string, string][] = [['upstream', upstream.url]];
    if (next) paths.push(['through the BFF (next start)', next.url]);
    const share = Math.floor((texts.length - 1) / paths.length);
    report.say('# writer_chat on 300-word essays');
    report.say();
    report.say(
      `${new Date().toISOString()}, ${texts.length - 1} essays of ~${essayWords} words (bench/data sentences, three slips each), ${share} per path, one at a time after a warm-up essay`,
    );
    report.say();
    report.say(`First call after start (spell checker, word data, tagger, parser worker): ${ms(cold.ms)}`);
    report.say();
    report.say('| path | essays | flags per essay (mean) | slips found | p50 | p95 | max |');
    report.say('|---|---|---|---|---|---|---|');
    for (const [p, [name, base]] of paths.entries()) {
      const mine = texts.slice(1 + p * share, 1 + (p + 1) * share);
      const one = new Agent({ connections: 1 });
      const times: number[] = [];
      let flags = 0;
      let slips = 0;
      let found = 0;
      const byKind = new Map<string, { slips: number; found: number }>();
      try {
        // Warm the path itself (the BFF's first request compiles its route).
        await check(one, base, 'I like apples.');
        for (const essay of mine) {
          const result = await check(one, base, essay.text);
          times.push(result.ms);
          flags += result.flags.length;
          for (const slip of essay.slips) {
            const kind = byKind.get(slip.kind) ?? { slips: 0, found: 0 };
            byKind.set(slip.kind, kind);
            slips++;
            kind.slips++;
            if (result.flags.some((f) => f.kind === slip.kind && f.text.includes(slip.word))) {
              found++;
              kind.found++;
            } else if (process.env.BENCH_MISSES) {
              console.error(`missed ${slip.kind} "${slip.word}" in: ${essay.text}`);
            }
          }
        }
      } finally {
        await one.close();
      }
      report.say(
        `| ${name} | ${mine.length} | ${(flags / mine.length).toFixed(1)} | ${found}/${slips} (${[...byKind].map(([k, n]) => `${k} ${n.found}/${n.slips}`).join(', ')}) | ${ms(pct(times, 50))} | ${ms(pct(times, 95))} | ${ms(Math.max(...times))} |`,
      );
    }
    // The same essays as written: what the checker flags in edited English is a false alarm
    // (a learner told to change what was right), counted by kind.
    const falseAlarms = new Map<string, number>();
    const clean = new Agent({ connections: 1 });
    try {
      for (const essay of texts.slice(1)) {
        for (const flag of (await check(clean, upstream.url, essay.original)).flags) {
          falseAlarms.set(flag.kind, (falseAlarms.get(flag.kind) ?? 0) + 1);
          if (process.env.BENCH_MISSES) console.error(`false ${flag.kind} "${flag.text}"`);
        }
      }
    } finally {
      await clean.close();
    }
    const alarms = [...falseAlarms.values()].reduce((a, b) => a + b, 0);
    report.say();
    report.say(
      `The same ${texts.length - 1} essays as written (edited English, no slips): ${alarms} flags, ${(alarms / (texts.length - 1)).toFixed(2)} an essay (${[...falseAlarms].map(([k, n]) => `${k} ${n}`).join(', ') || 'none'}).`,
    );
    // The article check sentence by sentence: every development sentence of at most 30 words
    // as written (an article flag there is a false alarm), and once more with its first "a" or
    // "an" dropped, which always leaves a singular noun bare (found: an article flag on it).
    const one = new Agent({ connections: 1 });
    let sentences = 0;
    let falseArticles = 0;
    let dropped = 0;
    let found = 0;
    let unlinkable = 0;
    try {
      for (const sentence of devSentences().filter((s) => s.split(/\s+/).length <= 30)) {
        sentences++;
        falseArticles += (await check(one, upstream.url, sentence)).flags.filter((f) => f.kind === 'article').length;
        const slip = / (an?) ([a-z]+)/.exec(sentence);
        if (!slip) continue;
        dropped++;
        const flags = (await check(one, upstream.url, sentence.replace(slip[0], ` ${slip[2]}`))).flags;
        if (flags.some((f) => f.kind === 'article' && f.text.includes(slip[2]))) found++;
        else if (flags.some((f) => f.kind === 'grammar')) unlinkable++;
      }
    } finally {
      await one.close();
    }
    report.say();
    report.say(
      `Articles, sentence by sentence (${sentences} development sentences of ≤ 30 words): ${falseArticles} article flags on them as written; of ${dropped} with their first a/an dropped, ${found} found (${((100 * found) / dropped).toFixed(1)} %), ${unlinkable} more said not to link.`,
    );
    if (!next) report.say('\n(no production build: run `npm run build` for the BFF figures)');
    report.save();
  } finally {
    await next?.stop();
    upstream.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
