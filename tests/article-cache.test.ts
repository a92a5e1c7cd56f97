import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startNext, type RunningNext } from './support/next-server';
import { rawRequest } from './support/raw-request';
import { startUpstreamProcess, type UpstreamProcess } from './support/upstream-process';

/*
 * The reading page's cache against the production build: the page is rendered once and served to
 * every reader as it was until the import says its document changed (POST
 * /api/revalidate_documents with the shared secret, which the import command sends itself when
 * SITE_URL and REVALIDATE_SECRET are set), and a name that answered 404 is found at once when
 * an import brings its document.
 */

const secret = 'test-revalidate-secret-0123456789abcdef';
// Next's data cache lives in .next/cache and outlives the run (and its database): names of this
// run's own, so that nothing a previous run cached answers for them.
const run = Date.now().toString(36);
const cachedDoc = `cached-doc-${run}`;
const laterDoc = `later-doc-${run}`;
let dir: string;
let upstream: UpstreamProcess;
let next: RunningNext;

/**
 * Imports one document as the operator does (`npm run import-content`), into the upstream's
 * database; `tellSite`: with the site's address and the secret, so the import expires the pages.
 */
function importDoc(filename: string, title: string, tellSite = false) {
  const file = join(dir, `${filename}.md`);
  writeFileSync(
    file,
    `---\ncategory: reading\nfilename: ${filename}\ntitle: ${title}\nsource: written for the tests\nlicence: CC0\n---\nThe cat sat on the mat. It was a sunny day.\n`,
  );
  const importer = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/import-content.ts', file], {
    env: {
      ...process.env,
      DATA_DIR: dir,
      DATABASE_PATH: join(dir, 'db.sqlite'),
      SITE_URL: tellSite ? next.url : '',
      REVALIDATE_SECRET: tellSite ? secret : '',
    },
    encoding: 'utf8',
  });
  expect(importer.status, importer.stderr).toBe(0);
  return importer.stdout;
}

// As a browser asks (gzip): the way by which the guard keeps a whole answer for a second
// (scripts/reading-page-cache.cjs), so the expiry below must reach that too. rawRequest opens a
// connection of its own each time: between two reads the import process holds the test for
// seconds, past the server's keep-alive.
const titleOf = async (path: string) => {
  const answer = await rawRequest(next.url, path, { headers: { 'accept-encoding': 'gzip' } });
  return { status: answer.status, title: /data-testid="article-title"[^>]*>([^<]*)</.exec(answer.body)?.[1] };
};

const revalidate = (filenames: string[], auth: string) =>
  fetch(`${next.url}/api/revalidate_documents`, {
    method: 'POST',
    headers: { authorization: auth, 'content-type': 'application/json' },
    body: JSON.stringify({ filenames }),
  });

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'yujing-article-cache-'));
  upstream = await startUpstreamProcess({ DATA_DIR: dir, DATABASE_PATH: join(dir, 'db.sqlite') });
  next = await startNext({ UPSTREAM_URL: upstream.url, REVALIDATE_SECRET: secret });
}, 120_000);

afterAll(async () => {
  await next?.stop();
  upstream?.stop();
  rmSync(dir, { recursive: true, force: true });
});

describe('the reading page’s cache', () => {
  it('keeps a document until the import revalidates it, and only with the secret', async () => {
    importDoc(cachedDoc, 'First Title');
    expect(await titleOf(`/readingArticle/${cachedDoc}`)).toEqual({ status: 200, title: 'First Title' });
    importDoc(cachedDoc, 'Second Title');
    // Served from the cache: the change is not seen yet.
    expect((await titleOf(`/readingArticle/${cachedDoc}`)).title).toBe('First Title');

    expect((await revalidate([cachedDoc], 'Bearer wrong')).status).toBe(401);
    expect((await titleOf(`/readingArticle/${cachedDoc}`)).title).toBe('First Title');

    const answer = await revalidate([cachedDoc], `Bearer ${secret}`);
    expect(await answer.json()).toEqual({ status: 'OK', data: { revalidated: 1 } });
    expect((await titleOf(`/readingArticle/${cachedDoc}`)).title).toBe('Second Title');
    // Two imports (each a process) and six page renders: roomy for a shared machine.
  }, 60_000);

  it('an import that tells the site: a name that answered 404 is found at once, a changed page shows the change', async () => {
    expect((await titleOf(`/readingArticle/${laterDoc}`)).status).toBe(404);
    expect((await titleOf(`/readingArticle/${laterDoc}`)).status).toBe(404);
    expect(importDoc(laterDoc, 'Later', true)).toContain('reading pages of 1 documents expired on the site');
    expect(await titleOf(`/readingArticle/${laterDoc}`)).toEqual({ status: 200, title: 'Later' });
    importDoc(laterDoc, 'Later Still', true);
    expect(await titleOf(`/readingArticle/${laterDoc}`)).toEqual({ status: 200, title: 'Later Still' });
  }, 60_000);

  it('an import without the site’s address says when the pages will refresh', () => {
    expect(importDoc(`quiet-doc-${run}`, 'Quiet')).toContain('refresh within the hour (set SITE_URL and REVALIDATE_SECRET');
  }, 60_000);
});
