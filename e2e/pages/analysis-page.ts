import { expect, type Locator, type Page } from '@playwright/test';

/**
 * The sentence analysis screens (/chatSentence, /UseForFreeSent), the analysis panel they show
 * (also inside the chat drawer: pass its root), and the sentence books (/Sentences…).
 */
export class AnalysisPage {
  constructor(readonly page: Page) {}

  input = () => this.page.getByTestId('sentence-input');
  analyseButton = () => this.page.getByTestId('analyse-sentence');
  panel = (within: Page | Locator = this.page) => within.getByTestId('analysis-panel');
  loading = () => this.page.getByTestId('analysis-loading');
  translation = () => this.page.getByTestId('analysis-translation');
  layers = () => this.page.getByTestId('constituent-layer');
  segments = () => this.page.getByTestId('constituent-segment');
  segment = (label: string) => this.page.locator(`[data-testid="constituent-segment"][data-label="${label}"]`);
  grammarPoints = () => this.page.getByTestId('grammar-point');
  explainDrawer = () => this.page.getByTestId('explain-drawer');
  questionsPopover = () => this.page.getByTestId('questions-popover');
  suggestedQuestions = () => this.questionsPopover().getByTestId('suggested-question');
  chat = () => this.page.getByTestId('chat-panel');
  chatInput = () => this.page.getByTestId('chat-input');
  sendButton = () => this.page.getByTestId('chat-send');
  greeting = () => this.page.getByTestId('chat-greeting');
  messages = (sender?: 'user' | 'system') =>
    sender ? this.page.locator(`[data-testid="chat-message"][data-sender="${sender}"]`) : this.page.getByTestId('chat-message');
  newConversation = () => this.page.getByTestId('new-conversation');

  async open(path = '/chatSentence') {
    await this.page.goto(path);
    await expect(this.input()).toBeVisible();
  }

  /** Types a sentence and analyses it, waiting until the panel is filled. */
  async analyse(sentence: string) {
    await this.input().fill(sentence);
    await this.analyseButton().click();
    await this.expectAnalysed();
  }

  async expectAnalysed(within: Page | Locator = this.page) {
    await expect(this.panel(within)).toHaveAttribute('data-mode', 'sentence', { timeout: 20_000 });
    await expect(within.getByTestId('constituent-layer').first()).toBeVisible();
  }

  /** The last reply of the tutor, once it has completed. */
  async lastReply(): Promise<Locator> {
    const reply = this.messages('system').last();
    await expect(reply.getByTestId('chat-reply')).toBeVisible({ timeout: 20_000 });
    await expect(reply).not.toHaveAttribute('data-streaming', 'true', { timeout: 20_000 });
    return reply;
  }
}

/** /Sentences and its variants. */
export class SentenceBookPage {
  constructor(readonly page: Page) {}
  list = () => this.page.getByTestId('sentence-list');
  items = () => this.page.getByTestId('sentence-item');
  item = (sentence: string) =>
    this.items().filter({ has: this.page.getByTestId('sentence-text').getByText(sentence, { exact: true }) });
  loginRequired = () => this.page.getByTestId('login-required');
  async goto(path = '/Sentences') {
    await this.page.goto(path);
  }
}

/**
 * Records what every EventSource of the page receives, before the page loads: the ask_stream
 * messages, as the browser read them.
 */
export async function recordEventStreams(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const seen: { url: string; data: string[] }[] = [];
    (window as unknown as { __streams: typeof seen }).__streams = seen;
    const Original = window.EventSource;
    class Recording extends Original {
      constructor(url: string | URL, init?: EventSourceInit) {
        super(url, init);
        const entry = { url: String(url), data: [] as string[] };
        seen.push(entry);
        this.addEventListener('message', (event) => entry.data.push(String((event as MessageEvent).data)));
      }
    }
    window.EventSource = Recording as typeof EventSource;
  });
}

export async function recordedStreams(page: Page): Promise<{ url: string; data: string[] }[]> {
  return page.evaluate(() => (window as unknown as { __streams: { url: string; data: string[] }[] }).__streams);
}
