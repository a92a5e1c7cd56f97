import { createHash, randomUUID } from 'node:crypto';
import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';
import { XMLParser } from 'fast-xml-parser';
import type { Db } from '../db/database';
import type { NewsFeedSource } from '../platform/config';
import type { Clock } from '../platform/time';
import type { DocumentInput } from './document-input';
import { readableArticle, textOfHtml } from './html-text';
import type { ContentLibrary } from './library';

/*
 * News feeds: the RSS 2.0 and Atom feeds the operator lists in NEWS_FEEDS, read on a schedule and
 * imported as documents of category `news`. Conditional requests spare an unchanged feed; an item
 * once seen (by guid, else link) is never imported again, whichever instance saw it; instances on
 * one database take turns per feed under a lease. A failing feed is logged and tried again at the
 * next reading: nothing here throws into the upstream.
 */

export interface FeedItem {
  /** What tells the item apart for good: its guid (Atom: id), else its link. */
  key: string;
  title: string;
  link?: string;
  published?: Date;
  /** The item's full text as HTML (RSS content:encoded, Atom content), when the feed carries it. */
  html?: string;
  /** Atom content of type text: plain text already. */
  text?: string;
}

export interface ParsedFeed {
  title: string;
  link?: string;
  /** The feed's own copyright or rights line. */
  rights?: string;
  items: FeedItem[];
}

export class FeedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'FeedError';
  }
}

const xml = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  isArray: (name) => name === 'item' || name === 'entry' || name === 'link',
  // Atom content of type xhtml is markup inside the feed: kept raw, to be read as HTML.
  stopNodes: ['*.entry.content', '*.entry.summary'],
});

type Node = Record<string, unknown>;
const asNode = (value: unknown): Node | undefined =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Node) : undefined;

/** The text of an element however the parser gave it: a string, or an object with #text. */
function textOf(value: unknown): string | undefined {
  if (Array.isArray(value)) return textOf(value[0]);
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return String(value);
  const text = asNode(value)?.['#text'];
  return typeof text === 'string' || typeof text === 'number' ? String(text) : undefined;
}

const clean = (value: string | undefined) => value?.replace(/\s+/g, ' ').trim() || undefined;

// An RSS or Atom title may hold markup ("Q&amp;A <b>now</b>"): the reader sees its text.
const plainTitle = (value: string | undefined) => clean(value && /[<&]/.test(value) ? textOfHtml(value) : value);

function dateOf(value: string | undefined): Date | undefined {
  if (!value) return undefined;
  const date = new Date(value.trim());
  return Number.isNaN(date.getTime()) ? undefined : date;
}

const xmlEntities: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

/** Raw XML character data (a stop node's) as the text it stands for: CDATA kept, entities decoded. */
function characterData(raw: string): string {
  return raw
    .split(/(<!\[CDATA\[[\s\S]*?\]\]>)/)
    .map((part) =>
      part.startsWith('<![CDATA[')
        ? part.slice(9, -3)
        : part.replace(/&(#x[0-9a-f]+|#\d+|lt|gt|amp|quot|apos);/gi, (_, name: string) => {
            if (name[0] !== '#') return xmlEntities[name.toLowerCase()];
            const code = name[1] === 'x' || name[1] === 'X' ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1));
            return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '';
          }),
    )
    .join('');
}

function atomLink(links: unknown): string | undefined {
  const all = (Array.isArray(links) ? links : [links]).map(asNode).filter((l): l is Node => !!l);
  const alternate = all.find((l) => !l['@_rel'] || l['@_rel'] === 'alternate') ?? all[0];
  return clean(textOf(alternate?.['@_href']));
}

function atomContent(entry: Node): Pick<FeedItem, 'html' | 'text'> {
  const content = asNode(entry.content) ?? (typeof entry.content === 'string' ? { '#text': entry.content } : undefined);
  if (!content) return {};
  const raw = textOf(content) ?? '';
  const type = String(content['@_type'] ?? 'text').toLowerCase();
  if (content['@_src'] || !raw.trim()) return {};
  if (type === 'xhtml') return { html: raw };
  if (type === 'html' || type === 'text/html') return { html: characterData(raw) };
  if (type === 'text' || type === 'text/plain') return { text: characterData(raw) };
  return {};
}

/** Reads an RSS 2.0 (or RSS 1.0) or Atom feed; throws FeedError when it is neither. */
export function parseFeed(body: string): ParsedFeed {
  let doc: Node;
  try {
    doc = xml.parse(body, true) as Node;
  } catch (error) {
    throw new FeedError(`not well-formed XML: ${error instanceof Error ? error.message : String(error)}`);
  }
  const atom = asNode(doc.feed);
  if (atom) {
    const items: FeedItem[] = [];
    for (const entry of (atom.entry as unknown[] | undefined) ?? []) {
      const e = asNode(entry);
      if (!e) continue;
      const link = atomLink(e.link);
      const key = clean(textOf(e.id)) ?? link;
      if (!key) continue;
      items.push({
        key,
        title: plainTitle(textOf(e.title)) ?? link ?? key,
        link,
        published: dateOf(textOf(e.published) ?? textOf(e.updated)),
        ...atomContent(e),
      });
    }
    return {
      title: plainTitle(textOf(atom.title)) ?? '',
      link: atomLink(atom.link),
      rights: plainTitle(textOf(atom.rights)),
      items,
    };
  }
  const rdf = asNode(doc['rdf:RDF']);
  const channel = asNode(asNode(doc.rss)?.channel) ?? asNode(rdf?.channel);
  if (!channel) throw new FeedError('neither an RSS nor an Atom feed');
  const items: FeedItem[] = [];
  for (const item of ((rdf ? rdf.item : channel.item) as unknown[] | undefined) ?? []) {
    const i = asNode(item);
    if (!i) continue;
    const guid = clean(textOf(i.guid));
    // A guid is the item's address unless it says otherwise (isPermaLink="false").
    const permalink = guid && asNode(i.guid)?.['@_isPermaLink'] !== 'false' && /^https?:\/\//i.test(guid) ? guid : undefined;
    const link = clean(textOf(i.link)) ?? permalink;
    const key = guid ?? link;
    if (!key) continue;
    const html = textOf(i['content:encoded']);
    items.push({
      key,
      title: plainTitle(textOf(i.title)) ?? link ?? key,
      link,
      published: dateOf(textOf(i.pubDate) ?? textOf(i['dc:date'])),
      ...(html?.trim() ? { html } : {}),
    });
  }
  return {
    title: plainTitle(textOf(channel.title)) ?? '',
    link: clean(textOf(channel.link)),
    rights: plainTitle(textOf(channel.copyright) ?? textOf(channel['dc:rights'])),
    items,
  };
}

export interface FeedFetchLimits {
  /** The longest one request (a feed, a linked page) may take, in ms. */
  timeoutMs: number;
  /** The largest body read, in bytes; a larger answer is refused. */
  maxBytes: number;
}

export const defaultFeedLimits: FeedFetchLimits = { timeoutMs: 20_000, maxBytes: 5 * 1024 * 1024 };

interface Fetched {
  status: number;
  headers: Headers;
  body: string;
}

/** GET with a time limit and a size cap, following redirects (each checked by `guard` when
 * given); the body is read only on 2xx. */
async function getText(
  url: string,
  headers: Record<string, string>,
  limits: FeedFetchLimits,
  signal?: AbortSignal,
  guard?: (url: URL) => Promise<void>,
): Promise<Fetched> {
  const timeout = AbortSignal.timeout(limits.timeoutMs);
  const combined = signal ? AbortSignal.any([timeout, signal]) : timeout;
  let current = new URL(url);
  let response: Response;
  for (let hop = 0; ; hop++) {
    await guard?.(current);
    response = await fetch(current, {
      headers: { 'user-agent': 'Yujing news reader', ...headers },
      // With a guard, each hop is checked before it is followed.
      redirect: guard ? 'manual' : 'follow',
      signal: combined,
    }).catch((error: unknown) => {
      if (timeout.aborted) throw new FeedError(`${url}: no answer in ${limits.timeoutMs} ms`);
      throw new FeedError(
        `${url}: ${error instanceof Error ? (error.cause as Error | undefined)?.message || error.message : String(error)}`,
      );
    });
    const location = response.headers.get('location');
    if (!guard || response.status < 300 || response.status > 399 || !location) break;
    await response.body?.cancel();
    if (hop === 5) throw new FeedError(`${url}: more than 5 redirects`);
    current = new URL(location, current);
    if (current.protocol !== 'http:' && current.protocol !== 'https:') {
      throw new FeedError(`${url}: redirected to ${current.protocol} address`);
    }
  }
  if (response.status < 200 || response.status > 299) {
    await response.body?.cancel();
    return { status: response.status, headers: response.headers, body: '' };
  }
  const declared = Number(response.headers.get('content-length'));
  if (declared > limits.maxBytes) {
    await response.body?.cancel();
    throw new FeedError(`${url}: ${declared} bytes, more than the ${limits.maxBytes} allowed`);
  }
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = response.body?.getReader();
  try {
    for (let part = await reader?.read(); part && !part.done; part = await reader?.read()) {
      size += part.value.byteLength;
      if (size > limits.maxBytes) {
        await reader?.cancel().catch(() => {});
        throw new FeedError(`${url}: more than the ${limits.maxBytes} bytes allowed`);
      }
      chunks.push(part.value);
    }
  } catch (error) {
    if (error instanceof FeedError) throw error;
    if (timeout.aborted) throw new FeedError(`${url}: no answer in ${limits.timeoutMs} ms`);
    throw new FeedError(`${url}: ${error instanceof Error ? error.message : String(error)}`);
  }
  return { status: response.status, headers: response.headers, body: decode(Buffer.concat(chunks), response.headers) };
}

// UTF-8 unless the answer or the XML declaration names another encoding that Node knows.
function decode(bytes: Buffer, headers: Headers): string {
  const head = bytes.subarray(0, 200).toString('latin1');
  const named =
    /charset=["']?([\w-]+)/i.exec(headers.get('content-type') ?? '')?.[1] ?? /encoding=["']([\w-]+)["']/i.exec(head)?.[1];
  try {
    return new TextDecoder(named ?? 'utf-8').decode(bytes);
  } catch {
    return new TextDecoder('utf-8').decode(bytes);
  }
}

// Addresses a linked page may not be on: the machine itself, private networks, link-local (cloud
// metadata services), unspecified and multicast. A feed is the operator's choice; the pages its
// items link to are the publisher's, and their text is shown to everyone.
const privateAddresses = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 3],
] as const) {
  privateAddresses.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 127],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  privateAddresses.addSubnet(network, prefix, 'ipv6');
}

export function isPrivateAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  if (mapped) return isPrivateAddress(mapped);
  const family = isIP(address);
  return family === 0 || privateAddresses.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

/**
 * The check on every address a feed's item leads to: its own host is trusted as the feed is;
 * any other must resolve to public addresses only.
 */
function linkGuard(feedUrl: string): (url: URL) => Promise<void> {
  const feedHost = new URL(feedUrl).host;
  return async (url) => {
    if (url.host === feedHost) return;
    const hostname = url.hostname.replace(/^\[(.*)\]$/, '$1');
    const addresses = isIP(hostname) ? [hostname] : (await lookup(hostname, { all: true }).catch(() => [])).map((a) => a.address);
    if (!addresses.length) throw new FeedError(`${url.href}: ${hostname} is not found`);
    if (addresses.some(isPrivateAddress)) {
      throw new FeedError(`${url.href}: refused, ${hostname} is a private address and not the feed's own host`);
    }
  };
}

export interface FeedReading {
  url: string;
  /** read: the feed was read (imported counts the new items); unchanged: it answered 304;
   * busy: another instance holds its lease; failed: see error (logged). */
  outcome: 'read' | 'unchanged' | 'busy' | 'failed';
  imported: number;
  /** Items of this reading that could not be imported (tried again at the next reading). */
  failed: number;
  error?: string;
}

interface FeedReaderDeps {
  db: Db;
  library: Pick<ContentLibrary, 'importDocument'>;
  log: (line: string) => void;
  now: Clock;
  sources: NewsFeedSource[];
  limits?: Partial<FeedFetchLimits>;
  /** How long a lease holds without being renewed, in ms (renewed after each item). */
  leaseMs?: number;
  /** This instance's name in the lease (default: a random one). */
  owner?: string;
}

// What a feed's articles are under when neither the operator nor the feed says.
const unknownLicence = 'Copyright of the publisher; not licensed for redistribution';
// Items read at most per feed and reading: a feed that suddenly lists thousands cannot hold the
// lease for hours, and the rest wait for the next reading.
const itemsPerReading = 100;

/** A document's filename for a feed item: its date and title, and a hash that keeps it unique. */
export function newsFilename(feedUrl: string, item: FeedItem): string {
  const hash = createHash('sha256').update(`${feedUrl}\n${item.key}`).digest('hex').slice(0, 8);
  const slug = (item.title.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).join('-').slice(0, 80).replace(/-+$/, '');
  const date = item.published?.toISOString().slice(0, 10);
  return [date, slug, hash].filter(Boolean).join('-');
}

/** Reads the configured feeds into the library. */
export function createFeedReader({ db, library, log, now, sources, limits: given, leaseMs = 5 * 60_000, owner }: FeedReaderDeps) {
  const limits = { ...defaultFeedLimits, ...given };
  const me = owner ?? randomUUID();
  const leaseUntil = () => new Date(now().getTime() + leaseMs).toISOString();

  async function takeLease(url: string): Promise<boolean> {
    await db
      .insertInto('feeds')
      .values({ url })
      .onConflict((oc) => oc.column('url').doNothing())
      .execute();
    const taken = await db
      .updateTable('feeds')
      .set({ lease_owner: me, lease_until: leaseUntil() })
      .where('url', '=', url)
      .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<=', now().toISOString())]))
      .executeTakeFirst();
    return Number(taken.numUpdatedRows) === 1;
  }

  const renewLease = (url: string) =>
    db.updateTable('feeds').set({ lease_until: leaseUntil() }).where('url', '=', url).where('lease_owner', '=', me).execute();

  const releaseLease = (url: string) =>
    db
      .updateTable('feeds')
      .set({ lease_owner: null, lease_until: null })
      .where('url', '=', url)
      .where('lease_owner', '=', me)
      .execute();

  /** The text of an item: its own full content, else the article of the page it links to. */
  async function articleText(item: FeedItem, feedUrl: string, signal?: AbortSignal): Promise<string> {
    if (item.html) {
      const text = textOfHtml(item.html);
      if (text.trim()) return text;
    }
    if (item.text?.trim()) return item.text;
    if (!item.link) throw new FeedError('the item has neither content nor a link');
    const page = new URL(item.link, feedUrl);
    if (page.protocol !== 'http:' && page.protocol !== 'https:') throw new FeedError(`${item.link}: not an http(s) link`);
    const answer = await getText(page.href, { accept: 'text/html,application/xhtml+xml' }, limits, signal, linkGuard(feedUrl));
    if (answer.status !== 200) throw new FeedError(`${page.href}: HTTP ${answer.status}`);
    return readableArticle(answer.body).text;
  }

  async function readItems(source: NewsFeedSource, feed: ParsedFeed, signal?: AbortSignal) {
    let imported = 0;
    let failed = 0;
    for (const item of feed.items.slice(0, itemsPerReading)) {
      if (signal?.aborted) break;
      const seen = await db
        .selectFrom('feed_items')
        .select('item_key')
        .where('feed_url', '=', source.url)
        .where('item_key', '=', item.key)
        .executeTakeFirst();
      if (seen) continue;
      const filename = newsFilename(source.url, item);
      try {
        const text = await articleText(item, source.url, signal);
        if (!text.trim()) throw new FeedError('no article text found');
        const link = item.link ? new URL(item.link, source.url).href : undefined;
        const doc: DocumentInput = {
          category: 'news',
          filename,
          title: item.title.slice(0, 500),
          year: item.published?.getUTCFullYear() ?? null,
          source: [source.label ?? (feed.title || new URL(source.url).host), link].filter(Boolean).join(' — ').slice(0, 1000),
          licence: (source.licence ?? feed.rights ?? unknownLicence).slice(0, 500),
          text,
        };
        // The claim: of two instances reading the same item, one inserts and imports, the other's
        // insert is ignored and it moves on.
        const claim = await db
          .insertInto('feed_items')
          .values({ feed_url: source.url, item_key: item.key, filename, seen_at: now().toISOString() })
          .onConflict((oc) => oc.columns(['feed_url', 'item_key']).doNothing())
          .executeTakeFirst();
        if (Number(claim.numInsertedOrUpdatedRows ?? 0n) !== 1) continue;
        try {
          await library.importDocument(doc);
        } catch (error) {
          // Not imported after all: the next reading may try it again.
          await db.deleteFrom('feed_items').where('feed_url', '=', source.url).where('item_key', '=', item.key).execute();
          throw error;
        }
        imported++;
      } catch (error) {
        failed++;
        log(`[feeds] ${source.url}: item ${item.key} not imported: ${messageOf(error)}`);
      }
      await renewLease(source.url);
    }
    return { imported, failed };
  }

  /** Reads one feed, if no other instance is reading it. Never throws. */
  async function readFeed(source: NewsFeedSource, signal?: AbortSignal): Promise<FeedReading> {
    const { url } = source;
    try {
      if (!(await takeLease(url))) return { url, outcome: 'busy', imported: 0, failed: 0 };
    } catch (error) {
      log(`[feeds] ${url}: ${messageOf(error)}`);
      return { url, outcome: 'failed', imported: 0, failed: 0, error: messageOf(error) };
    }
    try {
      const row = await db.selectFrom('feeds').select(['etag', 'last_modified']).where('url', '=', url).executeTakeFirstOrThrow();
      const conditions: Record<string, string> = {};
      if (row.etag) conditions['if-none-match'] = row.etag;
      if (row.last_modified) conditions['if-modified-since'] = row.last_modified;
      const answer = await getText(
        url,
        { accept: 'application/rss+xml, application/atom+xml, application/xml;q=0.9, */*;q=0.5', ...conditions },
        limits,
        signal,
      );
      if (answer.status === 304) {
        await db.updateTable('feeds').set({ checked_at: now().toISOString(), last_error: null }).where('url', '=', url).execute();
        return { url, outcome: 'unchanged', imported: 0, failed: 0 };
      }
      if (answer.status !== 200) throw new FeedError(`HTTP ${answer.status}`);
      const feed = parseFeed(answer.body);
      const { imported, failed } = await readItems(source, feed, signal);
      await db
        .updateTable('feeds')
        .set({
          title: feed.title || null,
          checked_at: now().toISOString(),
          last_error: null,
          // Validators only when every item is in: an item that failed is tried again at the next
          // reading, which a 304 would prevent.
          ...(failed === 0 && !signal?.aborted
            ? { etag: answer.headers.get('etag'), last_modified: answer.headers.get('last-modified') }
            : {}),
        })
        .where('url', '=', url)
        .execute();
      if (imported || failed) log(`[feeds] ${url}: ${imported} new article(s)${failed ? `, ${failed} failed` : ''}`);
      return { url, outcome: 'read', imported, failed };
    } catch (error) {
      const message = messageOf(error);
      log(`[feeds] ${url}: not read: ${message}`);
      await db
        .updateTable('feeds')
        .set({ checked_at: now().toISOString(), last_error: message.slice(0, 1000) })
        .where('url', '=', url)
        .execute()
        .catch(() => {});
      return { url, outcome: 'failed', imported: 0, failed: 0, error: message };
    } finally {
      await releaseLease(url).catch(() => {});
    }
  }

  /** Reads every configured feed in turn. Never throws. */
  async function readAll(signal?: AbortSignal): Promise<FeedReading[]> {
    const readings: FeedReading[] = [];
    for (const source of sources) {
      if (signal?.aborted) break;
      readings.push(await readFeed(source, signal));
    }
    return readings;
  }

  return { readFeed, readAll };
}

export type FeedReader = ReturnType<typeof createFeedReader>;

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * Reads the feeds now and then every `intervalMinutes`, each reading after the last has ended
 * (a slow feed never stacks readings). `stop` cancels what is in flight and waits for it.
 */
export function scheduleFeedReading(
  reader: Pick<FeedReader, 'readAll'>,
  intervalMinutes: number,
  log: (line: string) => void,
): () => Promise<void> {
  if (intervalMinutes <= 0) return async () => {};
  const abort = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();
  const next = (delay: number) => {
    timer = setTimeout(() => {
      running = reader
        .readAll(abort.signal)
        // readAll logs each feed's failure itself; this is for a fault of its own, which must
        // neither end the schedule nor the process.
        .catch((error: unknown) => log(`[feeds] reading failed: ${messageOf(error)}`))
        .finally(() => {
          if (!abort.signal.aborted) next(intervalMinutes * 60_000);
        });
    }, delay);
    // Reading feeds never keeps the process alive on its own.
    timer.unref();
  };
  next(0);
  return async () => {
    abort.abort();
    clearTimeout(timer);
    await running.catch(() => {});
  };
}
