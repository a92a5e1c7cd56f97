import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  closeOverlay,
  closeOverlays,
  closedOnRouteChange,
  isOverlayOpen,
  openOverlay,
  overlayStore,
  waitUntilReady,
} from './overlays';

afterEach(() => closeOverlays());

describe('overlay store', () => {
  it('opens and closes overlays by name, with a payload, and tells subscribers', () => {
    const seen: number[] = [];
    const stop = overlayStore.subscribe(() => seen.push(Object.keys(overlayStore.snapshot()).length));
    openOverlay('loginDialog');
    openOverlay('sentenceTranslate', { text: 'We sat on the bank.' });
    expect(overlayStore.snapshot().sentenceTranslate?.payload).toEqual({ text: 'We sat on the bank.' });
    closeOverlay('loginDialog');
    expect(isOverlayOpen('loginDialog')).toBe(false);
    expect(isOverlayOpen('sentenceTranslate')).toBe(true);
    stop();
    expect(seen).toEqual([1, 2, 1]);
  });

  it('a route change closes the translation popup, translate drawer and chat drawer only', () => {
    openOverlay('wordTranslation', { query: { pre_context: '', post_context: '', target_word: 'run' } });
    openOverlay('sentenceTranslate', { text: 'We sat on the bank.' });
    openOverlay('chatDrawer', { sentence: 'We sat on the bank.', from: 'ContextualDict' });
    openOverlay('settings');
    closeOverlays(closedOnRouteChange);
    expect(Object.keys(overlayStore.snapshot())).toEqual(['settings']);
  });

  it('closing what is not open changes nothing', () => {
    const before = overlayStore.snapshot();
    closeOverlay('chatDrawer');
    closeOverlays(['posExplain']);
    expect(overlayStore.snapshot()).toBe(before);
  });
});

describe('waitUntilReady', () => {
  it('polls every 100 ms and gives up after more than 10 tries', async () => {
    vi.useFakeTimers();
    const check = vi.fn(() => false);
    const result = waitUntilReady(check);
    await vi.advanceTimersByTimeAsync(2000);
    await expect(result).resolves.toBe(false);
    expect(check).toHaveBeenCalledTimes(11);
    vi.useRealTimers();
  });

  it('resolves as soon as the check passes', async () => {
    vi.useFakeTimers();
    let ready = false;
    const result = waitUntilReady(() => ready);
    await vi.advanceTimersByTimeAsync(250);
    ready = true;
    await vi.advanceTimersByTimeAsync(100);
    await expect(result).resolves.toBe(true);
    vi.useRealTimers();
  });
});
