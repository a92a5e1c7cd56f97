import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { clientModeOf } from '@/lib/contract/client-mode';
import { APP_MODE_SCRIPT, gridColumns } from './client-mode';

/** Runs the root layout's inline script for a user agent; answers whether it marked <html data-app>. */
function marksApp(userAgent: string): boolean {
  const marked = new Map<string, string>();
  runInNewContext(APP_MODE_SCRIPT, {
    navigator: { userAgent },
    document: { documentElement: { setAttribute: (name: string, value: string) => marked.set(name, value) } },
  });
  return marked.get('data-app') === '';
}

describe('client modes', () => {
  it('the inline script marks the page as the app’s exactly when clientModeOf says it is', () => {
    for (const ua of [
      'Mozilla/5.0 (iPhone) Mobile isApp=true',
      'Mozilla/5.0 (X11; Linux x86_64) Chrome/156',
      `${'x'.repeat(490)}isApp=true`,
      `${'x'.repeat(491)}isApp=true`,
      '',
    ]) {
      expect(marksApp(ua), ua.slice(-30)).toBe(clientModeOf(ua).isApp);
    }
    expect(marksApp(`${'x'.repeat(490)}isApp=true`)).toBe(true);
    expect(marksApp(`${'x'.repeat(491)}isApp=true`)).toBe(false);
  });

  it('recognises the embedded app, WeChat, phones and tablets', () => {
    expect(clientModeOf('Mozilla/5.0 (iPhone) Mobile isApp=true')).toMatchObject({ isApp: true, isPhone: true, isTablet: false });
    expect(clientModeOf('Mozilla/5.0 (Linux; Android 13; Pixel) Mobile MicroMessenger/8.0')).toMatchObject({
      isWechat: true,
      isPhone: true,
    });
    expect(clientModeOf('Mozilla/5.0 (iPad; CPU OS 17_0)')).toMatchObject({ isTablet: true, isPhone: false });
    expect(clientModeOf('Mozilla/5.0 (Linux; Android 13; SM-X700)')).toMatchObject({ isTablet: true });
    expect(clientModeOf('Mozilla/5.0 (X11; Linux x86_64) Chrome/156')).toEqual({
      isApp: false,
      isPhone: false,
      isTablet: false,
      isWechat: false,
    });
  });

  it('reads only the first 500 characters of the user agent', () => {
    expect(clientModeOf(`${'x'.repeat(500)}isApp=true`).isApp).toBe(false);
    expect(clientModeOf(`${'x'.repeat(490)}isApp=true`).isApp).toBe(true);
  });
});

describe('grid columns', () => {
  it.each([
    [375, 1],
    [767, 1],
    [768, 2],
    [999, 2],
    [1000, 3],
    [1299, 3],
    [1300, 4],
    [1440, 4],
  ])('%i px → %i columns', (width, columns) => {
    expect(gridColumns(width)).toBe(columns);
  });
});
