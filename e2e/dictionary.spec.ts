import AxeBuilder from '@axe-core/playwright';
import { expect, test } from './fixtures';
import { widths } from './support/outbox';
import { freshClientAddress } from './support/visitors';

const RIVER_AND_MONEY =
  'We sat on the bank of the river and watched the boats go by.\nLater that day she deposited her salary at the bank.';
const LEAVES = 'In autumn the leaves turn red. He leaves for work at seven.';
const CJK = /[\u4e00-\u9fff]/;

// Each test that looks words up is a fresh `learner` with their own 20 free lookups, so tests do
// not share a quota.

for (const [name, viewport] of [
  ['desktop', widths.desktop],
  ['phone', widths.phone],
] as const) {
  const narrow = viewport.width < 768;

  test.describe(`contextual dictionary (${name})`, () => {
    test.use({ viewport });

    test('a click looks the word up in its sentence: tabs, UK and US phonetics, Chinese senses', async ({
      page,
      learner,
      dict,
      panel,
      sentBodies,
    }) => {
      await dict.open();
      await dict.read(RIVER_AND_MONEY);
      // Punctuation is kept as text, not as words.
      await expect(dict.text()).toContainText('watched the boats go by.');
      await expect(dict.words().filter({ hasText: /^\.$/ })).toHaveCount(0);

      await dict.word('bank').click();
      await panel.expectLoaded('bank');
      await expect(panel.root()).toHaveAttribute('data-layout', narrow ? 'drawer' : 'popup');
      await expect(dict.word('bank')).toHaveAttribute('data-current', 'true');
      const queries = () => sentBodies('/api/query_word');
      // The last request is the one shown (a development build's strict mode may ask twice).
      expect((await queries()).at(-1)).toEqual({
        pre_context: 'We sat on the ',
        post_context: ' of the river and watched the boats go by.',
        target_word: 'bank',
        from: 'ContextualDict',
      });
      await expect(panel.tabs().first()).toHaveText('bank');
      await expect(panel.selectedTab()).toHaveText('bank');
      await expect(panel.phoneticUk()).toContainText(/英\s*\/.+\//);
      await expect(panel.phoneticUs()).toContainText(/美\s*\/.+\//);
      await expect(panel.firstGloss()).toContainText(CJK);
      await expect(panel.firstGloss().getByTestId('in-text-label')).toHaveText('本文中的意思');
      await expect(panel.root().getByTestId('in-text-label')).toHaveCount(1);
      const riverSense = await panel.firstGloss().getByTestId('sense-en').textContent();
      if (narrow) {
        // The drawer locks the page behind it.
        await expect(page.locator('body')).toHaveAttribute('data-scroll-locked', /\d/);
      }

      await page.keyboard.press('Escape');
      await panel.expectClosed();
      await dict.word('bank', 1).click();
      await panel.expectLoaded('bank');
      expect((await queries()).at(-1)).toMatchObject({
        pre_context: 'Later that day she deposited her salary at the ',
        post_context: '.',
      });
      const moneySense = await panel.firstGloss().getByTestId('sense-en').textContent();
      expect(moneySense).not.toBe(riverSense);
    });

    test("the sense that fits the sentence comes first, with the word's role and the phrase it forms", async ({
      page,
      learner,
      dict,
      panel,
    }) => {
      await dict.open();
      await dict.read('The committee decided to table the proposal. The plane took off at noon. He took off his coat.');
      await dict.word('table').click();
      await panel.expectLoaded('table');
      await expect(panel.role()).toContainText('宾语是 the proposal');
      await expect(panel.firstGloss().getByTestId('pos-button')).toContainText(/^v/);
      await expect(panel.firstGloss()).toContainText(/搁置|延期/);

      await page.keyboard.press('Escape');
      await panel.expectClosed();
      await dict.word('took').click();
      await panel.expectLoaded('took');
      await expect(panel.firstGloss().getByTestId('phrase-title')).toContainText('take off');
      await expect(panel.firstGloss()).toContainText('起飞');
      await expect(panel.role()).toContainText('与 off 构成短语动词');

      await page.keyboard.press('Escape');
      await panel.expectClosed();
      await dict.word('took', 1).click();
      await panel.expectLoaded('took');
      await expect(panel.firstGloss()).toContainText('脱下');
    });

    test('the keyboard moves between words, Enter looks up, Escape closes and returns focus', async ({
      page,
      learner,
      dict,
      panel,
    }) => {
      await dict.open();
      await dict.read(RIVER_AND_MONEY);

      // Reading mode puts the keyboard on the first word.
      await expect(dict.word('We')).toBeFocused();
      for (let i = 0; i < 4; i++) await page.keyboard.press('ArrowRight');
      await expect(dict.word('bank')).toBeFocused();
      await expect(dict.currentWord()).toHaveText('bank');
      await page.keyboard.press('ArrowLeft');
      await expect(dict.word('the')).toBeFocused();
      await page.keyboard.press('ArrowRight');

      await page.keyboard.press('Enter');
      await panel.expectLoaded('bank');
      // Focus is inside the panel while it is open.
      expect(await panel.root().evaluate((el) => el.contains(document.activeElement))).toBe(true);
      await page.keyboard.press('Escape');
      await panel.expectClosed();
      await expect(dict.word('bank')).toBeFocused();

      // Down moves to a word on a later line; Home and End go to the ends.
      const before = await dict.word('bank').boundingBox();
      await page.keyboard.press('ArrowDown');
      const after = await page.locator('[data-testid="word"]:focus').boundingBox();
      expect(after!.y).toBeGreaterThan(before!.y + 5);
      await page.keyboard.press('End');
      await expect(dict.word('bank', 1)).toBeFocused();
      await page.keyboard.press('Home');
      await expect(dict.word('We')).toBeFocused();

      // Space looks up too.
      await page.keyboard.press(' ');
      await panel.expectLoaded('We');
    });

    test('one tab per lemma, operable by keyboard; a new word starts on its first tab', async ({
      page,
      learner,
      dict,
      panel,
    }) => {
      await dict.open();
      await dict.read(LEAVES);
      await dict.word('leaves').click();
      await panel.expectLoaded('leaves');
      const lemmas = await panel.tabs().allTextContents();
      expect(lemmas).toEqual(expect.arrayContaining(['leaf', 'leave']));
      await expect(panel.selectedTab()).toHaveText(lemmas[0]);

      await panel.selectedTab().focus();
      await page.keyboard.press('ArrowRight');
      await expect(panel.selectedTab()).toHaveText(lemmas[1]);
      await expect(panel.selectedTab()).toBeFocused();
      // Only the first tab's first gloss is "the meaning in this text".
      await expect(panel.root().getByTestId('in-text-label')).toHaveCount(0);
      await page.keyboard.press('Home');
      await expect(panel.selectedTab()).toHaveText(lemmas[0]);
      await page.keyboard.press('End');
      await expect(panel.selectedTab()).toHaveText(lemmas.at(-1)!);

      // The other "leaves" (a verb here) is a new tab set, opened on its first tab.
      await page.keyboard.press('Escape');
      await panel.expectClosed();
      await dict.word('leaves', 1).click();
      await panel.expectLoaded('leaves');
      await expect(panel.tabs().first()).toHaveAttribute('aria-selected', 'true');
      await expect(panel.selectedTab()).toHaveText('leave');
    });

    test('UK and US sound play through get_text_audio', async ({ page, learner, dict, panel }) => {
      await dict.open();
      await dict.read(RIVER_AND_MONEY);
      await dict.word('river').click();
      await panel.expectLoaded('river');

      for (const [phonetic, voice] of [
        [panel.phoneticUk(), 'uk'],
        [panel.phoneticUs(), 'us'],
      ] as const) {
        const play = phonetic.getByTestId('play-button');
        await expect(play).toHaveAttribute('data-state', 'wait');
        const audio = page.waitForResponse((r) => r.url().includes('/api/get_text_audio') && r.url().includes(`voice=${voice}`));
        await play.click();
        const answer = await audio;
        expect(answer.status()).toBe(200);
        expect(answer.headers()['content-type']).toMatch(/^audio\//);
        expect(new URL(answer.url()).searchParams.get('text')).toBe('river');
        // load → read → back to wait when it ends (one play in the word panel).
        await expect(play).not.toHaveAttribute('data-state', 'wait');
        await expect(play).toHaveAttribute('data-state', 'wait', { timeout: 15_000 });
      }

      // The English sense has its own play control.
      const sensePlay = panel.firstGloss().getByTestId('play-button');
      const senseAudio = page.waitForResponse((r) => r.url().includes('/api/get_text_audio'));
      await sensePlay.click();
      expect((await senseAudio).status()).toBe(200);
    });

    test('more examples, etymology and synonyms toggles, variants', async ({ page, learner, dict, panel }) => {
      await dict.open();
      await dict.read('She ran a small company in the city for many years.');
      await dict.word('ran').click();
      await panel.expectLoaded('ran');
      await expect(panel.selectedTab()).toHaveText('run');
      await expect(panel.variants()).toContainText('过去式');
      await expect(panel.variants()).toContainText('ran');

      const withMore = panel
        .glosses()
        .filter({ has: page.getByTestId('more-examples') })
        .first();
      const examples = withMore.getByTestId('example');
      await expect(examples).toHaveCount(2);
      const toggle = withMore.getByTestId('more-examples');
      await expect(toggle).toHaveText(/更多例句/);
      await expect(toggle).toHaveAttribute('aria-expanded', 'false');
      await toggle.click();
      expect(await examples.count()).toBeGreaterThan(2);
      await expect(toggle).toHaveText('收起');
      await expect(toggle).toHaveAttribute('aria-expanded', 'true');
      await toggle.click();
      await expect(examples).toHaveCount(2);

      const synonyms = panel.root().getByTestId('synonyms-toggle');
      await expect(synonyms).toHaveAttribute('aria-expanded', 'false');
      await synonyms.click();
      await expect(synonyms).toHaveAttribute('aria-expanded', 'true');
      await expect(panel.root().getByTestId('synonyms-list').locator('li').first()).toBeVisible();
      await synonyms.click();
      await expect(panel.root().getByTestId('synonyms-list')).toHaveCount(0);
    });

    test('thumbs up and down are mutually exclusive and are sent', async ({ page, learner, dict, panel, sentBodies }) => {
      await dict.open();
      await dict.read(RIVER_AND_MONEY);
      await dict.word('bank').click();
      await panel.expectLoaded('bank');
      await expect(panel.thumbUp()).toHaveCount(1);
      await expect(panel.thumbUp()).toHaveAttribute('aria-pressed', 'false');
      await expect(panel.thumbDown()).toHaveAttribute('aria-pressed', 'false');

      const up = page.waitForResponse((r) => r.url().endsWith('/api/user_feedback'));
      await panel.thumbUp().click();
      const upAnswer = await up;
      expect(upAnswer.status()).toBe(200);
      expect(((await upAnswer.json()) as { status: string }).status).toBe('OK');
      const [upBody] = await sentBodies('/api/user_feedback');
      expect(upBody).toMatchObject({ feedback_type: 1, key: expect.stringContaining('bank') });
      await expect(panel.thumbUp()).toHaveAttribute('aria-pressed', 'true');
      await expect(panel.thumbDown()).toHaveAttribute('aria-pressed', 'false');

      const down = page.waitForResponse((r) => r.url().endsWith('/api/user_feedback'));
      await panel.thumbDown().click();
      const downAnswer = await down;
      expect(downAnswer.status()).toBe(200);
      const [, downBody] = await sentBodies('/api/user_feedback');
      expect(downBody).toEqual({ ...(upBody as object), feedback_type: 0 });
      await expect(panel.thumbDown()).toHaveAttribute('aria-pressed', 'true');
      await expect(panel.thumbUp()).toHaveAttribute('aria-pressed', 'false');

      // The choice is remembered when the same word is opened again.
      await page.keyboard.press('Escape');
      await dict.word('bank').click();
      await panel.expectLoaded('bank');
      await expect(panel.thumbDown()).toHaveAttribute('aria-pressed', 'true');
    });

    test(`the part of speech explains itself in a ${narrow ? 'drawer' : 'popover'}`, async ({ page, learner, dict, panel }) => {
      await dict.open();
      await dict.read(RIVER_AND_MONEY);
      await dict.word('bank').click();
      await panel.expectLoaded('bank');
      await expect(panel.posButton()).toHaveText(/^n\.\s*名词$/);
      const explained = page.waitForResponse((r) => r.url().endsWith('/api/explain_pos'));
      await panel.posButton().click();
      expect((await explained).status()).toBe(200);
      const explanation = page.getByTestId('pos-explanation');
      await expect(explanation).toContainText('名词');
      await expect(explanation).toContainText(CJK);
      if (narrow) await expect(page.getByTestId('pos-explain-drawer')).toBeVisible();
      // Escape closes the explanation only; the word stays open.
      await page.keyboard.press('Escape');
      await expect(explanation).toHaveCount(0);
      await expect(panel.root()).toBeVisible();
    });

    test('reading mode and the open panel fit the screen and have no serious accessibility violation', async ({
      page,
      learner,
      dict,
      panel,
    }) => {
      await dict.open();
      const check = async (where: string) => {
        // The header is the shell's, checked by shell.spec.ts; this checks the dictionary's own screens.
        const results = await new AxeBuilder({ page }).exclude('#__vconsole').exclude('[data-testid="site-header"]').analyze();
        const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
        expect(serious.map((v) => `${where}: ${v.id} ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow).toBeLessThanOrEqual(0);
      };
      await check('edit mode');
      await dict.read(RIVER_AND_MONEY);
      await check('reading mode');
      await dict.word('bank').click();
      await panel.expectLoaded('bank');
      await check('word panel');
    });

    test('a word the dictionary does not know says so, without thumbs', async ({ learner, dict, panel }) => {
      await dict.open();
      await dict.read('The zorblaxian cat sat down.');
      await dict.word('zorblaxian').click();
      await expect(panel.notFound()).toBeVisible({ timeout: 15_000 });
      await expect(panel.notFound()).toContainText('未找到该单词');
      await expect(panel.thumbUp()).toHaveCount(0);
      await expect(panel.tabs()).toHaveCount(0);
    });
  });
}

test.describe('dictionary screens', () => {
  test('the text survives a reload, and edit mode goes back to the text', async ({ page, dict }) => {
    await dict.open();
    await dict.read(LEAVES);
    await page.reload();
    await expect(dict.screen()).toHaveAttribute('data-ready', 'true');
    await expect(dict.word('autumn')).toBeVisible();
    await dict.editButton().click();
    await expect(dict.input()).toHaveValue(LEAVES);
    await expect(dict.input()).toBeFocused();
  });

  test('/ContextualDictAPI shows the linked text and looks the target up at once', async ({
    page,
    learner,
    dict,
    panel,
    sentBodies,
  }) => {
    const text = 'In autumn the leaves turn red. He leaves for work at seven.';
    await page.goto(`/ContextualDictAPI?text=${encodeURIComponent(text)}&target=leaves&index=7`);
    await panel.expectLoaded('leaves');
    const sent = await sentBodies('/api/query_word');
    expect(sent.length).toBeGreaterThan(0);
    for (const body of sent) {
      expect(body).toEqual({
        target_word: 'leaves',
        pre_context: 'He ',
        post_context: ' for work at seven.',
        from: 'ContextualDictAPI',
      });
    }
    await page.keyboard.press('Escape');
    await expect(dict.word('leaves', 1)).toBeFocused();
  });

  test('a news paragraph: each clicked word shows the sense of its sentence, with its own synonyms', async ({
    page,
    learner,
    dict,
    panel,
  }) => {
    void learner;
    await dict.open();
    await dict.read(
      "Investors welcomed the central bank's move to cut interest rates. The manager listened to the company's sales pitch and agreed to buy. We sat on the river bank and watched the boats. Later she paid the money into the bank. She sent her boss a request for leave to look after her mother.",
    );
    const look = async (word: string, nth = 0) => {
      await dict.word(word, nth).click();
      await panel.expectLoaded(word);
      return panel.firstGloss();
    };
    const closePanel = async () => {
      await page.keyboard.press('Escape');
      await panel.expectClosed();
    };

    // A sales pitch is the talk that sells, not the throw of a baseball. "pitch" has that sense
    // itself (WordNet puts pitch, sales pitch and sales talk in one synset), so the compound the
    // sentence uses names the word's sense, told as sure.
    const pitch = await look('pitch');
    await expect(pitch).toContainText('推销');
    await expect(pitch.getByTestId('sense-en')).toHaveText(/promotion by means of an argument/);
    await expect(pitch.getByTestId('in-text-label')).toHaveText('本文中的意思');
    await closePanel();

    // The central bank's move is a decision, not a change of place: 步骤, not 移动.
    const move = await look('move');
    await expect(move.getByTestId('sense-en')).toHaveText(/the act of deciding to do something/);
    await expect(move).toContainText('步骤');
    await expect(move).not.toContainText('移动');
    await closePanel();

    // A request for leave is for time off work (休假), not for permission.
    const leave = await look('leave');
    await expect(leave.getByTestId('sense-en')).toHaveText(/absent from work or duty/);
    await expect(leave).toContainText('假');
    await closePanel();

    // A bank you pay money into is the institution.
    await expect(await look('bank', 1)).toContainText('银行');
    await closePanel();

    // The river bank is the land beside the water; its synonyms are that sense's, not a bank's.
    const river = await look('bank');
    await expect(river).toContainText('岸');
    await expect(river).not.toContainText('银行');
    const label = river.getByTestId('in-text-label');
    // Where the engine is unsure it says so, and shows the second sense as possible too.
    if ((await label.textContent()) === '本文中可能的意思') {
      await expect(river.getByTestId('sense-close')).toBeVisible();
      await expect(panel.glosses().nth(1).getByTestId('sense-close')).toBeVisible();
    } else await expect(label).toHaveText('本文中的意思');
    const synonyms = panel.root().getByTestId('synonyms-toggle');
    if (await synonyms.count()) {
      await synonyms.click();
      await expect(panel.root().getByTestId('synonyms-list')).not.toContainText('金融');
    }
  });

  test('/ContextualDictForZhenti takes an exam text from the link', async ({ page, learner, dict, panel, sentBodies }) => {
    await page.goto(`/ContextualDictForZhenti?text=${encodeURIComponent('The bank raised its interest rates.')}`);
    await expect(dict.word('interest')).toBeVisible();
    await dict.word('interest').click();
    await panel.expectLoaded('interest');
    const sent = await sentBodies('/api/query_word');
    expect(sent.length).toBeGreaterThan(0);
    for (const body of sent) {
      expect(body).toEqual({
        from: 'zhenti',
        target_word: 'interest',
        pre_context: 'The bank raised its ',
        post_context: ' rates.',
      });
    }
  });

  test.describe('free trial', () => {
    test.use({ extraHTTPHeaders: { 'x-forwarded-for': freshClientAddress() } });

    test('/UseForFreeDict has a sample text to click and says anonymous lookups are limited', async ({ page, dict, panel }) => {
      await dict.open('/UseForFreeDict');
      await expect(page.getByTestId('free-trial-notice')).toContainText('次数有限');
      await dict.word('bank').click();
      await panel.expectLoaded('bank');
      await page.keyboard.press('Escape');
      await page.getByTestId('free-trial-login').click();
      await expect(page.getByTestId('login-dialog')).toBeVisible();
    });
  });
});
