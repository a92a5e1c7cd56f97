import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { NewsFeedSource } from '../platform/config';
import { openTestDatabase, startTestUpstream, testClock, type TestDatabase } from '../test-harness';
import { createFeedReader, isPrivateAddress, newsFilename, parseFeed, scheduleFeedReading } from './feeds';
import { createContentLibrary } from './library';

/*
 * The feeds are served by a real HTTP server in this file, and read over the network the way the
 * upstream reads a publisher's.
 */

const riverText =
  'The river rose by two metres overnight, and the town prepared for the worst. ' +
  'Volunteers filled sandbags until dawn while the rain kept falling on the old stone bridge.';

const rss = (items: string) => `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:content="http://purl.org/rss/1.0/modules/content/">
  <channel>
    <title>Local Gazette</title>
    <link>http://gazette.example/</link>
    <copyright>CC BY 4.0 Local Gazette</copyright>
    ${items}
  </channel>
</rss>`;

const rssItems = `
    <item>
      <guid isPermaLink="false">gazette-1</guid>
      <title>Library opens &amp; readers arrive</title>
      <link>http://gazette.example/library</link>
      <pubDate>Tue, 24 Nov 2026 08:00:00 GMT</pubDate>
      <description>Short summary only.</description>
      <content:encoded><![CDATA[<h2>A new home for books</h2><p>The new library opened its doors on Monday morning.</p><p>Hundreds of readers came to borrow their first books.</p>]]></content:encoded>
    </item>
    <item>
      <title>River rises</title>
      <link>/articles/river.html</link>
      <pubDate>Wed, 25 Nov 2026 09:30:00 GMT</pubDate>
      <description>The river is rising.</description>
    </item>`;

const atom = `<?xml version="1.0" encoding="utf-8"?>
<feed xmlns="http://www.w3.org/2005/Atom">
  <title type="text">Science Notes</title>
  <link rel="alternate" href="http://science.example/"/>
  <link rel="self" href="http://science.example/atom.xml"/>
  <rights>Public domain</rights>
  <updated>2026-11-20T12:00:00Z</updated>
  <entry>
    <id>urn:uuid:atom-1</id>
    <title type="html">Bees &lt;em&gt;dance&lt;/em&gt;</title>
    <link rel="alternate" href="http://science.example/bees"/>
    <published>2026-11-20T12:00:00Z</published>
    <content type="html">&lt;p&gt;Bees tell each other where flowers are by dancing.&lt;/p&gt;&lt;p&gt;The dance points the way &amp;amp; says how far.&lt;/p&gt;</content>
  </entry>
  <entry>
    <id>urn:uuid:atom-2</id>
    <title>Ants march</title>
    <link href="http://science.example/ants"/>
    <updated>2026-11-19T12:00:00Z</updated>
    <content type="xhtml"><div xmlns="http://www.w3.org/1999/xhtml"><p>Ants follow the scent their sisters leave.</p><p>They find the shortest path together.</p></div></content>
  </entry>
  <entry>
    <id>urn:uuid:atom-3</id>
    <title>Owls see</title>
    <link href="http://science.example/owls"/>
    <updated>2026-11-18T12:00:00Z</updated>
    <content type="text">Owls see well at night. Their eyes are very large.</content>
  </entry>
</feed>`;

const riverPage = `<!doctype html><html><head><title>River rises - Local Gazette</title></head><body>
  <nav><a href="/">Home</a> <a href="/sport">Sport</a> <a href="/weather">Weather menu link</a></nav>
  <article><h1>River rises</h1>${`<p>${riverText}</p>`.repeat(4)}</article>
  <footer>Subscribe to our newsletter footer text.</footer>
</body></html>`;

interface Seen {
  path: string;
  headers: IncomingHttpHeaders;
}

let server: Server;
let base: string;
const requests: Seen[] = [];
// What /rss.xml lists: a test may add an item.
let rssBody = rss(rssItems);
const racers: ServerResponse[] = [];
// /held-atom.xml: the Atom feed, answered only when a test says so.
let heldAtom: ServerResponse | null = null;

beforeAll(async () => {
  server = createServer((req, res) => {
    const url = req.url ?? '/';
    requests.push({ path: url, headers: req.headers });
    if (url === '/rss.xml') {
      // A conditional request is answered 304 while the feed is as it was.
      const etag = `"v${rssBody.length}"`;
      const lastModified = 'Wed, 25 Nov 2026 10:00:00 GMT';
      if (req.headers['if-none-match'] === etag) {
        res.writeHead(304, { etag }).end();
        return;
      }
      res.writeHead(200, { 'content-type': 'application/rss+xml; charset=utf-8', etag, 'last-modified': lastModified });
      res.end(rssBody);
    } else if (url === '/race.xml') {
      res.writeHead(200, { 'content-type': 'application/rss+xml' });
      res.end(rss('<item><guid>race-1</guid><title>River rises</title><link>/articles/race.html</link></item>'));
    } else if (url === '/articles/race.html') {
      // Answered once two readers are both waiting for it: both have got past "seen yet?".
      racers.push(res);
      if (racers.length === 2) for (const r of racers.splice(0)) r.writeHead(200, { 'content-type': 'text/html' }).end(riverPage);
    } else if (url === '/guarded.xml') {
      const port = (server.address() as AddressInfo).port;
      res.writeHead(200, { 'content-type': 'application/rss+xml' });
      res.end(
        rss(`<item><guid>own</guid><title>Own host</title><link>/articles/river.html</link></item>
             <item><guid>other</guid><title>Other host</title><link>http://localhost:${port}/articles/river.html</link></item>
             <item><guid>bounce</guid><title>Bounced</title><link>/articles/bounce</link></item>`),
      );
    } else if (url === '/articles/bounce') {
      res.writeHead(302, { location: `http://localhost:${(server.address() as AddressInfo).port}/articles/river.html` }).end();
    } else if (url === '/plain-rss.xml') {
      res.writeHead(200, { 'content-type': 'application/rss+xml' }).end(rss(rssItems));
    } else if (url === '/atom.xml') {
      res.writeHead(200, { 'content-type': 'application/atom+xml' }).end(atom);
    } else if (url === '/held-atom.xml') {
      heldAtom = res;
    } else if (url === '/articles/river.html') {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(riverPage);
    } else if (url === '/broken.xml') {
      res.writeHead(200, { 'content-type': 'application/rss+xml' }).end('<rss><channel><item><title>Oops</channel></rss>');
    } else if (url === '/html-not-feed') {
      res.writeHead(200, { 'content-type': 'text/html' }).end('<html><body><p>Not a feed</p></body></html>');
    } else if (url === '/error.xml') {
      res.writeHead(500).end('boom');
    } else if (url === '/slow.xml') {
      // Never answers: the reader's time limit ends it.
      res.writeHead(200, { 'content-type': 'application/rss+xml' });
      res.write('<?xml version="1.0"?><rss version="2.0"><channel>');
    } else if (url === '/huge.xml') {
      // Declared too large: refused before the body is read.
      const body = rss(`<item><guid>big</guid><title>Big</title><description>${'x'.repeat(50_000)}</description></item>`);
      res.writeHead(200, { 'content-type': 'application/rss+xml', 'content-length': Buffer.byteLength(body) });
      res.end(body);
    } else if (url === '/huge-chunked.xml') {
      // No length declared: the cap applies as the body streams in.
      res.writeHead(200, { 'content-type': 'application/rss+xml' });
      for (let i = 0; i < 30; i++) res.write(`<!-- ${'y'.repeat(1_000)} -->`);
      res.end();
    } else if (url === '/dead-link.xml') {
      res.writeHead(200, { 'content-type': 'application/rss+xml', etag: '"dead"' });
      res.end(
        rss(
          `<item><guid>ok</guid><title>Fine</title><content:encoded>&lt;p&gt;This one is fine and has its text.&lt;/p&gt;</content:encoded></item>
           <item><guid>gone</guid><title>Gone</title><link>/articles/missing.html</link></item>`,
        ),
      );
    } else {
      res.writeHead(404).end('not found');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

describe('parseFeed', () => {
  it('reads RSS 2.0: guid or link as the key, full content, dates, the feed rights', () => {
    const feed = parseFeed(rss(rssItems));
    expect(feed).toMatchObject({ title: 'Local Gazette', link: 'http://gazette.example/', rights: 'CC BY 4.0 Local Gazette' });
    expect(feed.items).toEqual([
      {
        key: 'gazette-1',
        title: 'Library opens & readers arrive',
        link: 'http://gazette.example/library',
        published: new Date('2026-11-24T08:00:00Z'),
        html: expect.stringContaining('<p>The new library opened its doors on Monday morning.</p>'),
      },
      {
        key: '/articles/river.html',
        title: 'River rises',
        link: '/articles/river.html',
        published: new Date('2026-11-25T09:30:00Z'),
      },
    ]);
  });

  it('reads Atom: html, xhtml and text content, titles with markup, the alternate link', () => {
    const feed = parseFeed(atom);
    expect(feed).toMatchObject({ title: 'Science Notes', link: 'http://science.example/', rights: 'Public domain' });
    expect(feed.items.map((i) => [i.key, i.title, i.link])).toEqual([
      ['urn:uuid:atom-1', 'Bees dance', 'http://science.example/bees'],
      ['urn:uuid:atom-2', 'Ants march', 'http://science.example/ants'],
      ['urn:uuid:atom-3', 'Owls see', 'http://science.example/owls'],
    ]);
    expect(feed.items[0].html).toBe(
      '<p>Bees tell each other where flowers are by dancing.</p><p>The dance points the way &amp; says how far.</p>',
    );
    expect(feed.items[1].html).toMatch(/<p>Ants follow the scent their sisters leave\.<\/p><p>They find/);
    expect(feed.items[2]).toMatchObject({
      text: 'Owls see well at night. Their eyes are very large.',
      published: new Date('2026-11-18T12:00:00Z'),
    });
  });

  it('takes a permalink guid as the link when an item has none', () => {
    const feed = parseFeed(
      rss(`<item><guid>http://gazette.example/p/7</guid><title>Seven</title></item>
           <item><guid isPermaLink="false">http://gazette.example/id/8</guid><title>Eight</title></item>`),
    );
    expect(feed.items.map((i) => [i.key, i.link])).toEqual([
      ['http://gazette.example/p/7', 'http://gazette.example/p/7'],
      ['http://gazette.example/id/8', undefined],
    ]);
  });

  it('refuses what is not a feed', () => {
    expect(() => parseFeed('<rss><channel><item></channel></rss>')).toThrow(/not well-formed XML/);
    expect(() => parseFeed('<html><body>hi</body></html>')).toThrow(/neither an RSS nor an Atom feed/);
  });

  it('names an item by its date, its title and a hash of its key', () => {
    const name = newsFilename('http://a/rss', {
      key: 'k',
      title: 'Library opens & readers arrive!',
      published: new Date('2026-11-24T08:00:00Z'),
    });
    expect(name).toMatch(/^2026-11-24-library-opens-readers-arrive-[0-9a-f]{8}$/);
    expect(newsFilename('http://b/rss', { key: 'k', title: 'Library opens & readers arrive!' })).not.toBe(name.slice(11));
  });
});

describe('reading feeds', () => {
  let database: TestDatabase;
  const clock = testClock('2026-11-25T12:00:00Z');
  let logs: string[];

  beforeEach(async () => {
    database = await openTestDatabase();
    logs = [];
    requests.length = 0;
    rssBody = rss(rssItems);
  });
  afterEach(async () => {
    await database.remove();
  });

  const readerFor = (sources: NewsFeedSource[], options: { leaseMs?: number; owner?: string; timeoutMs?: number } = {}) => {
    const { db } = database;
    const library = createContentLibrary({ db, log: () => {}, now: clock.now });
    return createFeedReader({
      db,
      library,
      log: (line) => logs.push(line),
      now: clock.now,
      sources,
      limits: { timeoutMs: options.timeoutMs ?? 5_000, maxBytes: 20_000 },
      leaseMs: options.leaseMs,
      owner: options.owner,
    });
  };

  const news = () =>
    database.db
      .selectFrom('documents')
      .select(['category', 'sub_category', 'filename', 'title', 'year', 'source', 'licence', 'text', 'word_count', 'level'])
      .where('category', '=', 'news')
      .orderBy('title')
      .execute();

  it('imports RSS items as news with source and licence, the linked page read by readability, and asks again conditionally', async () => {
    const source = { url: `${base}/rss.xml`, licence: 'CC BY 4.0', label: 'Gazette' };
    const reader = readerFor([source]);
    expect(await reader.readFeed(source)).toEqual({ url: source.url, outcome: 'read', imported: 2, failed: 0 });

    const [library, river] = await news();
    expect(library).toMatchObject({
      category: 'news',
      sub_category: '',
      title: 'Library opens & readers arrive',
      year: 2026,
      source: 'Gazette — http://gazette.example/library',
      licence: 'CC BY 4.0',
    });
    expect(library.filename).toMatch(/^2026-11-24-library-opens-readers-arrive-[0-9a-f]{8}$/);
    // The full content, not the description; the heading is a paragraph of its own.
    expect(library.text).toBe(
      'A new home for books\n\nThe new library opened its doors on Monday morning.\n\nHundreds of readers came to borrow their first books.',
    );
    expect(library.word_count).toBeGreaterThan(15);
    expect(library.level).toBeGreaterThanOrEqual(1);
    expect(river).toMatchObject({ title: 'River rises', source: `Gazette — ${base}/articles/river.html` });
    expect(river.text).toContain(riverText);
    expect(river.text).not.toMatch(/menu link|newsletter footer/);
    expect(requests.map((r) => r.path)).toEqual(['/rss.xml', '/articles/river.html']);
    expect(requests[0].headers['if-none-match']).toBeUndefined();
    // Sentences were made, as for any imported document.
    const sentences = await database.db
      .selectFrom('sentences')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(sentences.n)).toBeGreaterThanOrEqual(5);

    requests.length = 0;
    expect(await reader.readFeed(source)).toMatchObject({ outcome: 'unchanged', imported: 0 });
    expect(requests).toHaveLength(1);
    expect(requests[0].headers).toMatchObject({
      'if-none-match': `"v${rssBody.length}"`,
      'if-modified-since': 'Wed, 25 Nov 2026 10:00:00 GMT',
    });
    expect(await news()).toHaveLength(2);
    const row = await database.db.selectFrom('feeds').selectAll().executeTakeFirstOrThrow();
    expect(row).toMatchObject({ url: source.url, title: 'Local Gazette', lease_owner: null, last_error: null });

    // A new item changes the feed: only it is imported, the others are known.
    rssBody = rss(
      `${rssItems}<item><guid>gazette-3</guid><title>Market day</title><content:encoded>&lt;p&gt;Farmers sold apples in the square.&lt;/p&gt;</content:encoded></item>`,
    );
    expect(await reader.readFeed(source)).toMatchObject({ outcome: 'read', imported: 1 });
    expect((await news()).map((d) => d.title)).toEqual(['Library opens & readers arrive', 'Market day', 'River rises']);
  });

  it("takes the feed's own rights and title when the operator gives neither, for Atom too", async () => {
    const source = { url: `${base}/atom.xml` };
    expect(await readerFor([source]).readFeed(source)).toMatchObject({ outcome: 'read', imported: 3, failed: 0 });
    const docs = await news();
    expect(docs.map((d) => [d.title, d.licence, d.source])).toEqual([
      ['Ants march', 'Public domain', 'Science Notes — http://science.example/ants'],
      ['Bees dance', 'Public domain', 'Science Notes — http://science.example/bees'],
      ['Owls see', 'Public domain', 'Science Notes — http://science.example/owls'],
    ]);
    expect(docs[1].text).toBe('Bees tell each other where flowers are by dancing.\n\nThe dance points the way & says how far.');
    expect(docs[0].text).toBe('Ants follow the scent their sisters leave.\n\nThey find the shortest path together.');
  });

  it('never imports an item twice: not on a second full reading, nor by two readers at once', async () => {
    const source = { url: `${base}/plain-rss.xml` };
    const one = readerFor([source], { owner: 'one' });
    expect(await one.readFeed(source)).toMatchObject({ outcome: 'read', imported: 2 });
    // No validators: the feed is read in full again, and its items are known.
    expect(await one.readFeed(source)).toMatchObject({ outcome: 'read', imported: 0, failed: 0 });
    expect(await news()).toHaveLength(2);

    // Two instances reading a new feed at the same moment: the one that holds the lease is
    // fetching the feed (held by the server) when the other asks, and the other is told busy.
    const atomSource = { url: `${base}/held-atom.xml` };
    const first = readerFor([atomSource], { owner: 'a' }).readFeed(atomSource);
    await vi.waitFor(() => expect(heldAtom).not.toBeNull());
    expect(await readerFor([atomSource], { owner: 'b' }).readFeed(atomSource)).toMatchObject({ outcome: 'busy' });
    heldAtom!.writeHead(200, { 'content-type': 'application/atom+xml' }).end(atom);
    heldAtom = null;
    expect(await first).toMatchObject({ outcome: 'read', imported: 3 });
    expect(await news()).toHaveLength(5);
    expect(await database.db.selectFrom('feeds').select('lease_owner').execute()).toEqual([
      { lease_owner: null },
      { lease_owner: null },
    ]);
  });

  it('keeps items unique by their key even when two readers both hold a lease (an expired one)', async () => {
    const source = { url: `${base}/race.xml` };
    // Leases that expire at once: both readers read the feed, fetch the item's page together
    // (the server answers when both ask) and race to claim it.
    const readings = await Promise.all([
      readerFor([source], { owner: 'a', leaseMs: 0 }).readFeed(source),
      readerFor([source], { owner: 'b', leaseMs: 0 }).readFeed(source),
    ]);
    expect(requests.filter((r) => r.path === '/articles/race.html')).toHaveLength(2);
    expect(readings.map((r) => r.outcome)).toEqual(['read', 'read']);
    expect(readings.map((r) => r.imported).sort()).toEqual([0, 1]);
    expect(readings.map((r) => r.failed)).toEqual([0, 0]);
    expect((await news()).map((d) => d.title)).toEqual(['River rises']);
    expect(await database.db.selectFrom('feed_items').select('item_key').execute()).toEqual([{ item_key: 'race-1' }]);
  });

  it('logs a broken feed (bad XML, not a feed, 500, no answer, too large) and goes on to the next', async () => {
    const broken = ['/broken.xml', '/html-not-feed', '/error.xml', '/slow.xml', '/huge.xml', '/huge-chunked.xml'].map((p) => ({
      url: `${base}${p}`,
    }));
    const good = { url: `${base}/atom.xml` };
    const readings = await readerFor([...broken, good], { timeoutMs: 500 }).readAll();
    expect(readings.map((r) => [r.url.slice(base.length), r.outcome])).toEqual([
      ['/broken.xml', 'failed'],
      ['/html-not-feed', 'failed'],
      ['/error.xml', 'failed'],
      ['/slow.xml', 'failed'],
      ['/huge.xml', 'failed'],
      ['/huge-chunked.xml', 'failed'],
      ['/atom.xml', 'read'],
    ]);
    expect(readings.map((r) => r.error)).toEqual([
      expect.stringMatching(/not well-formed XML/),
      expect.stringMatching(/neither an RSS nor an Atom feed/),
      'HTTP 500',
      expect.stringMatching(/no answer in 500 ms/),
      expect.stringMatching(/\d+ bytes, more than the 20000 allowed/),
      expect.stringMatching(/more than the 20000 bytes allowed/),
      undefined,
    ]);
    for (const { url } of broken) expect(logs).toContainEqual(expect.stringContaining(`[feeds] ${url}: not read:`));
    expect(await news()).toHaveLength(3);
    const rows = await database.db.selectFrom('feeds').select(['url', 'last_error', 'lease_owner']).orderBy('url').execute();
    expect(rows.find((r) => r.url.endsWith('/error.xml'))).toEqual({
      url: `${base}/error.xml`,
      last_error: 'HTTP 500',
      lease_owner: null,
    });
  });

  it("fetches linked pages on the feed's own host or on public addresses only, redirects included", async () => {
    const source = { url: `${base}/guarded.xml` };
    expect(await readerFor([source]).readFeed(source)).toMatchObject({ outcome: 'read', imported: 1, failed: 2 });
    expect((await news()).map((d) => d.title)).toEqual(['Own host']);
    expect(logs).toContainEqual(expect.stringMatching(/item other not imported: .*refused, localhost is a private address/));
    expect(logs).toContainEqual(expect.stringMatching(/item bounce not imported: .*refused, localhost is a private address/));
    expect(requests.map((r) => r.path)).toEqual(['/guarded.xml', '/articles/river.html', '/articles/bounce']);
    expect(
      [
        '10.1.2.3',
        '172.20.0.1',
        '192.168.1.1',
        '127.0.0.1',
        '169.254.169.254',
        '::1',
        'fd00::1',
        'fe80::1',
        '::ffff:10.0.0.1',
      ].filter(isPrivateAddress),
    ).toHaveLength(9);
    expect(['93.184.216.34', '2606:4700::1111', '::ffff:8.8.8.8'].some(isPrivateAddress)).toBe(false);
  });

  it('imports the good items of a feed whose link is dead, and reads the whole feed again next time', async () => {
    const source = { url: `${base}/dead-link.xml` };
    const reader = readerFor([source]);
    expect(await reader.readFeed(source)).toMatchObject({ outcome: 'read', imported: 1, failed: 1 });
    expect(logs).toContainEqual(expect.stringMatching(/item gone not imported: .*missing\.html: HTTP 404/));
    requests.length = 0;
    expect(await reader.readFeed(source)).toMatchObject({ outcome: 'read', imported: 0, failed: 1 });
    // No validators were kept, so the feed is asked for unconditionally and the dead item tried again.
    expect(requests.map((r) => [r.path, r.headers['if-none-match']])).toEqual([
      ['/dead-link.xml', undefined],
      ['/articles/missing.html', undefined],
    ]);
    expect((await news()).map((d) => d.title)).toEqual(['Fine']);
  });
});

describe('the schedule', () => {
  it('reads at once, and stop cancels the reading in flight and waits for it', async () => {
    let started = 0;
    let seenSignal: AbortSignal | undefined;
    let finished = false;
    const stop = scheduleFeedReading(
      {
        readAll: (signal) => {
          started++;
          seenSignal = signal;
          return new Promise((resolve) =>
            signal?.addEventListener('abort', () => {
              finished = true;
              resolve([]);
            }),
          );
        },
      },
      60,
      () => {},
    );
    await expect.poll(() => started).toBe(1);
    await stop();
    expect(seenSignal?.aborted).toBe(true);
    expect(finished).toBe(true);
    expect(started).toBe(1);
  });

  it('logs a reading that fails of itself, and keeps the schedule', async () => {
    const lines: string[] = [];
    const stop = scheduleFeedReading(
      {
        readAll: async () => {
          throw new Error('database gone');
        },
      },
      60,
      (line) => lines.push(line),
    );
    await expect.poll(() => lines).toEqual(['[feeds] reading failed: database gone']);
    await stop();
  });

  it('is off at 0 minutes', async () => {
    let started = 0;
    const stop = scheduleFeedReading(
      {
        readAll: async () => {
          started++;
          return [];
        },
      },
      0,
      () => {},
    );
    await new Promise((resolve) => setImmediate(resolve));
    await stop();
    expect(started).toBe(0);
  });

  it('runs in the upstream: a feed served on localhost appears in the news list, and the upstream stops cleanly', async () => {
    const upstream = await startTestUpstream({
      env: { NEWS_FEEDS: `${base}/atom.xml|CC0 1.0|Science`, NEWS_FEED_INTERVAL_MINUTES: '30' },
    });
    try {
      await expect
        .poll(async () => (await upstream.call('query_filenames', { category: 'news' })).body.data?.total, { timeout: 15_000 })
        .toBe(3);
      const { body } = await upstream.call('query_filenames', { category: 'news', order: 'newest' });
      expect(body.data.documents.map((d: { title: string }) => d.title).sort()).toEqual(['Ants march', 'Bees dance', 'Owls see']);
      expect(upstream.logs).toContainEqual('[feeds] reading 1 news feed(s) every 30 min');
    } finally {
      await upstream.stop();
    }
  });
});
