import { afterEach, describe, expect, it, vi } from 'vitest';
import { warmingUp, warmUpSoon } from './warm-up';

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

  it('counts as warming up from the schedule until the work ends, fails or is cancelled', async () => {
    vi.useFakeTimers();
    expect(warmingUp()).toBe(false);
    let finish = () => {};
    const stopSlow = warmUpSoon(
      'slow',
      () => new Promise<void>((resolve) => (finish = resolve)),
      () => {},
    );
    const stopFailing = warmUpSoon(
      'failing',
      () => Promise.reject(new Error('no models')),
      () => {},
    );
    const stopCancelled = warmUpSoon(
      'cancelled',
      () => {},
      () => {},
    );
    // Before the work begins, too: the process is not ready the moment it listens.
    expect(warmingUp()).toBe(true);
    await stopCancelled();
    await vi.advanceTimersByTimeAsync(2_000);
    // The failing one is over (and logged); the slow one still reads.
    expect(warmingUp()).toBe(true);
    finish();
    await vi.advanceTimersByTimeAsync(0);
    expect(warmingUp()).toBe(false);
    await stopSlow();
    await stopFailing();
    expect(warmingUp()).toBe(false);
  });
});
