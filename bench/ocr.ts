/**
 * Photo to text (parse_image, issue 17): character accuracy on page images rendered here from
 * known English text, per condition and overall, and the call's latency. Run with
 * `npm run bench:ocr` (after `npm run build` for the BFF's latency); never part of the tests.
 *
 * The pages are made by tests/support/page-image.ts (the renderer the tests use): sentences of
 * bench/data (Alice, Pride and Prejudice, news and exam sentences) set in three fonts from npm
 * (Noto Sans, Noto Serif, Roboto Mono) at three sizes, with long words hyphenated at line ends,
 * then turned a little, speckled, saved as JPEG, or set in two columns. Each page goes through the
 * real call on the embedded upstream (a child process, as in production), one at a time, and
 * the answer's text is compared with the text set:
 *
 *   character accuracy = 1 − (edit distance / length of the text set)
 *
 * on both texts with every run of white space made one space (paragraph breaks are counted apart:
 * "paragraphs right" is the share of pages whose paragraphs came out as they were set). Latency:
 * every page of the accuracy run straight to the upstream, then BENCH_ROUNDS rounds of the
 * photo-like pages through the BFF (`next start` on the production build) when there is one.
 */
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Agent, FormData, request } from 'undici';
import { type PageOptions, renderPage } from '../tests/support/page-image';
import { startNext, type RunningNext } from '../tests/support/next-server';
import { ms, pct, reporter, startEmbeddedUpstream } from './support';

const rounds = Number(process.env.BENCH_ROUNDS ?? 5);
const pagesPerCondition = Number(process.env.BENCH_PAGES ?? 3);

interface Condition {
  name: string;
  options: Omit<PageOptions, 'paragraphs'>;
  /** Paragraphs per page (two columns need more text to be columns). */
  paragraphs?: number;
}

const conditions: Condition[] = [
  { name: 'Noto Sans 20 px', options: { font: 'sans', size: 20, columnWidth: 800 } },
  { name: 'Noto Sans 28 px', options: { font: 'sans', size: 28, columnWidth: 1000 } },
  { name: 'Noto Sans 40 px', options: { font: 'sans', size: 40, columnWidth: 1400 } },
  { name: 'Noto Serif 20 px', options: { font: 'serif', size: 20, columnWidth: 800 } },
  { name: 'Noto Serif 28 px', options: { font: 'serif', size: 28, columnWidth: 1000 } },
  { name: 'Noto Serif 40 px', options: { font: 'serif', size: 40, columnWidth: 1400 } },
  { name: 'Roboto Mono 20 px', options: { font: 'mono', size: 20, columnWidth: 800 } },
  { name: 'Roboto Mono 28 px', options: { font: 'mono', size: 28, columnWidth: 1000 } },
  { name: 'Noto Sans 28 px, turned 1.5°', options: { font: 'sans', size: 28, columnWidth: 1000, rotation: 1.5 } },
  { name: 'Noto Serif 28 px, turned −2.5°', options: { font: 'serif', size: 28, columnWidth: 1000, rotation: -2.5 } },
  { name: 'Noto Sans 28 px, noise 2 %', options: { font: 'sans', size: 28, columnWidth: 1000, noise: 0.02 } },
  { name: 'Noto Serif 28 px, noise 4 %', options: { font: 'serif', size: 28, columnWidth: 1000, noise: 0.04 } },
  {
    name: 'photo-like: Serif 28 px, turned 1°, noise 2 %, JPEG',
    options: { font: 'serif', size: 28, columnWidth: 1000, rotation: 1, noise: 0.02, format: 'jpeg' },
  },
  {
    name: 'phone photo: a page at 2,400 px wide, Serif 44 px, turned 1°, noise 2 %, JPEG',
    options: { font: 'serif', size: 44, columnWidth: 2180, rotation: 1, noise: 0.02, format: 'jpeg' },
    paragraphs: 6,
  },
  {
    name: 'two columns, Noto Sans 24 px',
    options: { font: 'sans', size: 24, columnWidth: 700, columns: 2, gutterEms: 3 },
    paragraphs: 6,
  },
  {
    name: 'two columns, Noto Serif 24 px, 2 em gutter, turned 1°',
    options: { font: 'serif', size: 24, columnWidth: 700, columns: 2, gutterEms: 2, rotation: 1 },
    paragraphs: 6,
  },
];

/** Plain ASCII sentences of bench/data, no two alike, in a fixed order. */
function sentences(): string[] {
  const all = ['bench/data/sense-dev.jsonl', 'bench/data/analysis-dev.jsonl'].flatMap((file) =>
    readFileSync(file, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => (JSON.parse(line) as { sentence: string }).sentence.replace(/[‘’]/g, "'").replace(/[“”]/g, '"')),
  );
  return [...new Set(all)].filter((s) => /^[\x20-\x7e]+$/.test(s) && s.length >= 40 && s.length <= 260);
}

/** Levenshtein distance, two rows. */
function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  let current = new Array<number>(b.length + 1);
  for (let i = 1; i <= a.length; i++) {
    current[0] = i;
    for (let j = 1; j <= b.length; j++) {
      current[j] = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    [previous, current] = [current, previous];
  }
  return previous[b.length];
}

const flat = (text: string) => text.replace(/\s+/g, ' ').trim();

async function parseImage(agent: Agent, base: string, bytes: Buffer, name: string): Promise<{ text: string; ms: number }> {
  const form = new FormData();
  form.append('file', new Blob([bytes as BlobPart]), name);
  const started = performance.now();
  const answer = await request(`${base}/api/parse_image`, { method: 'POST', dispatcher: agent, body: form });
  const json = (await answer.body.json()) as { status: string; data?: { text: string } };
  const took = performance.now() - started;
  if (answer.statusCode !== 200 || json.status !== 'OK')
    throw new Error(`parse_image: ${answer.statusCode} ${JSON.stringify(json)}`);
  return { text: json.data?.text ?? '', ms: took };
}

/** The resident memory of a process, in MB. */
function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

/**
 * Very large images, as the outside probe sent one (issue 29): a page of 8,000 × 5,000 pixels (40
 * megapixels, the largest the call took before), then one of 4,000 × 3,000 (a 12-megapixel phone
 * photo, the largest it takes now), each with two lines of text and otherwise white, as PNG
 * (`BENCH_LARGE_SIZES`, e.g. `6000x4000,3000x2000`, sets others). For each: its time, and the
 * upstream's resident memory before, at its peak (read every 20 ms), after, and 5 s later:
 * Tesseract's WebAssembly memory grows to hold the image and never shrinks, so what the worker
 * that read it keeps is what the process keeps. Then an ordinary photo, read after it.
 */
async function largeImages(report: ReturnType<typeof reporter>, agent: Agent, base: string, pid: number) {
  const sizes = (process.env.BENCH_LARGE_SIZES ?? '8000x5000,4000x3000').split(',').map((s) => {
    const [width, height] = s.split('x').map(Number);
    return { width, height };
  });
  report.say('## Very large images');
  report.say();
  for (const size of sizes) await largeImage(report, agent, base, pid, size);
}

async function largeImage(
  report: ReturnType<typeof reporter>,
  agent: Agent,
  base: string,
  pid: number,
  size: { width: number; height: number },
) {
  const { createCanvas } = await import('@napi-rs/canvas');
  const canvas = createCanvas(size.width, size.height);
  const g = canvas.getContext('2d');
  g.fillStyle = '#ffffff';
  g.fillRect(0, 0, size.width, size.height);
  g.fillStyle = '#111111';
  g.font = `${Math.round(size.width / 60)}px sans-serif`;
  const lines = ['The committee abandoned the ambiguous proposal', 'after a long debate about the old library.'];
  for (const [i, line] of lines.entries()) g.fillText(line, size.width / 20, size.height / 8 + i * (size.width / 40));
  const bytes = await canvas.encode('png');
  const ordinary = await renderPage({ paragraphs: [lines.join(' ')], font: 'serif', size: 28, columnWidth: 1000 });

  report.say(
    `${size.width} × ${size.height} px (${((size.width * size.height) / 1e6).toFixed(1)} megapixels), PNG of ${(bytes.length / 1024).toFixed(0)} KB, with two lines of text; the upstream's resident memory (RSS).`,
  );
  report.say();
  report.say('| request | answer | time | RSS before | RSS peak | RSS after | RSS 5 s later |');
  report.say('|---|---|---|---|---|---|---|');
  const send = async (name: string, body: Buffer, file: string) => {
    const before = rssMb(pid);
    let peak = before;
    const sampler = setInterval(() => {
      peak = Math.max(peak, rssMb(pid));
    }, 20);
    const form = new FormData();
    form.append('file', new Blob([body as BlobPart]), file);
    const started = performance.now();
    const answer = await request(`${base}/api/parse_image`, { method: 'POST', dispatcher: agent, body: form });
    const json = (await answer.body.json()) as { status: string; description?: string };
    const took = performance.now() - started;
    clearInterval(sampler);
    const after = rssMb(pid);
    await new Promise((resolve) => setTimeout(resolve, 5000));
    const settled = rssMb(pid);
    const mb = (n: number) => `${n.toFixed(0)} MB`;
    report.say(
      `| ${name} | ${answer.statusCode} ${json.status === 'OK' ? 'OK' : (json.description ?? json.status)} | ${ms(took)} | ${mb(before)} | ${mb(Math.max(peak, after))} | ${mb(after)} | ${mb(settled)} |`,
    );
  };
  await send('an ordinary page first', ordinary.bytes, 'page.png');
  await send('the large image', bytes, 'large.png');
  await send('the large image again', bytes, 'large.png');
  await send('an ordinary page after', ordinary.bytes, 'page.png');
  report.say();
}

async function main() {
  const report = reporter('ocr');
  const pool = sentences();
  let next = 0;
  const take = (n: number) => {
    const out = pool.slice(next, next + n);
    next += n;
    return out;
  };
  const dir = mkdtempSync(join(tmpdir(), 'yujing-bench-ocr-'));
  // Every photo is a free use (the entitlements table): the bench's visitor has enough of them.
  const upstream = await startEmbeddedUpstream({
    SEED_CONTENT: 'false',
    DATABASE_PATH: join(dir, 'db.sqlite'),
    FREE_USES_ANONYMOUS: '100000',
  });
  let bff: RunningNext | undefined;
  const agent = new Agent({ connections: 1 });
  try {
    // The first photo starts the OCR worker and opens the word data.
    const warm = await renderPage({ paragraphs: ['Warming up the reader.'], size: 28, columnWidth: 600 });
    const cold = await parseImage(agent, upstream.url, warm.bytes, 'warm.png');

    report.say('# Photo to text (parse_image): character accuracy and latency');
    report.say();
    report.say(
      `${new Date().toISOString()}; ${conditions.length} conditions × ${pagesPerCondition} pages, each page 3 paragraphs (the phone photo and two columns: 6) of bench/data sentences; the embedded upstream in a child process, one request at a time.`,
    );
    report.say();
    report.say(`First photo after start (starts the OCR worker, opens the word data): ${ms(cold.ms)}`);
    report.say();
    // BENCH_OCR=large: the large images alone.
    if (process.env.BENCH_OCR === 'large') {
      await largeImages(report, agent, upstream.url, upstream.process.pid ?? 0);
      report.save();
      return;
    }
    report.say('| condition | pages | page size (px) | characters | character accuracy | paragraphs right | upstream p50 |');
    report.say('|---|---|---|---|---|---|---|');

    let totalChars = 0;
    let totalErrors = 0;
    let pagesRight = 0;
    let pages = 0;
    const upstreamTimes: number[] = [];
    const photoLike: { bytes: Buffer; name: string }[] = [];
    for (const [c, condition] of conditions.entries()) {
      let chars = 0;
      let errors = 0;
      let right = 0;
      const times: number[] = [];
      let size = '';
      for (let p = 0; p < pagesPerCondition; p++) {
        const count = condition.paragraphs ?? 3;
        const paragraphs = Array.from({ length: count }, () => take(2).join(' '));
        const page = await renderPage({ paragraphs, seed: c * 100 + p + 1, ...condition.options });
        size = `${page.width}×${page.height}`;
        const name = `page.${condition.options.format === 'jpeg' ? 'jpg' : 'png'}`;
        if (condition.name.startsWith('photo-like')) photoLike.push({ bytes: page.bytes, name });
        const answer = await parseImage(agent, upstream.url, page.bytes, name);
        times.push(answer.ms);
        const truth = flat(page.text);
        chars += truth.length;
        errors += editDistance(flat(answer.text), truth);
        if (answer.text.split('\n\n').length === page.text.split('\n\n').length) right++;
      }
      totalChars += chars;
      totalErrors += errors;
      pagesRight += right;
      pages += pagesPerCondition;
      upstreamTimes.push(...times);
      report.say(
        `| ${condition.name} | ${pagesPerCondition} | ${size} | ${chars} | ${(100 * (1 - errors / chars)).toFixed(2)} % | ${right}/${pagesPerCondition} | ${ms(pct(times, 50))} |`,
      );
    }
    report.say(
      `| **overall** | ${pages} | | ${totalChars} | **${(100 * (1 - totalErrors / totalChars)).toFixed(2)} %** | ${pagesRight}/${pages} | ${ms(pct(upstreamTimes, 50))} |`,
    );
    report.say();

    report.say('## Latency, one request at a time');
    report.say();
    report.say('| path | photos | requests | p50 | p95 | max |');
    report.say('|---|---|---|---|---|---|');
    report.say(
      `| upstream | every page above | ${upstreamTimes.length} | ${ms(pct(upstreamTimes, 50))} | ${ms(pct(upstreamTimes, 95))} | ${ms(Math.max(...upstreamTimes))} |`,
    );
    const paths: [string, string][] = [['upstream', upstream.url]];
    if (existsSync('.next/BUILD_ID')) {
      bff = await startNext({ UPSTREAM_URL: upstream.url });
      paths.push(['through the BFF (next start)', bff.url]);
    }
    for (const [name, base] of paths) {
      const times: number[] = [];
      for (const shot of photoLike) await parseImage(agent, base, shot.bytes, shot.name);
      for (let r = 0; r < rounds; r++)
        for (const shot of photoLike) times.push((await parseImage(agent, base, shot.bytes, shot.name)).ms);
      report.say(
        `| ${name} | the photo-like pages (JPEG, ${(photoLike[0].bytes.length / 1024).toFixed(0)} KB) | ${times.length} | ${ms(pct(times, 50))} | ${ms(pct(times, 95))} | ${ms(Math.max(...times))} |`,
      );
    }
    if (!bff) report.say('\n(no production build: run `npm run build` for the BFF figures)');
    report.say();
    await largeImages(report, agent, upstream.url, upstream.process.pid ?? 0);
    report.save();
  } finally {
    await agent.close();
    await bff?.stop();
    upstream.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
