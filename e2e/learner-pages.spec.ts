import { expect, test } from './fixtures';

/*
 * No learner ever reads an operator's instructions (issue 34) or an offer the product cannot keep (35): starting at the home page, a
 * learner's browser follows the site's own links, breadth first, and every page it reaches is
 * read as shown (after its scripts ran) for command lines, configuration variables and the names
 * of the data sources, which belong in the README and the operator's pages. Each kind of address
 * (its first path segment) is visited a few times, so that every screen is seen without reading
 * every article.
 */

// Issue 35 adds the project's own words (a CSS unit, ECDICT's exam tag, the library's name, a
// level range of one level) and, as the e2e stack has no language model, any offer of the model's
// features: the AI review, the AI tutor, a whole-sentence translation.
const forbidden =
  /\bnpm\b|README|NEWS_FEEDS|ECDICT|\bCOCA\b|\bBNC\b|LLM_BASE_URL|\.env\b|(^|[^a-z])rem([^a-z]|$)|zk 标签|内容库|入门至入门|AI ?作文点评|向 ?AI ?老师|AI ?整句翻译|完整翻译/;
const perKind = 3;
const most = 90;
// The operator's and the sandbox's pages are not a learner's; the API and files are not pages.
const notForLearners = /^\/(api|sandbox|healthz|sitemap|robots\.txt|annotate|operator)(\/|$)|\.(xml|txt|pdf|apkg|csv|json)$/;

test('no page a learner reaches shows operator instructions or source names', async ({ page, baseURL }) => {
  test.setTimeout(300_000);
  const origin = new URL(baseURL ?? 'http://localhost').origin;
  const queue = ['/'];
  const seen = new Set(queue);
  const perKindSeen = new Map<string, number>();
  const visited: string[] = [];
  const found: string[] = [];

  while (queue.length && visited.length < most) {
    const path = queue.shift() as string;
    const kind = path.split('/')[1]?.split('?')[0] ?? '';
    if ((perKindSeen.get(kind) ?? 0) >= perKind) continue;
    perKindSeen.set(kind, (perKindSeen.get(kind) ?? 0) + 1);
    const response = await page.goto(path, { waitUntil: 'networkidle' });
    visited.push(`${path} ${response?.status()}`);
    const text = await page.locator('body').innerText();
    const hit = forbidden.exec(text);
    if (hit) found.push(`${path}: "${text.slice(Math.max(0, hit.index - 60), hit.index + 60).replace(/\s+/g, ' ')}"`);
    const links = await page.locator('a[href]').evaluateAll((as) => as.map((a) => (a as HTMLAnchorElement).href));
    for (const href of links) {
      const url = new URL(href);
      if (url.origin !== origin) continue;
      const next = url.pathname + url.search;
      if (seen.has(next) || notForLearners.test(url.pathname)) continue;
      seen.add(next);
      queue.push(next);
    }
  }

  expect(found, `pages visited:\n${visited.join('\n')}`).toEqual([]);
  // The walk reached the site's screens, not just the home page.
  expect(visited.length).toBeGreaterThan(40);
});
