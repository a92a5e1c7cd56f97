import { describe, expect, it } from 'vitest';
import { lazily, runBetweenEvents, runNow, type Steps } from './steps';

function* counting(to: number, log: string[]): Steps<number> {
  let sum = 0;
  for (let i = 1; i <= to; i++) {
    sum += i;
    log.push(`step ${i}`);
    yield;
  }
  return sum;
}

describe('work in steps', () => {
  it('runs to its end at once', () => {
    const log: string[] = [];
    expect(runNow(counting(4, log))).toBe(10);
    expect(log).toHaveLength(4);
  });

  it('lets the event loop turn between steps', async () => {
    const log: string[] = [];
    setImmediate(() => log.push('event'));
    expect(await runBetweenEvents(counting(3, log))).toBe(6);
    // The event came in between, not before the first step nor after the last.
    expect(log[0]).toBe('step 1');
    expect(log.indexOf('event')).toBeGreaterThan(0);
    expect(log.indexOf('event')).toBeLessThan(log.length - 1);
  });

  it('stops between two steps once its signal is aborted', async () => {
    const log: string[] = [];
    const stop = new AbortController();
    setImmediate(() => stop.abort());
    expect(await runBetweenEvents(counting(1000, log), stop.signal)).toBeUndefined();
    expect(log.length).toBeGreaterThan(0);
    expect(log.length).toBeLessThan(1000);
  });

  it('passes on what a step throws', async () => {
    function* failing(): Steps<void> {
      yield;
      throw new Error('bad model');
    }
    expect(() => runNow(failing())).toThrow('bad model');
    await expect(runBetweenEvents(failing())).rejects.toThrow('bad model');
  });
});

describe('a value made lazily', () => {
  it('is made between events when a call asks whether it is ready, and says when it is missing', async () => {
    let madeAtOnce = 0;
    const value = lazily(
      () => {
        madeAtOnce++;
        return 'now';
      },
      async () => 'soon',
    );
    expect(value.made).toBeUndefined();
    expect(await value.ready()).toBe(true);
    expect(value.made).toBe('soon');
    expect(value.get()).toBe('soon');
    expect(madeAtOnce).toBe(0);
    const missing = lazily<string | null>(
      () => null,
      async () => null,
    );
    expect(await missing.ready()).toBe(false);
  });
});
