import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { sentences } from './support/reading-text';

/*
 * Headless Chromium has no natural voice, so the server's synthesis speaks there; a fake
 * speechSynthesis, installed before the page's scripts run, stands for a browser that has one
 * (Edge's "Microsoft Sonia Online (Natural)") and records what it is asked to say.
 */

const NATURAL_UK = 'Microsoft Sonia Online (Natural) - English (United Kingdom)';

interface Spoken {
  text: string;
  voice: string | null;
  lang: string;
}

/** Installs a speechSynthesis with these voices; each utterance lasts 400 ms. */
async function fakeSpeech(page: Page, voices: { name: string; lang: string; localService: boolean }[]) {
  await page.addInitScript((offered) => {
    const spoken: Spoken[] = [];
    (window as unknown as { __spoken: Spoken[] }).__spoken = spoken;
    class FakeUtterance extends EventTarget {
      voice: { name: string } | null = null;
      lang = '';
      rate = 1;
      volume = 1;
      pitch = 1;
      onend: ((e: Event) => void) | null = null;
      onerror: ((e: Event & { error?: string }) => void) | null = null;
      constructor(readonly text: string) {
        super();
      }
    }
    const synthesis = new EventTarget() as EventTarget & Record<string, unknown>;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let current: FakeUtterance | null = null;
    // Like a real browser: the list is empty at first and filled a moment later.
    let list: typeof offered = [];
    setTimeout(() => {
      list = offered;
      synthesis.dispatchEvent(new Event('voiceschanged'));
    }, 50);
    Object.assign(synthesis, {
      speaking: false,
      pending: false,
      paused: false,
      getVoices: () => list.map((v) => ({ ...v, voiceURI: v.name, default: false })),
      speak(u: FakeUtterance) {
        spoken.push({ text: u.text, voice: u.voice?.name ?? null, lang: u.lang });
        current = u;
        synthesis.speaking = true;
        timer = setTimeout(() => {
          current = null;
          synthesis.speaking = false;
          u.onend?.(new Event('end'));
        }, 400);
      },
      cancel() {
        clearTimeout(timer);
        const u = current;
        current = null;
        synthesis.speaking = false;
        u?.onerror?.(Object.assign(new Event('error'), { error: 'interrupted' }));
      },
      pause() {},
      resume() {},
    });
    Object.defineProperty(window, 'speechSynthesis', { value: synthesis, configurable: true });
    Object.defineProperty(window, 'SpeechSynthesisUtterance', { value: FakeUtterance, configurable: true });
  }, voices);
}

const spokenOf = (page: Page) => page.evaluate(() => (window as unknown as { __spoken: Spoken[] }).__spoken);

test.describe('natural voices', () => {
  test("where the browser has no speech, the word panel's UK button plays the server's audio", async ({
    page,
    learner,
    dict,
    panel,
  }) => {
    await page.addInitScript(() => {
      // An old browser: no Web Speech API at all.
      delete (window as { speechSynthesis?: unknown }).speechSynthesis;
    });
    await dict.open();
    await dict.read('Please consider the offer.');
    await dict.word('consider').click();
    await panel.expectLoaded('consider');
    await expect(panel.phoneticUk()).toContainText('/kənˈsɪdə/');
    const play = panel.phoneticUk().getByTestId('play-button');
    const audio = page.waitForResponse((r) => r.url().includes('/api/get_text_audio') && r.url().includes('voice=uk'));
    await play.click();
    const answer = await audio;
    expect(answer.status()).toBe(200);
    expect(new URL(answer.url()).searchParams.get('text')).toBe('consider');
    await expect(play).toHaveAttribute('data-state', 'wait', { timeout: 15_000 });
  });

  test('a plain local voice is no reason to leave the server: it still speaks', async ({ page, learner, dict, panel }) => {
    await fakeSpeech(page, [{ name: 'Microsoft Hazel - English (United Kingdom)', lang: 'en-GB', localService: true }]);
    await dict.open();
    await dict.read('Please consider the offer.');
    await dict.word('consider').click();
    await panel.expectLoaded('consider');
    const audio = page.waitForResponse((r) => r.url().includes('/api/get_text_audio') && r.url().includes('voice=uk'));
    await panel.phoneticUk().getByTestId('play-button').click();
    expect((await audio).status()).toBe(200);
    expect(await spokenOf(page)).toEqual([]);
  });

  test('with a natural en-GB voice, the UK button and reading aloud speak in it, and the server is not asked', async ({
    page,
    learner,
    dict,
    panel,
  }) => {
    await fakeSpeech(page, [
      { name: 'Microsoft George - English (United Kingdom)', lang: 'en-GB', localService: true },
      { name: NATURAL_UK, lang: 'en-GB', localService: false },
    ]);
    const serverAudio: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/get_text_audio')) serverAudio.push(r.url());
    });
    await dict.open();
    await dict.read('Please consider the offer.');
    await dict.word('consider').click();
    await panel.expectLoaded('consider');
    const play = panel.phoneticUk().getByTestId('play-button');
    await play.click();
    await expect.poll(() => spokenOf(page)).toEqual([{ text: 'consider', voice: NATURAL_UK, lang: 'en-GB' }]);
    await expect(play).toHaveAttribute('data-state', 'wait', { timeout: 5000 });
    await page.keyboard.press('Escape');
    await panel.expectClosed();

    // The settings offer the browser's voices of the accent, the natural one first.
    await page.getByTestId('settings-button').click();
    await expect(page.getByTestId('setting-play.speechSource')).toContainText('浏览器自然人声（推荐）');
    const ukVoices = page.getByTestId('setting-play.voiceUk').locator('option');
    await expect(ukVoices).toHaveText(['自动（最自然的）', NATURAL_UK, 'Microsoft George - English (United Kingdom)']);
    // No en-US voice here: nothing to choose for that accent.
    await expect(page.getByTestId('setting-play.voiceUs')).toHaveCount(0);
    await page.keyboard.press('Escape');

    await page.goto('/ShortStoryArticle/the-lost-umbrella');
    await expect(page.getByTestId('article-reader')).toHaveAttribute('data-ready', 'true');
    // The accent is behind the bar's 更多.
    await page.getByTestId('article-more-toggle').click();
    await page.getByTestId('article-voice').selectOption('uk');
    await page.getByTestId('article-more-toggle').click();
    const first = (await sentences(page).nth(0).textContent()) ?? '';
    await page.getByTestId('article-play').click();
    await expect(sentences(page).nth(0)).toHaveAttribute('data-playing', '');
    await expect
      .poll(async () => (await spokenOf(page)).slice(1, 2))
      .toEqual([{ text: first, voice: NATURAL_UK, lang: 'en-GB' }]);
    // The following goes on to the next sentence when the first has been said.
    await expect(sentences(page).nth(1)).toHaveAttribute('data-playing', '', { timeout: 10_000 });
    await page.getByTestId('article-stop').click();
    await expect(page.locator('[data-testid="article-text"] span[data-playing]')).toHaveCount(0);
    expect(serverAudio).toEqual([]);
  });
});
