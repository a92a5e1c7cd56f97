import { afterEach, describe, expect, it, vi } from 'vitest';
import { warmUpSoon } from './warm-up';

describe('warmUpSoon', () => {
  afterEach(() => vi.useRealTimers());

  it('does the work a moment after the start, and the stop waits for it to end', async () => {
    vi.useFakeTimers();
    let finish = () => {};
    const work = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    const stop = warmUpSoon('test', work, () => {});
    expect(work).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(2_000);
    expect(work).toHaveBeenCalledTimes(1);
    let stopped = false;
    const stopping = stop().then(() => (stopped = true));
    await vi.advanceTimersByTimeAsync(10);
    expect(stopped).toBe(false);
    finish();
    await stopping;
    expect(stopped).toBe(true);
  });

  it('never begins when the server stops first', async () => {
    vi.useFakeTimers();
    const work = vi.fn();
    await warmUpSoon('test', work, () => {})();
    await vi.advanceTimersByTimeAsync(5_000);
    expect(work).not.toHaveBeenCalled();
  });

  it('logs a failure, synchronous or not, instead of throwing it at the stop', async () => {
    vi.useFakeTimers();
    const lines: string[] = [];
    const stop = warmUpSoon(
      'dictionary: reading its data',
      () => {
        throw new Error('no data');
      },
      (line) => lines.push(line),
    );
    await vi.advanceTimersByTimeAsync(2_000);
    await stop();
    expect(lines).toEqual(['dictionary: reading its data failed: Error: no data']);
  });
});
