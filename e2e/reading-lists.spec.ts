import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from './fixtures';
import { lookUp } from './support/visitors';

/*
 * The reading lists against the real product with its shipped library (upstream/reading/seed.ts):
 * public-domain books and stories in 经典 (classic) and the texts of content/, at least 15 in every
 * category, counted here from content/ itself. Everything asserted here is in the server's HTML:
 * links, not scripts.
 */

const sizes = [
  { name: 'phone', width: 375, height: 740 },
  { name: 'desktop', width: 1440, height: 900 },
] as const;

const menuProducts = [
  'postgraduate',
  'primary_school',
  'junior_high_school',
  'high_school',
  'cet4',
  'cet6',
  'ielts',
  'new_concept_english',
  'sentence',
  'essay',
  'bookworm',
  'classic',
  'word',
  'me',
];

const shippedBooks = ['carroll-alice', 'burgess-busterbrown', 'austen-persuasion'];
// The texts of content/ per category (papers in a folder per exam), as the seed reads them.
const contentDir = fileURLToPath(new URL('../content/', import.meta.url));
const shippedFiles = (fs.readdirSync(contentDir, { recursive: true }) as string[])
  .map((f) => f.split(path.sep).join('/'))
  .filter((f) => f.endsWith('.md') && path.basename(f) !== 'README.md')
  .sort();
const shippedTexts = (category: string) => shippedFiles.filter((f) => f.startsWith(`${category}/`)).length;
// The last text seeded is the newest document of the library (content/word/…: /Article/…).
const newestText = `/Article/${path.basename(shippedFiles[shippedFiles.length - 1], '.md')}`;
// The portal's picks: the six newest documents.
const portalPicks = 6;
// Every category of the menu has at least this many documents.
const fewest = 15;

for (const size of sizes) {
  test.describe(`at ${size.width} px (${size.name})`, () => {
    test.use({ viewport: { width: size.width, height: size.height } });

    for (const product of menuProducts) {
      test(`/${product} answers 200 with its documents or an empty state for the learner`, async ({ page }) => {
        const answer = await page.goto(`/${product}`);
        expect(answer?.status()).toBe(200);
        await expect(page.getByTestId('site-header')).toBeVisible();
        if (product === 'me') {
          await expect(page.getByTestId('my-login-prompt')).toBeVisible();
        } else {
          // At least 15 documents (20 a page), each with its level and length.
          const items = page.getByTestId('document-item');
          await expect(items.nth(fewest - 1)).toBeVisible();
          expect(await items.count()).toBeLessThanOrEqual(20);
          await expect(page.getByTestId('document-facts').first()).toBeVisible();
          await expect(page.getByTestId('document-link').first()).toHaveAttribute('href', /^\/Article\/[a-z0-9-]+$/);
          await expect(page.getByTestId('empty-category')).toHaveCount(0);
        }
        if (product === 'word') await expect(page.getByTestId('word-tools').getByRole('link', { name: /单词本/ })).toBeVisible();
        // Nothing wider than the screen: no sideways scrolling on a phone.
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(size.width);
        const canonical = await page.locator('link[rel="canonical"]').getAttribute('href');
        expect(canonical).toMatch(new RegExp(`/${product}$`));
      });
    }

    test('the portal offers the dictionary, today’s picks and the categories', async ({ page }) => {
      await page.goto('/');
      const picks = page.getByTestId('portal-picks').getByTestId('document-link');
      await expect(picks).toHaveCount(portalPicks);
      await expect(picks.first()).toHaveAttribute('href', newestText);
      const categories = page.getByTestId('portal-categories');
      await expect(categories.getByRole('link', { name: '经典' })).toHaveAttribute('href', '/classic');
      await expect(categories.getByRole('link', { name: '新闻' })).toHaveAttribute('href', '/ReadNewsList');

      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(size.width);

      await page.getByLabel('语境查词').fill('The cat sat on the mat.');
      await page.getByTestId('portal-dict-form').getByRole('button', { name: '开始查词' }).click();
      await expect(page).toHaveURL(/\/ContextualDictAPI\?text=The\+cat\+sat\+on\+the\+mat\./);
      await expect(page.getByTestId('word').first()).toBeVisible();
    });

    test('from a category a reader opens an article', async ({ page }) => {
      await page.goto('/classic');
      const link = page.getByTestId('document-link').filter({ hasText: "Alice's Adventures in Wonderland" });
      await expect(link).toHaveAttribute('href', '/Article/carroll-alice');
      const [answer] = await Promise.all([
        page.waitForResponse((r) => new URL(r.url()).pathname === '/Article/carroll-alice'),
        link.click(),
      ]);
      await expect(page).toHaveURL(/\/Article\/carroll-alice$/);
      expect(answer.status()).toBe(200);
      await expect(page.getByRole('heading', { level: 1, name: "Alice's Adventures in Wonderland" })).toBeVisible();
    });
  });
}

test.describe('lists', () => {
  test('the category index counts every category, none under 15, and links to its list', async ({ page }) => {
    expect((await page.goto('/CategoryIndex'))?.status()).toBe(200);
    const classic = page.locator('[data-testid="category-entry"][data-category="classic"]');
    await expect(classic.getByRole('link')).toHaveAttribute('href', '/classic');
    const essay = page.locator('[data-testid="category-entry"][data-category="essay"]');
    await expect(essay.getByTestId('category-count')).toHaveText(`${shippedTexts('essay')} 篇`);
    const news = page.locator('[data-testid="category-entry"][data-category="news"]');
    await expect(news.getByTestId('category-count')).toHaveText(`${shippedTexts('news')} 篇`);
    await expect(news.getByRole('link')).toHaveAttribute('href', '/ReadNewsList');
    const counts = await page.getByTestId('category-count').allTextContents();
    expect(counts.length).toBeGreaterThanOrEqual(18);
    for (const count of counts) expect(Number.parseInt(count, 10), count).toBeGreaterThanOrEqual(fewest);
  });

  test('the story and reading lists show the shipped texts, linked to their reading pages', async ({ page }) => {
    for (const [list, count, article] of [
      ['/ShortStoryList', shippedTexts('short_story'), /^\/ShortStoryArticle\/[a-z0-9-]+$/],
      ['/readingList', shippedTexts('reading'), /^\/readingArticle\/[a-z0-9-]+$/],
    ] as const) {
      expect((await page.goto(list))?.status(), list).toBe(200);
      await expect(page.getByTestId('document-item'), list).toHaveCount(Math.min(count, 20));
      await expect(page.getByTestId('document-link').first(), list).toHaveAttribute('href', article);
    }
  });

  test('the news and listening lists show the shipped reports and dialogues; listening says how long each takes', async ({
    page,
  }) => {
    for (const list of ['/ReadNewsList', '/listeningList']) {
      expect((await page.goto(list))?.status(), list).toBe(200);
      await expect(page.getByTestId('document-item'), list).toHaveCount(20);
      await expect(page.locator('h1'), list).toHaveCount(1);
    }
    await expect(page.getByTestId('document-duration').first()).toHaveText(/^朗读约 \d+ 分钟$/);
  });

  test('a book’s chapters link into its reading page at each chapter’s first sentence', async ({ page }) => {
    await page.goto('/classic');
    await page.getByTestId('document-item').filter({ hasText: "Alice's Adventures" }).getByTestId('chapters-link').click();
    await expect(page).toHaveURL(/\/readingChapter\/carroll-alice$/);
    const chapters = page.getByTestId('chapter-link');
    await expect(chapters.first()).toContainText('Down the Rabbit-Hole');
    expect(await chapters.count()).toBe(12);
    await expect(chapters.first()).toHaveAttribute('href', /^\/Article\/carroll-alice#s-\d+$/);
    expect((await page.goto('/readingChapter/no-such-book'))?.status()).toBe(404);
  });

  test('paging: a page past the last or no page at all is not found', async ({ page }) => {
    expect((await page.goto('/classic?page=2'))?.status()).toBe(200);
    expect((await page.goto('/classic?page=99'))?.status()).toBe(404);
    expect((await page.goto('/classic?page=abc'))?.status()).toBe(404);
    expect((await page.goto('/topicList/classic/no-such-topic'))?.status()).toBe(404);
  });

  test('an unknown product answers 404 inside the shell', async ({ page }) => {
    expect((await page.goto('/nosuchproduct'))?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: '页面不存在' })).toBeVisible();
    await expect(page.getByTestId('site-header')).toBeVisible();
  });

  test('a logged-in learner finds their lookups and word book on the portal and under 我的', async ({ page, learner }) => {
    expect(learner.email).toBeTruthy();
    await page.goto('/');
    const mine = page.getByTestId('portal-learner');
    await expect(mine.getByRole('link', { name: '全部查词记录 →' })).toHaveAttribute('href', '/ContextualDictHistory');
    await expect(mine.getByRole('link', { name: '打开单词本 →' })).toHaveAttribute('href', '/Words');
    await expect(mine.getByText('还没有记录').first()).toBeVisible();

    // After two lookups the corner lists them, newest first, and the word book has both words.
    await lookUp(page, { pre: 'We sat on the bank of the ', word: 'river', post: ' until dark.' });
    await lookUp(page, { pre: 'We ran to the ', word: 'station', post: ' in the rain.' });
    await page.goto('/');
    const lookups = mine.getByRole('heading', { name: '最近查词' }).locator('..').getByRole('listitem');
    await expect(lookups).toHaveText(['station', 'river']);
    const words = mine.getByRole('heading', { name: '我的单词本' }).locator('..').getByRole('listitem');
    await expect(words).toHaveCount(2);
    await page.goto('/me');
    await expect(page.getByTestId('my-links').getByRole('link', { name: /单词本/ })).toHaveAttribute('href', '/Words');
  });
});

test.describe('search engines', () => {
  test('robots.txt names the sitemap, which lists the pages and every article', async ({ request }) => {
    const robots = await (await request.get('/robots.txt')).text();
    expect(robots).toContain('Disallow: /api/');
    expect(robots).toContain('Disallow: /Admin');
    const sitemaps = [...robots.matchAll(/^Sitemap: (\S+)$/gm)].map((m) => new URL(m[1]).pathname);
    expect(sitemaps).toEqual(['/sitemap.xml']);

    // The shipped library fits in one sitemap, so /sitemap.xml is the whole site.
    const root = await request.get('/sitemap.xml');
    expect(root.status()).toBe(200);
    expect(root.headers()['content-type']).toContain('application/xml');
    const rootXml = await root.text();
    for (const path of ['/classic', '/CategoryIndex', '/ReadNewsList', '/listeningList']) {
      expect(rootXml).toMatch(new RegExp(`<loc>https?://[^<]+${path}</loc>`));
    }
    for (const book of shippedBooks) expect(rootXml).toMatch(new RegExp(`<loc>https?://[^<]+/Article/${book}</loc>`));
    expect(rootXml).toMatch(new RegExp(`<loc>https?://[^<]+${newestText}</loc>`));

    // The numbered sitemaps, which an index would name on a larger site, say the same.
    const pages = await request.get('/sitemap/0.xml');
    expect(pages.status()).toBe(200);
    expect(await pages.text()).toMatch(/<loc>https?:\/\/[^<]+\/classic<\/loc>/);
    const documents = await (await request.get('/sitemap/1.xml')).text();
    for (const book of shippedBooks) expect(documents).toMatch(new RegExp(`<loc>https?://[^<]+/Article/${book}</loc>`));
    expect((await request.get('/sitemap/2.xml')).status()).toBe(404);
  });
});
