import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startNext, type RunningNext } from './support/next-server';
import { startUpstreamProcess, type UpstreamProcess } from './support/upstream-process';

/*
 * The reading page's data cache against the production build: a document stays as it was cached
 * until the import says it changed (POST /api/revalidate_documents with the shared secret), and
 * an unknown name is never cached, so a document imported later is found at once.
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

/** Imports one document as the operator does (`npm run import-content`), into the upstream's database. */
function importDoc(filename: string, title: string) {
  const file = join(dir, `${filename}.md`);
  writeFileSync(
    file,
    `---\ncategory: reading\nfilename: ${filename}\ntitle: ${title}\nsource: written for the tests\nlicence: CC0\n---\nThe cat sat on the mat. It was a sunny day.\n`,
  );
  const importer = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/import-content.ts', file], {
    env: { ...process.env, DATA_DIR: dir, DATABASE_PATH: join(dir, 'db.sqlite') },
    encoding: 'utf8',
  });
  expect(importer.status, importer.stderr).toBe(0);
}

const titleOf = async (path: string) => {
  const answer = await fetch(`${next.url}${path}`);
  const html = await answer.text();
  return { status: answer.status, title: /data-testid="article-title"[^>]*>([^<]*)</.exec(html)?.[1] };
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

  it('does not keep an unknown name: a document imported later is found at once', async () => {
    expect((await titleOf(`/readingArticle/${laterDoc}`)).status).toBe(404);
    importDoc(laterDoc, 'Later');
    expect(await titleOf(`/readingArticle/${laterDoc}`)).toEqual({ status: 200, title: 'Later' });
  }, 60_000);
});
