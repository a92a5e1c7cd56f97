import type { Locator, Page } from '@playwright/test';
import { tapUntilShown } from './taps';

/** The sentence spans of a reading page's text (bare spans with an id: a book has thousands). */
export const sentences = (page: Page) => page.locator('[data-testid="article-text"] p > span[id]');

/** The first sentence span holding `text`. */
export const sentence = (page: Page, text: string) => sentences(page).filter({ hasText: text }).first();

/**
 * Clicks a word inside a sentence span as a reader does: at the middle of the word's own box
 * (the span is the server's text, the words are not elements of their own).
 */
export async function clickWord(page: Page, span: Locator, word: string) {
  await span.scrollIntoViewIfNeeded();
  const point = await span.evaluate((el, w) => {
    const node = el.firstChild as Text;
    const at = new RegExp(`\\b${w}\\b`).exec(node.data)?.index ?? -1;
    if (at < 0) throw new Error(`no ${w} in ${node.data}`);
    const range = document.createRange();
    range.setStart(node, at);
    range.setEnd(node, at + w.length);
    const box = range.getClientRects()[0];
    return { x: box.left + box.width / 2, y: box.top + box.height / 2 };
  }, word);
  await page.mouse.click(point.x, point.y);
}

/**
 * clickWord until the word panel opens: a tap can be lost (a CI run clicked a sentence further
 * down a phone's page just after closing the panel, and no panel came), and a reader taps again.
 */
export async function openWordIn(page: Page, span: Locator, word: string) {
  await tapUntilShown(page.getByTestId('word-panel'), () => clickWord(page, span, word), {
    visibleMs: 4000,
    totalMs: 30_000,
  });
}
