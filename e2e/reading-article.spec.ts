import { expect, test } from './fixtures';
import { seriousViolations } from './support/axe';
import { hideDebugConsole } from './support/debug-console';
import { widths } from './support/outbox';
import { clickWord, openWordIn, sentence, sentences } from './support/reading-text';

// The shipped library's first book (upstream/reading/seed.ts): category classic, so /Article.
const BOOK = '/Article/carroll-alice';
const TITLE = "Alice's Adventures in Wonderland";
const FIRST = 'Alice was beginning to get very tired of sitting by her sister on the bank';
const LAST = 'remembering her own child-life, and the happy summer days.';

const decodeEntities = (html: string) =>
  html
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>');

// On a phone the bar's one row reaches the bottom right corner, where the test environment's debug
// console puts its switch.
test.beforeEach(({ page }) => hideDebugConsole(page));

for (const [name, viewport] of [
  ['desktop', widths.desktop],
  ['phone', widths.phone],
] as const) {
  test.describe(`reading page (${name})`, () => {
    test.use({ viewport });

    test('the HTML alone holds the whole text, the title, description, canonical and JSON-LD', async ({ page }) => {
      // A shared link with its share_account and a campaign's parameters: the canonical has neither.
      const answer = await page.request.get(`${BOOK}?share_account=alice01&utm_source=wechat`);
      expect(answer.status()).toBe(200);
      const html = await answer.text();
      const text = decodeEntities(html);
      expect(text).toContain(FIRST);
      expect(text).toContain(LAST);
      expect(text).toContain(`<title>${TITLE} · 语境</title>`);
      expect(html).toMatch(/data-testid="article-text" lang="en"/);
      expect(text).toMatch(/<meta name="description" content="Alice was beginning to get very tired[^"]*"/);
      const canonical = /<link rel="canonical" href="([^"]+)"/.exec(html)?.[1];
      // The page is one for every reader, so no request's Host is in it: SITE_URL, unset here, else
      // the server's own address.
      expect(canonical).toBe(`http://localhost:${new URL(answer.url()).port}/Article/carroll-alice`);
      expect(text).toContain(`<meta property="og:url" content="${canonical}"`);
      expect(text).toContain('<meta property="og:type" content="article"');

      const ld = /<script type="application\/ld\+json">(.+?)<\/script>/.exec(html)?.[1];
      const graph = JSON.parse(ld ?? '{}')['@graph'];
      expect(graph[0]).toMatchObject({ '@type': 'Article', headline: TITLE, inLanguage: 'en', url: canonical });
      expect(graph[1]['@type']).toBe('BreadcrumbList');
      expect(graph[1].itemListElement.at(-1)).toMatchObject({ name: TITLE, item: canonical });

      // Source, licence and the document's facts are in the page too.
      expect(text).toContain('Public domain (Project Gutenberg)');
      expect(html).toContain('data-testid="document-level"');
      expect(html).toContain('data-testid="document-exam-cet4"');
    });

    test('the page is one for every reader: cached HTML without the account, which the header then shows', async ({
      page,
      learner,
    }) => {
      // The learner's cookies go along, and still the HTML is the one every reader gets.
      const first = await page.request.get(BOOK);
      const again = await page.request.get(BOOK);
      const html = await first.text();
      expect(html).not.toContain('account-trigger');
      expect(html).not.toContain('data-testid="login-button"');
      expect(html).toContain('data-testid="account-pending"');
      expect(await again.text()).toBe(html);
      // Every menu link is in the HTML for crawlers, though the page's query is unknown to it.
      expect(html).toContain('data-testid="menu-cet4"');

      await page.goto(BOOK);
      await expect(page.getByTestId('account-trigger')).toBeVisible();
      await expect(page.getByTestId('account-pending')).toHaveCount(0);
      expect(learner.email).toBeTruthy();
    });

    test('a click on a word shows its sense in that sentence; the sentence opens its analysis', async ({
      page,
      learner,
      panel,
      analysis,
      sentBodies,
    }) => {
      // Two lookups and an analysis, on a machine the other engineers' builds share.
      test.setTimeout(60_000);
      await page.goto(BOOK);
      await expect(page.getByTestId('article-reader')).toHaveAttribute('data-ready', 'true');
      await expect(page.getByTestId('article-title')).toHaveText(TITLE);

      const first = sentence(page, FIRST);
      const full = (await first.textContent()) ?? '';
      await clickWord(page, first, 'tired');
      await panel.expectLoaded('tired');
      await expect(panel.root()).toHaveAttribute('data-layout', viewport.width < 768 ? 'drawer' : 'popup');
      const query = (await sentBodies('/api/query_word')).at(-1) as Record<string, string>;
      expect(query).toMatchObject({ target_word: 'tired', from: 'Article' });
      expect(query.pre_context).toBe('Alice was beginning to get very ');
      // The context is the whole sentence the library holds, no more and no less.
      expect(`${query.pre_context}tired${query.post_context}`).toBe(full.replace(/\s+/g, ' ').trim());
      await expect(first).toHaveAttribute('data-current', '');
      await page.keyboard.press('Escape');
      await panel.expectClosed();

      // A short sentence, chosen by a click on it, for its analysis (a long one takes the tutor long).
      const short = sentence(page, 'Down, down, down.');
      await openWordIn(page, short, 'down');
      await panel.expectLoaded('down');
      await page.keyboard.press('Escape');
      await expect(short).toHaveAttribute('data-current', '');
      await page.getByTestId('sentence-analysis').click();
      const drawer = page.getByTestId('chat-drawer');
      await expect(drawer).toBeVisible();
      await expect(drawer.getByTestId('chat-drawer-sentence')).toHaveText(((await short.textContent()) ?? '').trim());
      await analysis.expectAnalysed(drawer);
    });

    test('the keyboard reaches the chosen sentence’s words through 逐词查词', async ({ page, learner, panel }) => {
      await page.goto(BOOK);
      await expect(page.getByTestId('article-reader')).toHaveAttribute('data-ready', 'true');
      await expect(page.getByTestId('article-bar')).toBeVisible();
      // axe walks the whole book's text: slow on a shared machine.
      test.setTimeout(60_000);
      expect(await seriousViolations(page, BOOK, '[data-testid="article"]')).toEqual([]);
      // Without a choice the bar works on the first sentence; › moves to the next.
      await page.getByRole('button', { name: '下一句' }).click();
      await expect(page.getByTestId('article-position')).toHaveText('第 2 句');
      const second = (await sentences(page).nth(1).textContent()) ?? '';
      const firstWord = /\p{L}+/u.exec(second)?.[0] ?? '';
      await page.getByTestId('sentence-words').click();
      const words = page.getByTestId('article-words').getByTestId('word');
      await expect(words.first()).toHaveText(firstWord);
      await words.first().focus();
      await page.keyboard.press('Enter');
      await panel.expectLoaded(firstWord);
    });

    test('plays the text sentence by sentence, in the stored mode', async ({ page }) => {
      await page.goto(BOOK);
      await expect(page.getByTestId('article-reader')).toHaveAttribute('data-ready', 'true');
      const audio: string[] = [];
      page.on('response', (r) => {
        if (r.url().includes('/api/get_text_audio') && r.ok()) audio.push(new URL(r.url()).searchParams.get('text') ?? '');
      });
      const spans = sentences(page);
      const [one, two] = [(await spans.nth(0).textContent()) ?? '', (await spans.nth(1).textContent()) ?? ''];

      // Sequence (the default): from the first sentence on, each fetched as its own audio.
      await page.getByTestId('article-play').click();
      await expect(spans.nth(0)).toHaveAttribute('data-playing', '');
      // Fetched ahead, several at a time: in whatever order they come back.
      await expect.poll(() => [one, two].every((t) => audio.includes(t)), { timeout: 15_000 }).toBe(true);
      await expect(spans.nth(1)).toHaveAttribute('data-playing', '', { timeout: 20_000 });
      await page.getByTestId('article-stop').click();
      await expect(page.locator('[data-testid="article-text"] span[data-playing]')).toHaveCount(0);

      // The mode is the stored setting (behind 更多): chosen here, kept across a reload.
      await page.getByTestId('article-more-toggle').click();
      await page.getByTestId('article-play-mode').selectOption('singleLoop');
      await page.reload();
      await expect(page.getByTestId('article-reader')).toHaveAttribute('data-ready', 'true');
      await page.getByTestId('article-more-toggle').click();
      await expect(page.getByTestId('article-play-mode')).toHaveValue('singleLoop');
    });

    test('a story read aloud follows a tap on another sentence, in the chosen accent', async ({ page }) => {
      await page.goto('/ShortStoryArticle/the-lost-umbrella');
      await expect(page.getByTestId('article-reader')).toHaveAttribute('data-ready', 'true');
      const voices: string[] = [];
      page.on('request', (r) => {
        if (r.url().includes('/api/get_text_audio')) voices.push(new URL(r.url()).searchParams.get('voice') ?? '');
      });
      await page.getByTestId('article-more-toggle').click();
      await page.getByTestId('article-voice').selectOption('uk');
      await page.getByTestId('article-more-toggle').click();
      await expect(page.getByTestId('article-more')).toHaveCount(0);
      const spans = sentences(page);
      await page.getByTestId('article-play').click();
      await expect(spans.nth(0)).toHaveAttribute('data-playing', '');
      // A tap on the fifth sentence: the reading goes on from there, and it is in view.
      await spans.nth(4).click();
      await expect(spans.nth(4)).toHaveAttribute('data-playing', '', { timeout: 15_000 });
      await expect(spans.nth(0)).not.toHaveAttribute('data-playing', '');
      await expect(spans.nth(4)).toBeInViewport();
      expect(voices.length).toBeGreaterThan(0);
      expect(voices.every((v) => v === 'uk')).toBe(true);
      await page.keyboard.press('Escape');
      await page.getByTestId('article-stop').click();
    });

    test('an unknown article, or a book asked for on another kind of page, is a 404 in the shell', async ({ page }) => {
      for (const path of ['/Article/no-such-book', '/NewsArticle/carroll-alice', '/readingArticle/carroll-alice']) {
        const answer = await page.request.get(path);
        expect(answer.status(), path).toBe(404);
        // The proxy asks whether the file is there before the page renders (a page's own
        // notFound() would reach the browser as an empty document): the HTML is the whole 404.
        const html = await answer.text();
        expect(html).toContain('<meta name="robots" content="noindex"/>');
        expect(html).toContain('data-testid="not-found"');
        expect(html).toContain('data-testid="site-header"');
        expect(html).toContain('data-testid="site-footer"');
      }
      for (const path of ['/Article/no-such-book', '/ShortStoryArticle/carroll-alice']) {
        const answer = await page.goto(path);
        expect(answer?.status()).toBe(404);
        await expect(page.getByTestId('not-found')).toBeVisible();
        await expect(page.getByTestId('site-header')).toBeVisible();
        await expect(page.getByTestId('site-footer')).toBeVisible();
      }
    });
  });
}
