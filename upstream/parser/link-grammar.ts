import { type ChildProcessWithoutNullStreams, spawn, spawnSync } from 'node:child_process';
import { createInterface } from 'node:readline';
import { releaseWhenIdle } from '../platform/idle-release';

/*
 * CMU Link Grammar (Debian `link-grammar` + `link-grammar-dictionaries-en`, LGPL-2.1) as a
 * long-lived worker: one `link-parser` process, since starting one costs ~0.2 s of dictionary
 * loading, fed one sentence at a time over a pipe.
 *
 * The process prints, for each sentence, its constituent tree and its linkage in the PostScript
 * form (words with their positions, links as [left right … (label)]). After every sentence the
 * worker also sends the command `!limit=N` (the linkage limit it already has), whose answer "limit
 * set to N" marks the end of that sentence's output: link-parser has no other way of saying it is done. Output is line-buffered
 * through `stdbuf -oL`, or a pipe would hold it back.
 *
 * A sentence that takes longer than `timeoutMs` (a pipe was seen to stall on some input) kills
 * the process; the next sentence starts a new one. Callers wait in a bounded queue.
 */

/** One link of the linkage: between two word positions (0 is LEFT-WALL), with its label (Ss*s, Op…). */
export interface Link {
  left: number;
  right: number;
  label: string;
}

/** A node of the constituent tree: its phrase label (S, NP, VP, SBAR…) and its children. */
export interface Constituent {
  label: string;
  children: (Constituent | string)[];
}

export interface Parse {
  /** The words as the parser split them, LEFT-WALL first (and RIGHT-WALL last when present). */
  words: string[];
  /** The dictionary subscript of each word (n, v-d, p…), or '' where there is none. */
  subscripts: string[];
  /** Words the dictionary did not know ([?]) or guessed ([!]), by position. */
  unknown: number[];
  links: Link[];
  tree: Constituent;
  /** When a piece of a longer sentence was parsed (clause.ts): where the piece starts in it. */
  from?: number;
}

export class ParserBusy extends Error {}
export class ParserTimeout extends Error {}
export class ParserUnavailable extends Error {}
/**
 * The parser gave no structure for the sentence: over its 254 words (link-parser refuses those),
 * or an answer without a linkage. The sentence, not the parser, is the cause: callers answer
 * without the parse (the analysis approximately) instead of failing.
 */
export class ParserNoLinkage extends Error {}

/** link-parser refuses a sentence of more words than this (its MAX_SENTENCE, less the walls). */
export const maxParsedWords = 254;

export interface LinkGrammarOptions {
  /** The program and its first arguments; the flags below are added. Default `stdbuf -oL link-parser en`. */
  command?: string[];
  /** How long one sentence may take, in ms (default 5000). */
  timeoutMs?: number;
  /** How long the worker may take to load its dictionaries, in ms (default 30000). */
  startupMs?: number;
  /** How many sentences may wait (default 64); more are refused with ParserBusy. */
  maxQueue?: number;
  /** The longest sentence passed on, in characters (default 1000); longer ones are cut. */
  maxLength?: number;
  /** How many linkages are ranked (default `defaultLinkageLimit`). */
  linkageLimit?: number;
}

/**
 * How many linkages link-parser builds and ranks by cost before answering the best (its own
 * default, kept here). A sentence with more linkages than that is sampled, so the limit trades
 * time for the chance that the best linkage is among those ranked. Measured on the dictionary's
 * development set (bench/README.md): 200 halves the parse (p50 23 → 11 ms) but costs 1.2 points
 * of first-gloss accuracy (54.5% → 53.3%).
 */
export const defaultLinkageLimit = 1000;

/** Whether Debian's link-parser is installed. */
export function linkGrammarInstalled(): boolean {
  return spawnSync('link-parser', ['--version'], { stdio: 'ignore' }).error === undefined;
}

export function createLinkGrammar(options: LinkGrammarOptions = {}) {
  const command = options.command ?? ['stdbuf', '-oL', 'link-parser', 'en'];
  const timeoutMs = options.timeoutMs ?? 5000;
  const startupMs = options.startupMs ?? 30_000;
  const maxQueue = options.maxQueue ?? 64;
  const maxLength = options.maxLength ?? 1000;
  // The sentinel command re-sets the linkage limit; a limit of 1 would make link-parser sample
  // one linkage at random instead of answering its best.
  const limit = Math.max(2, Math.floor(options.linkageLimit ?? defaultLinkageLimit));
  const sentinelCommand = `!limit=${limit}`;
  const sentinelAnswer = `limit set to ${limit}`;
  // The parser's own timeout, a little under ours, so that it gives up first where it can.
  const parserSeconds = Math.max(1, Math.floor(timeoutMs / 1000) - 1);

  let worker: Worker | null = null;
  let chain: Promise<unknown> = Promise.resolve();
  let waiting = 0;
  let closed = false;

  interface Worker {
    process: ChildProcessWithoutNullStreams;
    ready: Promise<void>;
    /** Resolves with the lines up to the next sentinel answer. */
    nextBlock(): Promise<string[]>;
  }

  function startWorker(): Worker {
    const [program, ...args] = command;
    // -spell=0: where Debian's hunspell-en-us happens to be installed (link-grammar recommends it),
    // link-parser would otherwise replace a word it does not know by a spelling guess ("zqxvort"
    // parsed as "vortex"), so that a host's packages changed the parse and what is marked unknown.
    const child = spawn(
      program,
      [...args, '-graphics=0', '-constituents=2', '-postscript=1', '-verbosity=0', '-spell=0', `-timeout=${parserSeconds}`],
      { env: { ...process.env, LANG: 'C.UTF-8', LC_ALL: 'C.UTF-8' }, stdio: 'pipe' },
    );
    let lines: string[] = [];
    let waiter: { resolve: (lines: string[]) => void; reject: (error: Error) => void } | null = null;
    let failure: Error | null = null;
    const fail = (error: Error) => {
      failure ??= error;
      waiter?.reject(failure);
      waiter = null;
    };
    child.on('error', (error) => fail(new ParserUnavailable(`link-parser could not start: ${error.message}`)));
    child.on('exit', (code, signal) => fail(new ParserUnavailable(`link-parser exited (${signal ?? code})`)));
    child.stdin.on('error', () => {
      // The exit handler reports it.
    });
    child.stderr.resume();
    createInterface({ input: child.stdout }).on('line', (line) => {
      if (line.trim() === sentinelAnswer) {
        const block = lines;
        lines = [];
        waiter?.resolve(block);
        waiter = null;
      } else {
        lines.push(line);
      }
    });
    const nextBlock = () =>
      new Promise<string[]>((resolve, reject) => {
        if (failure) return reject(failure);
        waiter = { resolve, reject };
      });
    // The first sentinel answers once the dictionary is loaded: the worker is ready.
    child.stdin.write(`${sentinelCommand}\n`);
    const ready = nextBlock().then(() => undefined);
    return { process: child, ready, nextBlock };
  }

  function stopWorker() {
    if (!worker) return;
    worker.process.kill('SIGKILL');
    worker = null;
  }

  /** Rejects with ParserTimeout after `ms` (see `afterInputDue`); `clear` stops it. */
  function deadline(ms: number, message: string) {
    let handle: NodeJS.Timeout | undefined;
    const expired = new Promise<never>((_, reject) => {
      handle = afterInputDue(ms, () => reject(new ParserTimeout(message)));
    });
    // Observed through the races below; this keeps a late rejection from going unhandled.
    expired.catch(() => {});
    return { expired, clear: () => clearTimeout(handle) };
  }

  async function parseNow(sentence: string): Promise<Parse> {
    // Certainly over link-parser's limit once split on white space alone (it splits punctuation
    // off as well): not worth a round trip.
    const line = sentenceLine(sentence, maxLength);
    if (line.split(' ').length > maxParsedWords) throw new ParserNoLinkage(`more than ${maxParsedWords} words`);
    worker ??= startWorker();
    const current = worker;
    // Loading the dictionaries is not the sentence's time: on a busy machine it takes seconds,
    // and a worker killed for it would only start loading them again.
    const loading = deadline(startupMs, `link-parser did not load its dictionaries in ${startupMs} ms`);
    let sentenceDeadline: ReturnType<typeof deadline> | undefined;
    try {
      await Promise.race([current.ready, loading.expired]);
      loading.clear();
      sentenceDeadline = deadline(timeoutMs, `link-parser took longer than ${timeoutMs} ms`);
      const timer = sentenceDeadline.expired;
      const block = current.nextBlock();
      current.process.stdin.write(`${line}\n${sentinelCommand}\n`);
      return parseOutput(await Promise.race([block, timer]));
    } catch (error) {
      // A stalled or dead process is replaced for the next sentence; one that answered without
      // a linkage is fine.
      if (worker === current && !(error instanceof ParserNoLinkage)) stopWorker();
      throw error;
    } finally {
      loading.clear();
      sentenceDeadline?.clear();
    }
  }

  // After a quiet spell the worker and its dictionaries go; the next sentence starts one again.
  const idleHolder = {
    release() {
      if (waiting === 0) stopWorker();
    },
  };
  releaseWhenIdle(idleHolder, (h) => h.release());

  return {
    /** Parses one sentence; sentences are parsed one after another. */
    parse(sentence: string): Promise<Parse> {
      if (closed) return Promise.reject(new ParserUnavailable('the parser is closed'));
      if (waiting >= maxQueue) return Promise.reject(new ParserBusy(`${waiting} sentences are waiting for the parser`));
      waiting++;
      const result = chain.then(() => parseNow(sentence));
      chain = result.catch(() => undefined).finally(() => waiting--);
      return result;
    },
    close() {
      closed = true;
      stopWorker();
    },
  };
}

export type LinkGrammar = ReturnType<typeof createLinkGrammar>;

/**
 * A timer for giving up on the parser: `fire` runs `ms` later, but only after the input already
 * due has been read. The parser is another process, but its answer is read on this event loop;
 * when synchronous work held the loop past the time (a large dictionary read on a cold start
 * takes seconds on a busy machine), the timer and the answer are due together, and timers come
 * first. `fire` therefore waits for the check phase, after the poll phase has read what the pipe
 * holds: an answer that is there wins. `clearTimeout` on the handle stops it.
 */
export function afterInputDue(ms: number, fire: () => void): NodeJS.Timeout {
  return setTimeout(() => setImmediate(fire), ms);
}

/**
 * One input line: no line breaks, and never a link-parser command (a line starting with "!"),
 * whatever the learner pasted.
 */
export function sentenceLine(sentence: string, maxLength = 1000): string {
  return sentence
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, maxLength)
    .replace(/^!+\s*/, '');
}

/** Reads one sentence's output: the constituent line, the words line, the links, `[0]`. */
export function parseOutput(lines: string[]): Parse {
  const treeLine = lines.find((l) => l.startsWith('[S') || /^\[[A-Z]+ /.test(l));
  const wordsAt = lines.findIndex((l) => l.startsWith('[('));
  if (!treeLine || wordsAt < 0) throw new ParserNoLinkage(`link-parser answered no linkage: ${lines.join(' | ').slice(0, 300)}`);
  // The words line wraps after about ten words: it runs to the line that ends with ")]".
  const wordsEnd = lines.findIndex((l, i) => i >= wordsAt && l.trimEnd().endsWith(')]'));
  const wordsText = lines.slice(wordsAt, wordsEnd < 0 ? wordsAt + 1 : wordsEnd + 1).join('');
  const rawWords = [...wordsText.matchAll(/\(((?:[^()\\]|\\.)*)\)/g)].map((m) => m[1].replace(/\\(.)/g, '$1'));
  // The links run from the line after the words to the `[0]` that ends the linkage; long ones wrap.
  const linksAt = wordsEnd < 0 ? wordsAt + 1 : wordsEnd + 1;
  const end = lines.findIndex((l, i) => i >= linksAt && /^\[\d+\]$/.test(l.trim()));
  const linkText = lines.slice(linksAt, end < 0 ? undefined : end).join('');
  const links = [...linkText.matchAll(/\[(\d+) (\d+) -?\d+ \(([^)]*)\)\]/g)].map((m) => ({
    left: Number(m[1]),
    right: Number(m[2]),
    label: m[3],
  }));
  const words: string[] = [];
  const subscripts: string[] = [];
  const unknown: number[] = [];
  for (const [i, raw] of rawWords.entries()) {
    let word = raw;
    if (/\[[?!~]\]/.test(word)) {
      unknown.push(i);
      word = word.replace(/\[[?!~]\]/g, '');
    }
    const dot = word.lastIndexOf('.');
    // Subscripts: n, v-d, a, and the spelling-guess markers such as #us in "'s.#us".
    const subscript = dot > 0 && /^#?[a-z][a-z0-9*#-]*$/.test(word.slice(dot + 1)) ? word.slice(dot + 1) : '';
    words.push(subscript ? word.slice(0, dot) : word);
    subscripts.push(subscript);
  }
  // Some linkages come without LEFT-WALL; its place is kept, so that word i is always at i + 1.
  if (words[0] !== 'LEFT-WALL') {
    words.unshift('LEFT-WALL');
    subscripts.unshift('');
    return {
      words,
      subscripts,
      unknown: unknown.map((i) => i + 1),
      links: links.map((l) => ({ ...l, left: l.left + 1, right: l.right + 1 })),
      tree: parseTree(treeLine),
    };
  }
  return { words, subscripts, unknown, links, tree: parseTree(treeLine) };
}

/** `[S [NP the bank.n NP] [VP raised.v-d …] . S]` as a tree; leaves are words without their markers. */
export function parseTree(line: string): Constituent {
  const tokens = line.trim().split(/\s+/);
  let at = 0;
  const node = (): Constituent => {
    const label = tokens[at++].slice(1);
    const children: (Constituent | string)[] = [];
    while (at < tokens.length) {
      const token = tokens[at];
      if (token.startsWith('[') && token.length > 1) {
        children.push(node());
      } else if (token === `${label}]`) {
        at++;
        return { label, children };
      } else {
        at++;
        children.push(token.replace(/\{[?!~]\}/g, '').replace(/\.#?[a-z][a-z0-9*#-]*$/, ''));
      }
    }
    return { label, children };
  };
  return node();
}
