import { expect, test } from './fixtures';
import { recordedStreams, recordEventStreams } from './pages/analysis-page';
import { widths } from './support/outbox';
import { freshClientAddress } from './support/visitors';

/**
 * Sentence analysis and the tutor (spec section 2, "Sentence analysis panel", "Chat panel"), on
 * the embedded upstream without a language model: the offline gloss and the offline tutor.
 */
const SENTENCE = 'The book that you lent me was so interesting that I finished it in one night.';
/** The e2e server's default free analyses a day for an anonymous visitor. */
const ANONYMOUS_FREE = 5;

for (const [name, viewport] of [
  ['desktop', widths.desktop],
  ['phone', widths.phone],
] as const) {
  test.describe(`sentence analysis (${name})`, () => {
    test.use({ viewport });

    test('analyses a sentence, explains a grammar point, answers a suggested question in a stream, takes a verdict', async ({
      page,
      learner,
      analysis,
    }) => {
      await recordEventStreams(page);
      await analysis.open();
      await analysis.analyse(SENTENCE);

      // The offline translation is a word-by-word gloss, a list of words and their senses, and says so.
      await expect(analysis.translation()).toContainText('逐词释义');
      await expect(analysis.translation()).toContainText('未配置大模型，暂不能整句翻译');
      await expect(analysis.translation().getByTestId('gloss-entry').first()).toContainText('book');
      // Layers: the main clause, then its functions, each segment labelled.
      expect(await analysis.layers().count()).toBeGreaterThanOrEqual(2);
      await expect(analysis.segment('主句')).toHaveCount(1);
      await expect(analysis.segment('谓语').first()).toBeVisible();
      await expect(analysis.segment('主语').first()).toContainText('主语');
      // Nothing is wider than the screen.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);

      // The chat greets; a question without a selected constituent is not sent.
      await expect(analysis.greeting()).toBeVisible();
      await expect(analysis.sendButton()).toBeDisabled();
      await analysis.chatInput().fill('这句话的主干是什么？');
      await expect(analysis.sendButton()).toBeEnabled();
      await analysis.chatInput().press('Enter');
      await expect(page.getByTestId('chat-hint')).toBeVisible();
      await expect(analysis.messages()).toHaveCount(0);

      // A word of the subject: its suggested questions; choosing one asks it.
      await analysis.segment('主语').first().getByTestId('segment-word').first().click();
      await expect(analysis.segment('主语').first()).toHaveAttribute('data-selected', 'true');
      await expect(analysis.suggestedQuestions().first()).toBeVisible({ timeout: 15_000 });
      const question = (await analysis.suggestedQuestions().first().textContent())!.trim();
      // About the constituent clicked, in its own words, not a template.
      expect(question).toContain('“The book that you lent me”');
      await analysis.suggestedQuestions().first().click();
      await expect(analysis.messages('user').last()).toContainText(question);
      const reply = await analysis.lastReply();

      // The reply came as a stream of several pieces, shown in order as one answer.
      const streams = (await recordedStreams(page)).filter((s) => s.url.includes('/api/ask_stream'));
      expect(streams).toHaveLength(1);
      const pieces = streams[0].data.map((d) => JSON.parse(d) as { content?: string; completed?: boolean });
      expect(pieces.length).toBeGreaterThan(2);
      expect(pieces.at(-1)?.completed).toBe(true);
      expect(new URL(streams[0].url, page.url()).searchParams.get('round_id')).toBe('0');
      // All of them, not just the first, are in the reply (the Markdown rendered).
      await expect(reply).toContainText('离线讲解');
      // It answers the question asked: the function of those words.
      await expect(reply).toContainText('在句中作主语');
      const plain = (text: string) => text.replace(/[\s*#`>_-]/g, '');
      const shown = plain((await reply.getByTestId('chat-reply').textContent()) ?? '');
      expect(shown.length).toBeGreaterThan(plain(pieces[0].content ?? '').length);
      expect(shown).toContain(plain(pieces.filter((p) => p.content).at(-1)?.content ?? '').slice(0, 6));

      // Thumbs up: it becomes a highlighted icon that cannot be clicked again.
      await reply.getByTestId('reply-thumb-up').click();
      await expect(reply.getByTestId('reply-rated-up')).toBeVisible();
      await expect(reply.getByTestId('reply-thumb-up')).toHaveCount(0);
      await expect(reply.getByTestId('reply-thumb-down')).toHaveCount(0);

      // A typed question about the selected constituent goes out with Enter, on the next round.
      await analysis.chatInput().fill('这个主语的中心词是什么？');
      await analysis.chatInput().press('Enter');
      await expect(analysis.messages('user')).toHaveCount(2);
      await analysis.lastReply();
      const second = (await recordedStreams(page)).filter((s) => s.url.includes('/api/ask_stream'))[1];
      expect(new URL(second.url, page.url()).searchParams.get('round_id')).toBe('1');

      // A grammar point of the sentence opens the explain drawer with a tab per explanation.
      await expect(analysis.grammarPoints().first()).toBeVisible();
      const point = (await analysis.grammarPoints().first().textContent())!.trim();
      await analysis.grammarPoints().first().click();
      const drawer = analysis.explainDrawer();
      await expect(drawer).toBeVisible();
      await expect(drawer.getByTestId('explain-tab').first()).toBeVisible();
      await expect(drawer.getByTestId('explanation-entries').first()).not.toBeEmpty();
      await expect(drawer).toContainText(point);
      await page.keyboard.press('Escape');
      await expect(drawer).toHaveCount(0);

      // A new conversation starts empty, with the greeting again.
      await analysis.newConversation().click();
      await expect(analysis.greeting()).toBeVisible();
      await expect(analysis.messages()).toHaveCount(0);
    });

    test('the sentence is in /Sentences and reopens with its conversation; the sentence bank filters', async ({
      page,
      learner,
      analysis,
      sentenceBook,
    }) => {
      const sentence = 'Many new schools have been built in the village since 2010.';
      await analysis.open();
      await analysis.analyse(sentence);
      await analysis.segment('谓语').first().getByTestId('segment-word').first().click();
      await analysis.suggestedQuestions().first().click();
      await analysis.lastReply();

      await sentenceBook.goto('/Sentences');
      await expect(sentenceBook.item(sentence)).toBeVisible();
      await expect(page.getByTestId('site-footer')).toHaveCount(0);
      await sentenceBook.item(sentence).getByTestId('sentence-open').click();
      const drawer = page.getByTestId('chat-drawer');
      await expect(drawer).toBeVisible();
      await analysis.expectAnalysed(drawer);
      await expect(drawer.locator('[data-testid="chat-message"][data-sender="system"]')).toHaveCount(1);
      await page.keyboard.press('Escape');

      // Into the sentence bank, then only it.
      await sentenceBook.item(sentence).getByTestId('sentence-mark').click();
      await expect(sentenceBook.item(sentence).getByTestId('sentence-mark')).toHaveAttribute('aria-pressed', 'true');
      await page.locator('[data-testid="sentence-filter"][data-filter="strange"]').click();
      await expect(sentenceBook.item(sentence)).toBeVisible();
      await expect(sentenceBook.items()).toHaveCount(1);
    });
  });
}

test.describe('analysis from the contextual dictionary', () => {
  test.use({ viewport: widths.desktop });

  test('the word panel opens the analysis of the word’s sentence in the chat drawer; a route change closes it', async ({
    page,
    learner,
    dict,
    panel,
    analysis,
  }) => {
    await dict.open();
    await dict.read(`It rained all day. ${SENTENCE}`);
    await dict.word('lent').click();
    await panel.expectLoaded('lent');
    await page.getByTestId('analyse-word-sentence').click();
    const drawer = page.getByTestId('chat-drawer');
    await expect(drawer).toBeVisible();
    await expect(drawer.getByTestId('chat-drawer-sentence')).toHaveText(SENTENCE);
    await analysis.expectAnalysed(drawer);
    await page.goto('/Sentences');
    await expect(page.getByTestId('sentence-list')).toBeVisible();
    await expect(drawer).toHaveCount(0);
  });
});

test.describe('/Grammar', () => {
  test('lists the catalogue by category, each point with its explanation', async ({ page }) => {
    const answer = await page.request.get('/Grammar');
    const html = await answer.text();
    // Rendered on the server: the points and their explanations are in the page's HTML.
    expect(html).toContain('定语从句');
    expect(html).toContain('被动语态');
    await page.goto('/Grammar');
    expect(await page.getByTestId('grammar-category').count()).toBeGreaterThan(3);
    expect(await page.getByTestId('grammar-object').count()).toBeGreaterThanOrEqual(40);
    const first = page.getByTestId('grammar-object').first();
    await first.locator('summary').click();
    await expect(first.getByTestId('explanation-entries')).toBeVisible();
  });
});

test.describe('the translate drawer', () => {
  test.use({ viewport: widths.phone });

  test('shows the original and the gloss, labelled as such', async ({ page, analysis }) => {
    await analysis.open();
    await analysis.input().fill(SENTENCE);
    await page.getByTestId('translate-sentence').click();
    const drawer = page.getByTestId('translate-drawer');
    await expect(drawer).toBeVisible();
    await expect(drawer.getByTestId('translate-original')).toHaveText(SENTENCE);
    await expect(drawer.getByTestId('translate-result')).not.toBeEmpty();
    // Without a model: the gloss as a list of words, labelled 逐词释义, never headed as a translation.
    await expect(drawer.getByRole('heading', { name: '逐词释义' }).first()).toBeVisible();
    await expect(drawer.getByRole('heading', { name: /^(翻译|译文)$/ })).toHaveCount(0);
    await expect(drawer.getByTestId('gloss-entry').first()).toBeVisible();
    await expect(drawer.getByTestId('gloss-entry').filter({ hasText: /^book/ })).toContainText('书');
    await expect(drawer).toContainText('未配置大模型，暂不能整句翻译');
  });
});

for (const [name, viewport] of [
  ['desktop', widths.desktop],
  ['phone', widths.phone],
] as const) {
  test.describe(`anonymous analysis quota (${name})`, () => {
    test.use({ viewport, extraHTTPHeaders: { 'x-forwarded-for': freshClientAddress() } });

    test('the free trial analyses a sample; once the free analyses are spent the next goes to /Login', async ({
      page,
      analysis,
    }) => {
      await analysis.open('/UseForFreeSent');
      await expect(page.getByTestId('free-trial-notice')).toBeVisible();
      await page.getByTestId('sample-sentence').first().click();
      await analysis.expectAnalysed();
      await expect(page.getByTestId('free-uses-left')).toHaveText(`今日免费句子分析还剩 ${ANONYMOUS_FREE - 1} 次`);
      for (let i = 1; i < ANONYMOUS_FREE; i++) {
        const answer = await page.request.post('/api/analyze_sentence', { data: { sentence: `We met ${i} times.` } });
        expect((await answer.json()).status).toBe('OK');
      }
      await analysis.input().fill('She has lived here since 2010.');
      await analysis.analyseButton().click();
      await expect(page).toHaveURL(/\/Login(\?|$)/);
      const back = (await page.context().cookies()).find((c) => c.name === 'yj_back');
      expect(decodeURIComponent(back?.value ?? '')).toContain('/UseForFreeSent');
    });
  });
}

test.describe('empty input', () => {
  test('a text with no word is not analysed', async ({ page, analysis, sentBodies }) => {
    await analysis.open();
    await analysis.input().fill('... 123 !!');
    await analysis.analyseButton().click();
    await expect(page.getByTestId('sentence-empty')).toBeVisible();
    await expect(page.getByTestId('analysis-panel')).toHaveAttribute('data-mode', 'empty');
    expect(await sentBodies('/api/analyze_sentence')).toEqual([]);
  });
});
